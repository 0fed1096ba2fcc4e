import { cameraName, lensName, nameSlug } from "../content/camera-names.ts";
import type { CameraData } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import type { Translator } from "../i18n/translator.ts";

/** One line of a photograph's camera details, as photographers write it. */
export interface CameraDetail {
  label: string;
  value: string;
  /** The page of every photograph taken with this camera or lens. */
  href?: string;
}

/** A positive finite number, or undefined: cameras write 0 for what they do not know. */
const known = (value: number | null | undefined) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;

/**
 * "1/250 s" for fractions of a second, "0.4 s", "2 s", "30 s" for longer ones (the decimal
 * written as the language writes it: "0,4 s").
 */
export function shutterSpeed({ t }: Translator, seconds: number): string {
  if (seconds >= 0.3) return t("camera.seconds", { seconds: Number(seconds.toFixed(1)) });
  // A fraction is written as cameras show it, in any language: "1/4000".
  return t("camera.seconds", { seconds: `1/${Math.round(1 / seconds)}` });
}

/** "ƒ/5.6", "ƒ/8": one decimal at most, as on a lens ring ("ƒ/5,6" in German). */
export const aperture = ({ number }: Translator, fNumber: number) =>
  `ƒ/${number(Number(fNumber.toFixed(1)))}`;

/** "35 mm", "107 mm", "4.5 mm" ("4,5 mm" in German). */
export const focalLength = ({ t }: Translator, mm: number) =>
  t("camera.millimetres", { mm: Number(mm.toFixed(1)) });

/**
 * The details worth showing beside a photograph, in the order photographers read them;
 * whatever the photograph's data lacks is left out, never shown empty. Location is never
 * among them.
 */
export function cameraDetails(
  i18n: Translator,
  data: CameraData | null | undefined,
): CameraDetail[] {
  const { t } = i18n;
  const exif = data?.exif ?? {};
  // Named as photographers name them (content/camera-names.ts), as their pages are.
  const camera = cameraName(data?.image?.Make, data?.image?.Model);
  const lens = lensName(exif.LensModel);
  const f = known(exif.FNumber);
  const exposure = known(exif.ExposureTime);
  const mm = known(exif.FocalLength);
  const iso = known(exif.ISO);
  const taken = exif.DateTimeOriginal ? i18n.date(exif.DateTimeOriginal) : "";
  const details: (CameraDetail | false | "" | undefined)[] = [
    camera && { label: t("camera.camera"), value: camera, href: paths.camera(nameSlug(camera)) },
    lens && { label: t("camera.lens"), value: lens, href: paths.lens(nameSlug(lens)) },
    mm !== undefined && { label: t("camera.focalLength"), value: focalLength(i18n, mm) },
    f !== undefined && { label: t("camera.aperture"), value: aperture(i18n, f) },
    exposure !== undefined && {
      label: t("camera.shutterSpeed"),
      value: shutterSpeed(i18n, exposure),
    },
    // Written as cameras show it, in any language: "ISO 12800".
    iso !== undefined && {
      label: t("camera.iso"),
      value: t("camera.isoValue", { iso: String(Math.round(iso)) }),
    },
    taken !== "" && { label: t("camera.taken"), value: taken },
  ];
  return details.filter((detail): detail is CameraDetail => Boolean(detail));
}

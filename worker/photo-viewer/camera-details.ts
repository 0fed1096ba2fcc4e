import { cameraName, lensName, nameSlug } from "../content/camera-names.ts";
import type { CameraData } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { formatDate } from "../views/parts/PublishedDate.tsx";

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

/** "1/250 s" for fractions of a second, "0.4 s", "2 s", "30 s" for longer ones. */
export function shutterSpeed(seconds: number): string {
  if (seconds >= 0.3) return `${Number(seconds.toFixed(1))} s`;
  return `1/${Math.round(1 / seconds)} s`;
}

/** "ƒ/5.6", "ƒ/8": one decimal at most, as on a lens ring. */
export const aperture = (fNumber: number) => `ƒ/${Number(fNumber.toFixed(1))}`;

/** "35 mm", "107 mm", "4.5 mm". */
export const focalLength = (mm: number) => `${Number(mm.toFixed(1))} mm`;

/**
 * The details worth showing beside a photograph, in the order photographers read them;
 * whatever the photograph's data lacks is left out, never shown empty. Location is never
 * among them.
 */
export function cameraDetails(data: CameraData | null | undefined): CameraDetail[] {
  const exif = data?.exif ?? {};
  // Named as photographers name them (content/camera-names.ts), as their pages are.
  const camera = cameraName(data?.image?.Make, data?.image?.Model);
  const lens = lensName(exif.LensModel);
  const f = known(exif.FNumber);
  const t = known(exif.ExposureTime);
  const mm = known(exif.FocalLength);
  const iso = known(exif.ISO);
  const taken = exif.DateTimeOriginal ? formatDate(exif.DateTimeOriginal) : "";
  const details: (CameraDetail | false | "" | undefined)[] = [
    camera && { label: "Camera", value: camera, href: paths.camera(nameSlug(camera)) },
    lens && { label: "Lens", value: lens, href: paths.lens(nameSlug(lens)) },
    mm !== undefined && { label: "Focal length", value: focalLength(mm) },
    f !== undefined && { label: "Aperture", value: aperture(f) },
    t !== undefined && { label: "Shutter speed", value: shutterSpeed(t) },
    iso !== undefined && { label: "ISO", value: `ISO ${Math.round(iso)}` },
    taken !== "" && { label: "Taken", value: taken },
  ];
  return details.filter((detail): detail is CameraDetail => Boolean(detail));
}

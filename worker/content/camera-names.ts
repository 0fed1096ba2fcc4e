/**
 * Camera and lens names as photographers say them, from what cameras write into EXIF (`Make`,
 * `Model`, `LensModel`), which is often clumsy: the maker in capitals with its company form
 * ("NIKON CORPORATION"), repeated in the model ("Canon" + "Canon EOS 5D"), trailing spaces and
 * NUL padding. The table of rules is here and nowhere else: the camera details, the camera and
 * lens pages and the sitemap all name cameras through these functions, and the pages' addresses
 * are slugs of these names.
 */

/**
 * Makers as cameras write them (lower case, after trimming), and the name photographers use.
 * A maker not listed keeps its own spelling, with a company form ("… Corporation", "Co., Ltd.")
 * dropped.
 */
const MAKERS: Readonly<Record<string, string>> = {
  "nikon corporation": "Nikon",
  nikon: "Nikon",
  "canon inc.": "Canon",
  canon: "Canon",
  sony: "Sony",
  "sony corporation": "Sony",
  fujifilm: "Fujifilm",
  "fujifilm corporation": "Fujifilm",
  "fuji photo film co., ltd.": "Fujifilm",
  "olympus imaging corp.": "Olympus",
  "olympus corporation": "Olympus",
  "olympus optical co.,ltd": "Olympus",
  "om digital solutions": "OM System",
  "ricoh imaging company, ltd.": "Ricoh",
  ricoh: "Ricoh",
  "pentax corporation": "Pentax",
  pentax: "Pentax",
  "asahi optical co.,ltd": "Pentax",
  panasonic: "Panasonic",
  "leica camera ag": "Leica",
  leica: "Leica",
  "eastman kodak company": "Kodak",
  samsung: "Samsung",
  "samsung techwin": "Samsung",
  huawei: "Huawei",
  hasselblad: "Hasselblad",
  apple: "Apple",
  google: "Google",
  gopro: "GoPro",
  dji: "DJI",
  "minolta co., ltd.": "Minolta",
  "konica minolta camera, inc.": "Konica Minolta",
  sigma: "Sigma",
};

/** Company forms makers append to their name. */
const COMPANY_FORM =
  /[\s,]+(?:corporation|corp\.?|company|co\.?,?\s*ltd\.?|ltd\.?|inc\.?|imaging|ag|gmbh)$/i;

/** What cameras write for a lens they do not know. */
const UNKNOWN_LENS = /^(?:-+|0+(?:\.0+)?\s*mm(?:\s*f\/?0+(?:\.0+)?)?|unknown.*|none)$/i;

/** Trimmed, NUL padding removed, runs of spaces made one. */
export const cleanExifText = (value: string | null | undefined): string =>
  (value ?? "").replace(/\0/g, "").replace(/\s+/g, " ").trim();

/** "NIKON CORPORATION" → "Nikon", "Canon" → "Canon"; undefined when empty. */
export function makerName(make: string | null | undefined): string | undefined {
  let name = cleanExifText(make);
  if (!name) return undefined;
  const known = MAKERS[name.toLowerCase()];
  if (known) return known;
  for (let i = 0; i < 3 && COMPANY_FORM.test(name); i++) name = name.replace(COMPANY_FORM, "");
  return MAKERS[name.toLowerCase()] ?? name;
}

/** The maker's names a model may start with: its EXIF spelling, its first word, its own name. */
function makerPrefixes(rawMake: string, maker: string): string[] {
  const first = rawMake.split(" ")[0] ?? "";
  return [rawMake, first, maker].filter((prefix) => prefix.length > 1);
}

/**
 * The camera as photographers name it: "Canon EOS 5D Mark II", "Nikon D850", "Sony ILCE-7M3".
 * The maker once, in its usual spelling, then the model without the maker repeated; undefined
 * when the photograph names no model.
 */
export function cameraName(
  make: string | null | undefined,
  model: string | null | undefined,
): string | undefined {
  const rawMake = cleanExifText(make);
  let rest = cleanExifText(model);
  const maker = makerName(rawMake);
  if (!rest) return undefined;
  if (!maker) return rest;
  // "Canon Canon EOS 5D", "NIKON D850": strip the maker, however often it was repeated.
  const prefixes = makerPrefixes(rawMake, maker).map((prefix) => prefix.toLowerCase());
  for (let stripped = true; stripped; ) {
    stripped = false;
    for (const prefix of prefixes) {
      const lower = rest.toLowerCase();
      if (lower.startsWith(`${prefix} `) || lower === prefix) {
        rest = rest.slice(prefix.length).trim();
        stripped = true;
      }
    }
  }
  return rest ? `${maker} ${rest}` : maker;
}

/** The lens as written, cleaned; undefined for what cameras write when they do not know it. */
export function lensName(lens: string | null | undefined): string | undefined {
  const name = cleanExifText(lens);
  return name && !UNKNOWN_LENS.test(name) ? name : undefined;
}

/**
 * The address part of a name: "Canon EOS 5D Mark II" → "canon-eos-5d-mark-ii",
 * "XF16-55mmF2.8 R LM WR" → "xf16-55mmf2-8-r-lm-wr", "Still life" → "still-life". Accents are
 * dropped, anything but letters and digits becomes one dash; at most 96 characters. Empty for
 * a name without letters or digits (such a name has no page).
 */
export function nameSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96)
    .replace(/-+$/, "");
}

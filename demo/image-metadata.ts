/**
 * The `metadata` Sanity computes for an image asset: dimensions, the blurred placeholder
 * (`lqip`), transparency, the colour palette, and the camera data and location when asked for.
 * One implementation for the demo dataset's assets (demo/scripts/build-dataset.ts) and for
 * photographs uploaded to the demo content service (demo/server/assets.ts), so both look the
 * same to the site.
 */
import sharp from "sharp";
import type {
  SanityImageMetadata,
  SanityImagePalette,
  SanityImagePaletteSwatch,
} from "../worker/content/sanity.types.ts";
import type { SanityExif } from "./scripts/exif.ts";

/** A file's bytes or its path (sharp reads either; a path is never read whole into memory). */
export type ImageInput = Buffer | string;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

interface Colour extends Rgb {
  h: number;
  s: number;
  l: number;
  population: number;
}

function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) {
    const v = Math.round(l * 255);
    return { r: v, g: v, b: v };
  }
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return {
    r: Math.round(channel(h + 1 / 3) * 255),
    g: Math.round(channel(h) * 255),
    b: Math.round(channel(h - 1 / 3) * 255),
  };
}

const hex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

function relativeLuminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** "#fff" or "#000", whichever has the higher WCAG contrast against the background. */
function contrastText(background: Rgb): "#fff" | "#000" {
  const lum = relativeLuminance(background);
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? "#fff" : "#000";
}

function swatch(colour: Rgb, population: number): SanityImagePaletteSwatch {
  const text = contrastText(colour);
  return {
    _type: "sanity.imagePaletteSwatch",
    background: hex(colour),
    foreground: text,
    title: text,
    population: Math.round(population * 100) / 100,
  };
}

/**
 * Swatch targets as in node-vibrant (which Sanity's palette is modelled on): target lightness and
 * saturation with allowed ranges, scored by closeness and population.
 */
const TARGETS = [
  ["vibrant", 0.5, 0.3, 0.7, 1, 0.35, 1],
  ["lightVibrant", 0.74, 0.55, 1, 1, 0.35, 1],
  ["darkVibrant", 0.26, 0, 0.45, 1, 0.35, 1],
  ["muted", 0.5, 0.3, 0.7, 0.3, 0, 0.4],
  ["lightMuted", 0.74, 0.55, 1, 0.3, 0, 0.4],
  ["darkMuted", 0.26, 0, 0.45, 0.3, 0, 0.4],
] as const;

async function computePalette(file: ImageInput): Promise<SanityImagePalette> {
  const { data, info } = await sharp(file)
    .resize(100, 100, { fit: "inside" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  // Quantise to 3 bits per channel (512 buckets) and average the pixels in each bucket.
  const sums = new Map<number, [number, number, number, number]>();
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    const bucket = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    const sum = sums.get(bucket) ?? [0, 0, 0, 0];
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
    sum[3] += 1;
    sums.set(bucket, sum);
  }
  const colours: Colour[] = [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, [r, g, b, n]]) => {
      const rgb = { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) };
      return { ...rgb, ...toHsl(rgb), population: (n / pixels) * 100 };
    })
    .filter((c) => c.population >= 0.2);
  const first = colours[0];
  if (!first) throw new Error("Image has no pixels");

  const dominant = colours.reduce((best, c) => (c.population > best.population ? c : best), first);
  const maxPopulation = dominant.population;
  const score = (c: Colour, luma: number, sat: number) =>
    (3 * (1 - Math.abs(c.s - sat)) +
      6.5 * (1 - Math.abs(c.l - luma)) +
      0.5 * (c.population / maxPopulation)) /
    10;

  const palette: SanityImagePalette = {
    _type: "sanity.imagePalette",
    dominant: swatch(dominant, dominant.population),
  };
  const used = new Set<Colour>();
  for (const [name, luma, minLuma, maxLuma, sat, minSat, maxSat] of TARGETS) {
    let best: Colour | undefined;
    for (const c of colours) {
      if (used.has(c) || c.l < minLuma || c.l > maxLuma || c.s < minSat || c.s > maxSat) continue;
      if (!best || score(c, luma, sat) > score(best, luma, sat)) best = c;
    }
    if (best) {
      used.add(best);
      palette[name] = swatch(best, best.population);
    } else {
      // Nothing in range: derive the swatch from the closest colour, moved into the range (as
      // node-vibrant does for missing swatches).
      const closest = colours.reduce((a, c) => (score(c, luma, sat) > score(a, luma, sat) ? c : a));
      const s = Math.min(maxSat, Math.max(minSat, closest.s));
      palette[name] = swatch(fromHsl(closest.h, s, luma), 0);
    }
  }
  return palette;
}

async function lqip(file: ImageInput): Promise<string> {
  const tiny = await sharp(file).resize(20).jpeg({ quality: 60 }).toBuffer();
  return `data:image/jpeg;base64,${tiny.toString("base64")}`;
}

/** Sanity's `geopoint` of `metadata.location`. */
export interface Geopoint {
  _type: "geopoint";
  lat: number;
  lng: number;
  alt?: number;
}

export interface MetadataOptions {
  /** Sanity's `lqip` and `palette` (its upload API computes both unless told otherwise). */
  lqip: boolean;
  palette: boolean;
  /** `metadata.image` and `metadata.exif`, already read (from this file or its original). */
  camera?: SanityExif;
  /** Only when the uploader asked for `location` and the file has one. */
  location?: Geopoint;
}

/**
 * Sanity's `metadata` of an image asset with the camera data: Sanity stores EXIF in
 * `metadata.image` and `metadata.exif` when asked to, but TypeGen's `SanityImageMetadata` (from
 * the extracted schema's built-in type) lists neither.
 */
export type ImageMetadata = SanityImageMetadata & SanityExif;

/**
 * The asset's `metadata` object, keys in the order Sanity writes them. Dimensions are the
 * stored pixels' (before any EXIF orientation), as in the asset's id.
 */
export async function imageMetadata(
  file: ImageInput,
  options: MetadataOptions,
): Promise<ImageMetadata> {
  const meta = await sharp(file).metadata();
  const { width, height } = meta;
  const hasAlpha = meta.hasAlpha;
  const isOpaque = !hasAlpha || (await sharp(file).stats()).isOpaque;
  return {
    _type: "sanity.imageMetadata",
    dimensions: { _type: "sanity.imageDimensions", width, height, aspectRatio: width / height },
    ...(options.lqip ? { lqip: await lqip(file) } : {}),
    hasAlpha,
    isOpaque,
    ...(options.palette ? { palette: await computePalette(file) } : {}),
    ...options.camera,
    ...(options.location ? { location: options.location } : {}),
  };
}

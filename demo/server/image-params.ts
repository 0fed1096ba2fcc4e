// Parses cdn.sanity.io image URL parameters (the ones @sanity/image-url emits)
// into a validated, normalised description of the transformation. Pure: no I/O.

export type OutputFormat = "jpg" | "pjpg" | "png" | "webp" | "avif";
export type Fit = "clip" | "crop" | "fill" | "fillmax" | "max" | "min" | "scale";
export type Rect = { left: number; top: number; width: number; height: number };

export interface ImageParams {
  /** Requested size in CSS pixels (before `dpr`). */
  w?: number;
  h?: number;
  fit: Fit;
  /** Explicit quality 1–100; undefined means the default (75) and allows passthrough. */
  q?: number;
  fm?: OutputFormat;
  autoFormat: boolean;
  dpr: number;
  blur?: number;
  rect?: Rect;
  /** Background for `fill` and for flattening alpha into JPEG, as sharp colour. */
  bg?: { r: number; g: number; b: number; alpha: number };
  flip?: "h" | "v" | "hv";
  orientation?: 90 | 180 | 270;
  /** `crop` modes: top, bottom, left, right, center, focalpoint, entropy. */
  crop: string[];
  focalPoint?: { x: number; y: number };
}

/** Output dimensions are clamped to this, whatever w, h and dpr ask for. */
export const MAX_DIMENSION = 4000;
export const DEFAULT_QUALITY = 75;

const FITS = new Set<string>(["clip", "crop", "fill", "fillmax", "max", "min", "scale"]);
const FORMATS: Record<string, OutputFormat> = {
  jpg: "jpg",
  jpeg: "jpg",
  pjpg: "pjpg",
  png: "png",
  webp: "webp",
  avif: "avif",
};
const CROPS = new Set(["top", "bottom", "left", "right", "center", "focalpoint", "entropy"]);
const NUMBER = /^\d{1,6}(\.\d{1,6})?$/;
const SIGNED = /^-?\d{1,6}(\.\d{1,6})?$/;

/** Throws an Error with a user-facing message for any invalid value. */
export function parseImageParams(search: URLSearchParams): ImageParams {
  const get = (name: string) => search.get(name) ?? undefined;
  const fitValue = get("fit") ?? "clip";
  if (!FITS.has(fitValue)) throw new Error(`Invalid fit "${fitValue}"`);
  const fmValue = get("fm");
  const fm = fmValue === undefined ? undefined : FORMATS[fmValue];
  if (fmValue !== undefined && !fm) throw new Error(`Invalid fm "${fmValue}"`);

  const params: ImageParams = {
    fit: fitValue as Fit,
    autoFormat: (get("auto") ?? "").split(",").includes("format"),
    dpr: 1,
    crop: [],
  };
  if (fm) params.fm = fm;

  const w = get("w");
  if (w !== undefined) params.w = dimension("w", w);
  const h = get("h");
  if (h !== undefined) params.h = dimension("h", h);
  const q = get("q");
  if (q !== undefined) params.q = Math.min(100, Math.max(1, Math.round(number("q", q))));
  const dpr = get("dpr");
  if (dpr !== undefined) params.dpr = Math.min(3, Math.max(1, number("dpr", dpr)));
  const blur = get("blur");
  if (blur !== undefined) {
    const value = Math.min(2000, number("blur", blur));
    if (value > 0) params.blur = value;
  }
  const rect = get("rect");
  if (rect !== undefined) params.rect = parseRect(rect);
  const bg = get("bg");
  if (bg !== undefined) params.bg = parseColour(bg);
  const flip = get("flip");
  if (flip !== undefined) {
    if (flip !== "h" && flip !== "v" && flip !== "hv") throw new Error(`Invalid flip "${flip}"`);
    params.flip = flip;
  }
  const orientation = get("or");
  if (orientation !== undefined && orientation !== "0") {
    if (orientation !== "90" && orientation !== "180" && orientation !== "270") {
      throw new Error(`Invalid or "${orientation}"`);
    }
    params.orientation = Number(orientation) as 90 | 180 | 270;
  }
  const crop = get("crop");
  if (crop !== undefined) {
    params.crop = crop.split(",").filter((mode) => mode !== "");
    for (const mode of params.crop) {
      if (!CROPS.has(mode)) throw new Error(`Invalid crop "${mode}"`);
    }
  }
  const fpX = get("fp-x");
  const fpY = get("fp-y");
  if (fpX !== undefined || fpY !== undefined) {
    params.focalPoint = {
      x: Math.min(1, number("fp-x", fpX ?? "0.5")),
      y: Math.min(1, number("fp-y", fpY ?? "0.5")),
    };
  }
  return params;
}

/**
 * A stable string for everything that affects the output, for cache keys.
 * Parameters that do not change the output (unknown ones, their order) are left out.
 */
export function paramsKey(params: ImageParams, format: OutputFormat): string {
  return JSON.stringify([
    format,
    params.w,
    params.h,
    params.fit,
    params.q,
    params.dpr,
    params.blur,
    params.rect,
    params.bg,
    params.flip,
    params.orientation,
    params.crop,
    params.focalPoint,
  ]);
}

function number(name: string, value: string): number {
  if (!NUMBER.test(value)) throw new Error(`Invalid ${name} "${value}": expected a number`);
  return Number(value);
}

function dimension(name: string, value: string): number {
  const size = Math.round(number(name, value));
  if (size < 1) throw new Error(`Invalid ${name} "${value}": must be at least 1`);
  return Math.min(MAX_DIMENSION, size);
}

/** left,top,width,height in pixels of the original; fractions are rounded, as Sanity does. */
function parseRect(value: string): Rect {
  const parts = value.split(",");
  if (parts.length !== 4 || !parts.every((part) => SIGNED.test(part))) {
    throw new Error(`Invalid rect "${value}": expected left,top,width,height`);
  }
  const [left = 0, top = 0, width = 0, height = 0] = parts.map((part) => Math.round(Number(part)));
  if (width < 1 || height < 1) throw new Error(`Invalid rect "${value}": empty area`);
  return { left, top, width, height };
}

/**
 * The part of `rect` inside an image of `width` × `height`, as Sanity's CDN clamps a rect that
 * reaches past the edges (a viewer asking for the region on screen plus a margin relies on
 * it); undefined when nothing of it is inside.
 */
export function clampRect(rect: Rect, width: number, height: number): Rect | undefined {
  const left = Math.max(0, rect.left);
  const top = Math.max(0, rect.top);
  const right = Math.min(width, rect.left + rect.width);
  const bottom = Math.min(height, rect.top + rect.height);
  return right > left && bottom > top
    ? { left, top, width: right - left, height: bottom - top }
    : undefined;
}

/** Hex colour as imgix/Sanity accept it: RGB, ARGB, RRGGBB or AARRGGBB. */
function parseColour(value: string): { r: number; g: number; b: number; alpha: number } {
  const hex = value.replace(/^#/, "");
  if (!/^([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(hex)) {
    throw new Error(`Invalid bg "${value}"`);
  }
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join("") : hex;
  const argb = full.length === 8 ? full : `ff${full}`;
  const byte = (i: number) => Number.parseInt(argb.slice(i, i + 2), 16);
  return { alpha: byte(0) / 255, r: byte(2), g: byte(4), b: byte(6) };
}

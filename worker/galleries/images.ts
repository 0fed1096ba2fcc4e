/**
 * A gallery's photographs in the sizes its grid and viewer show, made from the original in R2
 * with the Images binding and kept in the Cache API. The cache key lives on a host nobody can
 * ask for (`gallery-images.invalid`) and is looked up only after the access check, so a size
 * made for one client is served to nobody who has not passed it too. Every size is private:
 * a browser may keep it, no shared cache may.
 */

import type { Context } from "hono";
import { cachedOrMade } from "../lib/cache-api.ts";
import { type Region, regionOf } from "../lib/images.ts";
import type { AppEnv } from "../request/app-env.ts";
import { PRIVATE_HEADERS } from "./access.ts";
import type { GalleryPhoto } from "./gallery-store.ts";
import { type MarkedFile, markedKey, photoKey } from "./ids.ts";
import type { Downloads, Stage } from "./settings.ts";

/**
 * The widths the grid and the viewer ask for: phones to 2× screens, and the 2048 download.
 * 640 is a phone's thumbnail (a landscape one drawn about 300 px wide at 1.75×), so a phone
 * never takes the 960 where it shows 525 pixels.
 */
export const SIZES = [480, 640, 960, 1600, 2048] as const;

/**
 * The grid's sizes (GalleryView.tsx), thumbnails about 14rem high (10rem on a phone), 1× to 2×:
 * what a grid pass lets through without the store.
 */
export const GRID_SIZES: readonly number[] = [480, 640, 960];
export type Size = (typeof SIZES)[number];

export const isSize = (value: number): value is Size =>
  (SIZES as readonly number[]).includes(value);

export type SizeFormat = "webp" | "jpg";

/** The largest size the viewer shows: what any client of any gallery may have whole. */
export const VIEW_SIZE = 1600;

/**
 * The most pixels across (and down) a whole photograph may be handed out at, under the owner's
 * download setting: the original's own with originals allowed, 2048 with the web size, the
 * viewer's largest size with downloads off. No address gives more (item 6 of issue 36): the
 * 2048 size and the original are refused past it, and the viewer's zoom beyond it asks for
 * regions (`region`), each no larger than it.
 */
export function largestWhole(downloads: Downloads): number {
  if (downloads === "original") return Number.POSITIVE_INFINITY;
  return downloads === "2048" ? 2048 : VIEW_SIZE;
}

/** Whether a size (a box `width` across and down) may be handed out whole under `downloads`. */
export const sizeAllowed = (downloads: Downloads, width: Size): boolean =>
  width <= largestWhole(downloads);

/** How many pixels across a photograph is at a size: it fits the size's box, never enlarged. */
const widthAt = (photo: Pick<GalleryPhoto, "width" | "height">, size: number) =>
  Math.min(photo.width, Math.round((size * photo.width) / Math.max(photo.width, photo.height)));

/**
 * The `srcset` of a photograph's `sizes` at the addresses `path` gives, each by the width it
 * has, leaving out those past what the photograph has the pixels for (the first always stays).
 */
export const srcSetOf = <S extends number>(
  photo: Pick<GalleryPhoto, "width" | "height">,
  sizes: readonly S[],
  path: (size: S) => string,
): string =>
  sizes
    .filter((size, i) => i === 0 || size <= Math.max(photo.width, photo.height) * 1.2)
    .map((size) => `${path(size)} ${widthAt(photo, size)}w`)
    .join(", ");

const FORMATS = { webp: "image/webp", jpg: "image/jpeg" } as const;

/** A browser keeps a size for a day: the address changes with nothing but the photograph. */
const PRIVATE_FOR_A_DAY = { ...PRIVATE_HEADERS, "Cache-Control": "private, max-age=86400" };

/**
 * A clean size's key in the Cache API: it names the stage it may be served in (delivered), so a
 * clean copy made before a gallery went back to proofing is never looked up while it proofs
 * (proofs come from the bucket, never from this cache).
 */
const cacheKey = (gallery: string, photo: string, width: number, format: SizeFormat) =>
  new Request(
    // The box it fits: sizes once made as wide as `width` alone (a portrait taller) are not it.
    `https://gallery-images.invalid/${gallery}/delivered/${photo}/${width}x${width}.${format}`,
  );

/** The original's bytes (or `range` of them) from the bucket, or undefined when the upload is missing. */
export async function original(
  env: Env,
  gallery: string,
  photo: Pick<GalleryPhoto, "id">,
  range?: { offset: number; length: number },
): Promise<R2ObjectBody | undefined> {
  return (
    (await env.GALLERY_PHOTOS.get(photoKey(gallery, photo.id), range ? { range } : undefined)) ??
    undefined
  );
}

/** A watermarked file of the photograph from the bucket (made at upload), or undefined. */
export async function marked(
  c: Context<AppEnv>,
  gallery: string,
  photo: Pick<GalleryPhoto, "id">,
  file: MarkedFile,
): Promise<R2ObjectBody | undefined> {
  return (await c.env.GALLERY_PHOTOS.get(markedKey(gallery, photo.id, file))) ?? undefined;
}

/**
 * The watermarked file a size's address names: WebP at every width, JPEG at 2048 (the proofs'
 * download); no other JPEG was made, so none is answered (a WebP under a `.jpg` name is not one).
 */
export const markedSize = (width: Size, format: SizeFormat): MarkedFile | undefined =>
  format === "webp" ? (`${width}.webp` as MarkedFile) : width === 2048 ? "2048.jpg" : undefined;

/**
 * A size of the photograph as the gallery's stage shows it: while proofing, the watermarked
 * file the upload command made (never a clean byte: a missing one is missing); once delivered,
 * the clean size (`sized`).
 */
export async function stagedSize(
  c: Context<AppEnv>,
  gallery: string,
  photo: Pick<GalleryPhoto, "id">,
  width: Size,
  format: SizeFormat,
  stage: Stage,
): Promise<Response | undefined> {
  if (stage === "delivered") return sized(c, gallery, photo, width, format);
  const name = markedSize(width, format);
  const file = name && (await marked(c, gallery, photo, name));
  if (!file) return undefined;
  return new Response(file.body, {
    headers: {
      "Content-Type": file.httpMetadata?.contentType ?? "image/webp",
      "Content-Length": String(file.size),
      ...PRIVATE_FOR_A_DAY,
    },
  });
}

/**
 * The original through the Images binding (`transforms` in turn), as the Cache API keeps it: for
 * a month, looked up only behind the access check. Undefined when the upload is missing.
 */
async function transformed(
  c: Context<AppEnv>,
  gallery: string,
  photo: Pick<GalleryPhoto, "id">,
  transforms: ImageTransform[],
  format: (typeof FORMATS)[SizeFormat],
): Promise<Response | undefined> {
  const source = await original(c.env, gallery, photo);
  if (!source) return undefined;
  let image = c.env.IMAGES.input(source.body);
  for (const transform of transforms) image = image.transform(transform);
  const made = await image.output({ format, quality: 82 });
  const bytes = await made.response().arrayBuffer();
  return new Response(bytes, {
    headers: { "Content-Type": made.contentType(), "Cache-Control": "public, max-age=2592000" },
  });
}

/** One client's answer of what the Cache API keeps: its status and type, and `headers` for the rest. */
function privately(res: Response, headers: Record<string, string>): Response {
  const type = res.headers.get("Content-Type");
  return new Response(res.body, {
    status: res.status,
    headers: { ...(type ? { "Content-Type": type } : {}), ...headers },
  });
}

/**
 * The photograph fitting a box `width` pixels across and down (never enlarged), as `format`:
 * from the Cache API when made before, else made now from the original and kept. A box, not a
 * width, as photographers mean the 2048 download (the long edge) and as the owner's setting is
 * the most pixels across and down (`largestWhole`): a portrait's 1600 is 1600 tall.
 */
export async function sized(
  c: Context<AppEnv>,
  gallery: string,
  photo: Pick<GalleryPhoto, "id">,
  width: Size,
  format: SizeFormat,
): Promise<Response | undefined> {
  const fit = { width, height: width, fit: "scale-down" as const };
  const { res } = await cachedOrMade(
    c.executionCtx,
    cacheKey(gallery, photo.id, width, format),
    () => transformed(c, gallery, photo, [fit], FORMATS[format]),
  );
  return res && privately(res, PRIVATE_FOR_A_DAY);
}

/** The original, as the viewer's zoom to the photograph's own pixels asks for it. */
export async function originalResponse(
  c: Context<AppEnv>,
  gallery: string,
  photo: GalleryPhoto,
): Promise<Response | undefined> {
  const source = await original(c.env, gallery, photo);
  if (!source) return undefined;
  return new Response(source.body, {
    headers: {
      "Content-Type": photo.type,
      "Content-Length": String(source.size),
      ...PRIVATE_FOR_A_DAY,
    },
  });
}

/**
 * A region of the photograph for the viewer's zoom (lib/image-regions.ts), kept in the Cache API
 * as the sizes are. Only once delivered: a proof has no region (index.ts refuses it), since a
 * region away from the mark would be a clean piece of the photograph.
 */
export async function region(
  c: Context<AppEnv>,
  gallery: string,
  photo: GalleryPhoto,
  r: Region,
): Promise<Response | undefined> {
  const key = new Request(
    `https://gallery-images.invalid/${gallery}/delivered/${photo.id}/region/${r.left},${r.top},${r.width},${r.height}/${r.out}.webp`,
  );
  const { res } = await cachedOrMade(c.executionCtx, key, async () => {
    const source = await original(c.env, gallery, photo);
    if (!source) return undefined;
    const cut = await regionOf(c.env.IMAGES, source.body, r, c.var.config);
    if (cut.ok) cut.headers.set("Cache-Control", "public, max-age=2592000");
    return cut;
  });
  return res && privately(res, PRIVATE_HEADERS);
}

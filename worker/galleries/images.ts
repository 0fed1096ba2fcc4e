/**
 * A gallery's photographs in the sizes its grid and viewer show, made from the original in R2
 * with the Images binding and kept in the Cache API. The cache key lives on a host nobody can
 * ask for (`gallery-images.invalid`) and is looked up only after the access check, so a size
 * made for one client is served to nobody who has not passed it too. Every size is private:
 * a browser may keep it, no shared cache may.
 */

import type { Context } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { PRIVATE_HEADERS } from "./access.ts";
import type { GalleryPhoto } from "./gallery-store.ts";
import { photoKey } from "./ids.ts";

/**
 * The widths the grid and the viewer ask for: phones to 2× screens, and the 2048 download.
 * 640 is a phone's thumbnail (a landscape one drawn about 300 px wide at 1.75×), so a phone
 * never takes the 960 where it shows 525 pixels.
 */
export const SIZES = [480, 640, 960, 1600, 2048] as const;
export type Size = (typeof SIZES)[number];

export const isSize = (value: number): value is Size =>
  (SIZES as readonly number[]).includes(value);

export type SizeFormat = "webp" | "jpg";

const FORMATS = { webp: "image/webp", jpg: "image/jpeg" } as const;

/** A browser keeps a size for a day: the address changes with nothing but the photograph. */
const PRIVATE_FOR_A_DAY = { ...PRIVATE_HEADERS, "Cache-Control": "private, max-age=86400" };

const cacheKey = (gallery: string, photo: string, width: number, format: SizeFormat) =>
  new Request(`https://gallery-images.invalid/${gallery}/${photo}/${width}.${format}`);

/** The original's bytes from the bucket, or undefined when the upload is missing. */
export async function original(
  env: Env,
  gallery: string,
  photo: GalleryPhoto,
): Promise<R2ObjectBody | undefined> {
  return (await env.GALLERY_PHOTOS.get(photoKey(gallery, photo.id))) ?? undefined;
}

/**
 * The photograph `width` pixels wide (never wider than the original), as `format`: from the
 * Cache API when made before, else made now from the original and kept. The 2048 size is the
 * download's, which photographers mean as the long edge: its width and height both fit 2048.
 */
export async function sized(
  c: Context<AppEnv>,
  gallery: string,
  photo: GalleryPhoto,
  width: Size,
  format: SizeFormat,
): Promise<Response | undefined> {
  const key = cacheKey(gallery, photo.id, width, format);
  const cache = caches.default;
  const hit = await cache.match(key);
  if (hit) return new Response(hit.body, { headers: { ...headersOf(hit), ...PRIVATE_FOR_A_DAY } });
  const source = await original(c.env, gallery, photo);
  if (!source) return undefined;
  const made = await c.env.IMAGES.input(source.body)
    .transform(
      width === 2048
        ? { width: 2048, height: 2048, fit: "scale-down" }
        : { width: Math.min(width, photo.width), fit: "scale-down" },
    )
    .output({ format: FORMATS[format], quality: 82 });
  const bytes = await made.response().arrayBuffer();
  const type = made.contentType();
  // Kept for a month; what is kept is looked up only behind the access check.
  c.executionCtx.waitUntil(
    cache.put(
      key,
      new Response(bytes, {
        headers: { "Content-Type": type, "Cache-Control": "public, max-age=2592000" },
      }),
    ),
  );
  return new Response(bytes, { headers: { "Content-Type": type, ...PRIVATE_FOR_A_DAY } });
}

const headersOf = (response: Response): Record<string, string> => {
  const type = response.headers.get("Content-Type");
  return type ? { "Content-Type": type } : {};
};

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

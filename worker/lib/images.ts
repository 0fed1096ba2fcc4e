/**
 * What the site makes of originals in R2 with the Images binding: regions for the viewer's zoom
 * past the largest whole size a visitor may have (client galleries' originals, public
 * photographs' private originals), asked as the viewer asks
 * (`?rect=left,top,width,height&w=out`, client/photo-viewer/geometry.ts) and each held to a cap
 * on its longer side; and the files an order delivers, in the owner's crop.
 */
import { errorText, log } from "./log.ts";

/** A region of the photograph (in its original's pixels) and the width to make it at. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
  out: number;
}

/**
 * The region `rect` and `out` ask for, or undefined when it is not one inside `bounds`
 * (left, top, width, height of what may be shown: the whole original, or the owner's crop of
 * it). It is made no more than `cap` pixels across and down (and never more than the region's
 * own pixels), however it is asked for.
 */
export function parseRegion(
  rect: string | undefined,
  out: string | undefined,
  bounds: readonly [number, number, number, number],
  cap: number,
): Region | undefined {
  const parts = (rect ?? "").split(",");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,6}(?:\.\d+)?$/.test(part))) {
    return undefined;
  }
  const [left, top, width, height] = parts.map((part) => Math.round(Number(part))) as [
    number,
    number,
    number,
    number,
  ];
  const asked = out === undefined ? width : Number(out);
  if (!Number.isInteger(asked) || asked < 1) return undefined;
  const [x, y, w, h] = bounds;
  if (width < 1 || height < 1 || left < x || top < y) return undefined;
  if (left + width > x + w || top + height > y + h) return undefined;
  // Its longer side no more than `cap` pixels, and never more than the region holds.
  const scale = Math.min(1, asked / width, cap / width, cap / height);
  const made = Math.max(1, Math.floor(width * scale));
  return { left, top, width, height, out: made };
}

/** What is made of an image: a part of it (`trim`, in its pixels), scaled down to fit. */
export interface Cut {
  trim?: { left: number; top: number; width: number; height: number } | undefined;
  /** The most pixels across and down: scaled down to fit, never up. */
  width?: number;
  height?: number;
  format: "image/webp" | "image/jpeg";
  quality: number;
}

/**
 * `cut` made of `source` by the Images binding. Under wrangler the binding (miniflare's
 * runTransform) applies resize and rotate only and silently skips `trim`, which would hand out
 * the whole image for a part: there the demo content service's stand-in (`standIn`,
 * Config.imageStandIn; docs/demo.md) cuts it with sharp as Cloudflare does, and without one
 * (a developer's machine on a real Sanity project) a part is answered `501` rather than the whole.
 */
export async function cutImage(
  images: ImagesBinding,
  source: ReadableStream,
  cut: Cut,
  { development, standIn }: { development: boolean; standIn: string | undefined },
): Promise<Response> {
  const { width, height, format, quality } = cut;
  const trim = cut.trim && {
    left: cut.trim.left,
    top: cut.trim.top,
    width: cut.trim.width,
    height: cut.trim.height,
  };
  if (standIn) {
    const url = new URL(standIn);
    if (trim) url.searchParams.set("trim", `${trim.left},${trim.top},${trim.width},${trim.height}`);
    if (width) url.searchParams.set("width", String(width));
    if (height) url.searchParams.set("height", String(height));
    url.searchParams.set("format", format);
    url.searchParams.set("quality", String(quality));
    const made = await fetch(url, { method: "POST", body: source });
    return new Response(made.body, {
      status: made.status,
      headers: { "Content-Type": made.headers.get("Content-Type") ?? "application/octet-stream" },
    });
  }
  if (trim && development) {
    await source.cancel();
    return new Response(
      "501 Not Implemented: the local Images binding does not cut a part of an image (trim)\n",
      { status: 501, headers: { "Content-Type": "text/plain; charset=UTF-8" } },
    );
  }
  try {
    let image = images.input(source);
    if (trim) image = image.transform({ trim });
    if (width || height) image = image.transform({ width, height, fit: "scale-down" });
    const made = await image.output({ format, quality });
    return new Response(await made.response().arrayBuffer(), {
      headers: { "Content-Type": made.contentType() },
    });
  } catch (error) {
    // An original past what the binding takes (its pixels, its size) or the service failing:
    // the caller's 502, not a 500 from an exception.
    log.error("The Images binding could not make an image", { error: errorText(error) });
    return new Response("502 Bad Gateway\n", {
      status: 502,
      headers: { "Content-Type": "text/plain; charset=UTF-8" },
    });
  }
}

/** A region for the viewer's zoom (`parseRegion`), as WebP. */
export const regionOf = (
  images: ImagesBinding,
  original: ReadableStream,
  r: Region,
  config: { development: boolean; imageStandIn: string | undefined },
) =>
  cutImage(
    images,
    original,
    { trim: r, width: r.out, format: "image/webp", quality: 82 },
    { development: config.development, standIn: config.imageStandIn },
  );

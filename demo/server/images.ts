// An image CDN shaped like cdn.sanity.io, so @sanity/image-url URLs built with
// baseUrl = this service work unchanged:
//   GET|HEAD /images/{projectId}/{dataset}/{assetHash}-{w}x{h}.{ext}[/{vanityName}]?w=&h=&fit=&...
// Originals come from the demo's folder or the uploads of this run; transformed outputs are kept
// in a byte-bounded LRU.
import { createHash } from "node:crypto";
import { readFile, realpath, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { LRUCache } from "lru-cache";
import sharp, { type Sharp } from "sharp";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from "./asset-limits.ts";
import { gatewayError, readBody } from "./http.ts";
import {
  clampRect,
  DEFAULT_QUALITY,
  type ImageParams,
  MAX_DIMENSION,
  type OutputFormat,
  paramsKey,
  parseImageParams,
} from "./image-params.ts";

export interface Rendered {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface ImageContext {
  projectId: string;
  dataset: string;
  /** The demo's photographs, then the uploads of this run: looked up in this order. */
  imagesDirs: readonly string[];
  stats: { images: number };
  cache: LRUCache<string, Rendered>;
  /** Renders in progress, so concurrent identical requests share one sharp job. */
  inflight: Map<string, Promise<Rendered>>;
}

// Only content-addressed names as Sanity produces them: no dots, slashes or
// escapes can get through, which is the first line of defence against traversal.
const FILENAME = /^[a-f0-9]{40}-[1-9]\d{0,4}x[1-9]\d{0,4}\.(jpg|png|webp)$/;
const VANITY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const CONTENT_TYPES: Record<OutputFormat, string> = {
  jpg: "image/jpeg",
  pjpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
};

export async function handleImage(
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  search: URLSearchParams,
  ctx: ImageContext,
): Promise<void> {
  const method = req.method ?? "GET";
  if (method === "OPTIONS") {
    res.writeHead(204, {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-max-age": "600",
    });
    res.end();
    return;
  }
  if (method !== "GET" && method !== "HEAD") {
    throw gatewayError(405, `Method ${method} not allowed`, { allow: "GET, HEAD, OPTIONS" });
  }

  // rawPath is still percent-encoded; legitimate paths never need encoding, so
  // anything encoded (%2e%2e, %00, %2f) simply fails the patterns below.
  const segments = rawPath.split("/");
  const [, , projectId = "", dataset = "", filename = "", vanity] = segments;
  if (segments.length < 5 || segments.length > 6 || !FILENAME.test(filename)) {
    throw gatewayError(400, "Invalid image path");
  }
  if (vanity !== undefined && !VANITY.test(vanity)) throw gatewayError(400, "Invalid image path");
  if (projectId !== ctx.projectId || dataset !== ctx.dataset) {
    throw gatewayError(404, "Image not found");
  }

  let params: ImageParams;
  try {
    params = parseImageParams(search);
  } catch (error) {
    throw gatewayError(400, (error as Error).message);
  }

  let file: Awaited<ReturnType<typeof resolveInside>> = null;
  for (const dir of ctx.imagesDirs) {
    file = await resolveInside(dir, filename);
    if (file) break;
  }
  if (!file) throw gatewayError(404, "Image not found");
  const sourceFormat = path.extname(filename).slice(1) as OutputFormat;
  const format = chooseFormat(params, sourceFormat, req.headers.accept ?? "");
  // Names are content hashes, but size and mtime guard against a regenerated folder.
  const key = `${filename}|${file.size}|${file.mtimeMs}|${paramsKey(params, format)}`;

  let rendered = ctx.cache.get(key);
  if (!rendered) {
    let pending = ctx.inflight.get(key);
    if (!pending) {
      pending = render(file.path, sourceFormat, params, format).then((result) => {
        ctx.cache.set(key, result, { size: result.body.length + key.length });
        return result;
      });
      const cleanup = () => ctx.inflight.delete(key);
      pending.then(cleanup, cleanup);
      ctx.inflight.set(key, pending);
    }
    rendered = await pending;
  }

  ctx.stats.images++;
  const headers: Record<string, string> = {
    "content-type": rendered.contentType,
    "cache-control": "public, max-age=31536000, immutable",
    etag: rendered.etag,
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  };
  if (params.autoFormat) headers.vary = "Accept";
  if (etagMatches(req.headers["if-none-match"], rendered.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers["content-length"] = String(rendered.body.length);
  res.writeHead(200, headers);
  res.end(method === "HEAD" ? undefined : rendered.body);
}

/**
 * Resolves `filename` inside `dir`, following symlinks, and returns it only if the
 * real file is a regular file that is still inside the real folder.
 */
export async function resolveInside(
  dir: string,
  filename: string,
): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  try {
    const root = await realpath(dir);
    const real = await realpath(path.join(root, filename));
    const relative = path.relative(root, real);
    if (relative === "" || relative.split(path.sep)[0] === ".." || path.isAbsolute(relative)) {
      return null;
    }
    const info = await stat(real);
    return info.isFile() ? { path: real, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null; // missing file or folder
  }
}

/** fm wins; auto=format picks the best the browser accepts; otherwise keep the source format. */
export function chooseFormat(
  params: ImageParams,
  source: OutputFormat,
  accept: string,
): OutputFormat {
  if (params.fm) return params.fm;
  if (params.autoFormat) {
    if (accepts(accept, "image/avif")) return "avif";
    if (accepts(accept, "image/webp")) return "webp";
  }
  return source;
}

function accepts(accept: string, type: string): boolean {
  return accept.split(",").some((part) => {
    const [name = "", ...attributes] = part.split(";").map((s) => s.trim().toLowerCase());
    return name === type && !attributes.some((a) => /^q=0(\.0*)?$/.test(a));
  });
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

async function render(
  file: string,
  sourceFormat: OutputFormat,
  params: ImageParams,
  format: OutputFormat,
): Promise<Rendered> {
  const input = await readFile(file);
  const untouched =
    format === sourceFormat &&
    params.w === undefined &&
    params.h === undefined &&
    params.q === undefined &&
    params.rect === undefined &&
    params.blur === undefined &&
    params.flip === undefined &&
    params.orientation === undefined;
  const body = untouched ? input : await transform(input, params, format);
  return {
    body,
    contentType: CONTENT_TYPES[format],
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
  };
}

/** Applies rect, orientation, flip, resize (never enlarging), blur and encoding. */
export async function transform(
  input: Buffer,
  params: ImageParams,
  format: OutputFormat,
): Promise<Buffer> {
  const meta = await sharp(input, { autoOrient: true }).metadata();
  let width = meta.autoOrient.width;
  let height = meta.autoOrient.height;
  let image = sharp(input, { autoOrient: true });

  if (params.rect) {
    // Clamped to the image like the CDN does; a rect entirely outside is an error.
    const rect = clampRect(params.rect, width, height);
    if (!rect) throw gatewayError(400, "rect lies outside the image");
    image = image.extract(rect);
    width = rect.width;
    height = rect.height;
  }

  if (params.orientation) {
    // sharp orders rotate/extract/resize internally; a separate pass makes
    // "crop, then rotate, then resize the rotated result" unambiguous.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    image = sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    }).rotate(params.orientation);
    if (params.orientation !== 180) [width, height] = [height, width];
  }
  if (params.flip?.includes("h")) image = image.flop();
  if (params.flip?.includes("v")) image = image.flip();

  image = resize(image, params, width, height, format);
  if (params.blur) image = image.blur(Math.min(1000, Math.max(0.3, params.blur / 2)));

  const quality = params.q ?? DEFAULT_QUALITY;
  const white = { r: 255, g: 255, b: 255, alpha: 1 };
  switch (format) {
    case "jpg":
    case "pjpg":
      return image
        .flatten({ background: params.bg ?? white })
        .jpeg({ quality, progressive: format === "pjpg" })
        .toBuffer();
    case "png":
      return image.png().toBuffer();
    case "webp":
      return image.webp({ quality }).toBuffer();
    case "avif":
      // The lowest effort: a 1700 px region of the demo's largest photograph takes a third of
      // the CPU it takes at effort 2 (250 ms against 780 ms, sharp 0.35) for 1% more bytes, and
      // the tests and the benchmark ask for hundreds. AVIF's quality scale is not JPEG's: at the
      // same number it looks better and weighs more (q 75 is 1.35× the JPEG); about two thirds
      // of it matches a JPEG at q, as image CDNs map it.
      return image
        .avif({ quality: Math.round(quality * AVIF_QUALITY_SCALE), effort: 0 })
        .toBuffer();
  }
}

/** AVIF quality for a requested (JPEG-scale) quality: see the `avif` case above. */
const AVIF_QUALITY_SCALE = 0.65;

/**
 * Maps Sanity's fit modes onto sharp. The requested box is shrunk (keeping its
 * aspect ratio) whenever honouring it would enlarge the source: never upscale.
 */
function resize(
  image: Sharp,
  params: ImageParams,
  sourceWidth: number,
  sourceHeight: number,
  format: OutputFormat,
): Sharp {
  const scaled = (size: number | undefined) =>
    size === undefined
      ? undefined
      : Math.min(MAX_DIMENSION, Math.max(1, Math.round(size * params.dpr)));
  let width = scaled(params.w);
  let height = scaled(params.h);
  if (width === undefined && height === undefined) return image;
  if (
    width === undefined ||
    height === undefined ||
    params.fit === "clip" ||
    params.fit === "max"
  ) {
    return image.resize({ width, height, fit: "inside", withoutEnlargement: true });
  }

  if (params.fit === "scale") {
    // Stretch to the box, ignoring aspect ratio, but never past the source size.
    return image.resize({
      width: Math.min(width, sourceWidth),
      height: Math.min(height, sourceHeight),
      fit: "fill",
    });
  }

  const cover = params.fit === "crop" || params.fit === "min";
  const factor = cover
    ? Math.max(width / sourceWidth, height / sourceHeight)
    : Math.min(width / sourceWidth, height / sourceHeight);
  if (factor > 1) {
    width = Math.max(1, Math.round(width / factor));
    height = Math.max(1, Math.round(height / factor));
  }

  if (!cover) {
    // fill / fillmax: fit inside the box and pad the rest with bg.
    const transparent = {
      r: 255,
      g: 255,
      b: 255,
      alpha: format === "jpg" || format === "pjpg" ? 1 : 0,
    };
    return image.resize({ width, height, fit: "contain", background: params.bg ?? transparent });
  }

  if (params.crop.includes("focalpoint") && params.focalPoint) {
    // sharp has no arbitrary focal point: scale to cover, then cut the box around the point.
    const scale = Math.max(width / sourceWidth, height / sourceHeight);
    const coverWidth = Math.max(width, Math.round(sourceWidth * scale));
    const coverHeight = Math.max(height, Math.round(sourceHeight * scale));
    const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
    return image.resize({ width: coverWidth, height: coverHeight, fit: "fill" }).extract({
      left: clamp(params.focalPoint.x * coverWidth - width / 2, coverWidth - width),
      top: clamp(params.focalPoint.y * coverHeight - height / 2, coverHeight - height),
      width,
      height,
    });
  }
  return image.resize({ width, height, fit: "cover", position: cropPosition(params.crop) });
}

function cropPosition(crop: string[]): string | number {
  if (crop.includes("entropy")) return sharp.strategy.entropy;
  const vertical = crop.find((mode) => mode === "top" || mode === "bottom");
  const horizontal = crop.find((mode) => mode === "left" || mode === "right");
  if (vertical && horizontal) return `${horizontal} ${vertical}`;
  return vertical ?? horizontal ?? "centre";
}

/**
 * `POST /_demo/images/cut?trim=left,top,width,height&width=&height=&format=&quality=`: the local
 * site's stand-in for what miniflare's Images binding skips, a part of an image
 * (worker/lib/images.ts): the part of the image in the body, scaled down to fit `width` and
 * `height`, as `format` (`image/webp` or `image/jpeg`), made with sharp as Cloudflare makes it.
 */
export async function handleCut(
  req: IncomingMessage,
  res: ServerResponse,
  search: URLSearchParams,
): Promise<void> {
  if (req.method !== "POST") {
    throw gatewayError(405, `Method ${req.method} not allowed`, { allow: "POST" });
  }
  const numbers = (name: string) => (search.get(name) ?? "").split(",").filter(Boolean).map(Number);
  const [left = 0, top = 0, width = 0, height = 0] = numbers("trim");
  const [outWidth] = numbers("width");
  const [outHeight] = numbers("height");
  const quality = numbers("quality")[0] ?? 82;
  const format = search.get("format") === "image/jpeg" ? "jpeg" : "webp";
  let image = sharp(await readBody(req, MAX_UPLOAD_BYTES), { limitInputPixels: MAX_UPLOAD_PIXELS });
  try {
    if (search.has("trim")) image = image.extract({ left, top, width, height });
    if (outWidth || outHeight) {
      image = image.resize({
        width: outWidth,
        height: outHeight,
        fit: "inside",
        withoutEnlargement: true,
      });
    }
    const body = await image.toFormat(format, { quality }).toBuffer();
    res.writeHead(200, {
      "content-type": `image/${format}`,
      "content-length": String(body.length),
    });
    res.end(body);
  } catch (error) {
    throw gatewayError(400, `Cannot cut the image: ${(error as Error).message}`);
  }
}

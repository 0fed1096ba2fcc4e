/**
 * Stage 1 of the demo content: turn original photographs into web-sized JPEGs.
 *
 * Usage:
 *   node demo/scripts/prepare-photos.ts <folder-with-originals> [--manifest demo/photos.json]
 *   then: node demo/scripts/build-dataset.ts --originals <folder-with-originals>
 *
 * For every photo in the manifest (demo/photos.json) the original `<folder>/<file>` is
 * auto-rotated, cropped as described by `crop` (portrait/landscape to an aspect ratio around a
 * focus point, or "original"), resized to at most 2400 px on the long side (never enlarged),
 * converted to sRGB and re-encoded as a progressive mozjpeg JPEG (quality 78) without any
 * metadata. If a file is larger than 400 KB, quality and then size are reduced step by step
 * until it fits. A photo with `"size": "original"` keeps every pixel of its (cropped) original, so
 * that the viewer has something to zoom into; it only has to stay under 2,000,000 bytes (every
 * file in the repository stays under 2 MiB), with quality down to 50 before any pixel goes.
 * The output is written to demo/dataset/images/ and named like Sanity names its
 * assets: `<sha1 of the file bytes>-<width>x<height>.jpg`. A file larger than the public size
 * (shared/public-size.ts: 2048 px on the long side) is the photograph's original: it goes to
 * demo/dataset/originals/ (what `npm start` loads into the site's private bucket), under the
 * name of its public copy (shared/public-copy.ts), which goes to demo/dataset/images/ in its
 * place, as `npm run import` does. Stale JPEGs in both folders are removed, and
 * demo/dataset/images.json ({ key: filename }) is written for stage 2.
 *
 * The output is deterministic for the same originals, manifest and sharp/libvips version.
 *
 * The demo photographs come from Debian packages (see demo/CREDITS.md):
 *   apt-get download lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 mate-backgrounds
 *   for f in *.deb; do dpkg -x "$f" x; done
 *   node demo/scripts/prepare-photos.ts x/usr/share/backgrounds
 *
 * To use your own photographs, put them in a folder, describe them in demo/photos.json
 * (`file` is the path relative to that folder) and run both stages.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { publicCopy } from "../../shared/public-copy.ts";
import { DEFAULT_PUBLIC_SIZE } from "../../shared/public-size.ts";
import {
  type Crop,
  MANIFEST_FILE,
  IMAGES_FILE as MAP_FILE,
  ORIGINALS_DIR,
  IMAGES_DIR as OUT_DIR,
  type Photo,
} from "./manifest.ts";

const LONG_SIDE = 2400;
const QUALITY = 78;
const MIN_QUALITY = 70;
const QUALITY_STEP = 4;
const SCALE_STEP = 0.9;
const MAX_BYTES = 400_000;
/** A full-size photograph: under 2 MiB, like every file in the repository. */
const ORIGINAL = { maxBytes: 2_000_000, minQuality: 50 };

/** What stage 1 reads of a photograph in the manifest. */
type ManifestPhoto = Pick<Photo, "key" | "file" | "crop" | "size">;

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

function parseAspect(aspect: string | undefined, key: string): number {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(aspect ?? "");
  if (!match) throw new Error(`${key}: crop.aspect must look like "4:5", got ${aspect}`);
  return Number(match[1]) / Number(match[2]);
}

/** The largest region of the given aspect ratio that fits the image, placed around the focus. */
export function cropRegion(width: number, height: number, crop: Crop, key: string): Region {
  if (crop.shape === "original") return { left: 0, top: 0, width, height };
  const ratio = parseAspect(crop.aspect, key);
  if ((crop.shape === "portrait") !== ratio < 1) {
    throw new Error(`${key}: crop.aspect ${crop.aspect} does not match shape ${crop.shape}`);
  }
  let w = width;
  let h = Math.round(width / ratio);
  if (h > height) {
    h = height;
    w = Math.round(height * ratio);
  }
  const place = (size: number, full: number, focus = 0.5) =>
    Math.min(full - size, Math.max(0, Math.round(focus * full - size / 2)));
  return {
    left: place(w, width, crop.focusX),
    top: place(h, height, crop.focusY),
    width: w,
    height: h,
  };
}

async function encode(
  input: Buffer,
  region: Region,
  longSide: number,
  quality: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input)
    .rotate()
    .extract(region)
    .resize({ width: longSide, height: longSide, fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    .jpeg({ quality, mozjpeg: true, chromaSubsampling: "4:2:0" })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function preparePhoto(sourceDir: string, photo: ManifestPhoto): Promise<string> {
  const input = await readFile(path.join(sourceDir, photo.file));
  // Dimensions after EXIF auto-rotation.
  const oriented = await sharp(input).rotate().toBuffer({ resolveWithObject: true });
  const region = cropRegion(
    oriented.info.width,
    oriented.info.height,
    photo.crop ?? { shape: "original" },
    photo.key,
  );

  const full = photo.size === "original";
  const maxBytes = full ? ORIGINAL.maxBytes : MAX_BYTES;
  const minQuality = full ? ORIGINAL.minQuality : MIN_QUALITY;
  let longSide = full ? Math.max(region.width, region.height) : LONG_SIDE;
  let quality = QUALITY;
  let result = await encode(input, region, longSide, quality);
  while (result.data.length > maxBytes) {
    if (quality - QUALITY_STEP >= minQuality) {
      quality -= QUALITY_STEP;
    } else {
      longSide = Math.round(Math.min(longSide, Math.max(region.width, region.height)) * SCALE_STEP);
      quality = QUALITY;
    }
    result = await encode(input, region, longSide, quality);
  }

  const filename = await writePrepared(result);
  console.log(
    `${photo.key.padEnd(26)} ${filename}  ${(result.data.length / 1024).toFixed(0)} KB  q${quality}`,
  );
  return filename;
}

/**
 * Writes a prepared photograph as the demo serves it: whole when it is no larger than the public
 * size, else its public copy, with the original beside it under the copy's name. The name of
 * what the image service serves.
 */
export async function writePrepared(prepared: {
  data: Buffer;
  width: number;
  height: number;
}): Promise<string> {
  const large = Math.max(prepared.width, prepared.height) > DEFAULT_PUBLIC_SIZE;
  const shown = large ? await publicCopy(prepared.data, "jpeg", DEFAULT_PUBLIC_SIZE) : prepared;
  const sha1 = createHash("sha1").update(shown.data).digest("hex");
  const filename = `${sha1}-${shown.width}x${shown.height}.jpg`;
  await writeFile(path.join(OUT_DIR, filename), shown.data);
  if (large) await writeFile(path.join(ORIGINALS_DIR, filename), prepared.data);
  return filename;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { manifest: { type: "string", default: MANIFEST_FILE } },
  });
  const sourceDir = positionals[0];
  if (!sourceDir) {
    console.error(
      "Usage: node demo/scripts/prepare-photos.ts <folder-with-originals> [--manifest photos.json]",
    );
    process.exit(1);
  }
  const manifestPath = path.resolve(values.manifest);

  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { photos: ManifestPhoto[] };
  const keys = new Set<string>();
  for (const photo of manifest.photos) {
    if (keys.has(photo.key)) throw new Error(`Duplicate photo key ${photo.key}`);
    keys.add(photo.key);
  }

  await mkdir(OUT_DIR, { recursive: true });
  await mkdir(ORIGINALS_DIR, { recursive: true });
  const map: Record<string, string> = {};
  for (const photo of manifest.photos) {
    map[photo.key] = await preparePhoto(path.resolve(sourceDir), photo);
  }

  const keep = new Set(Object.values(map));
  for (const dir of [OUT_DIR, ORIGINALS_DIR]) {
    for (const name of await readdir(dir)) {
      if (name.endsWith(".jpg") && !keep.has(name)) await unlink(path.join(dir, name));
    }
  }
  await writeFile(MAP_FILE, `${JSON.stringify(map, null, 2)}\n`);
  console.log(
    `Wrote ${manifest.photos.length} images and ${path.relative(process.cwd(), MAP_FILE)}`,
  );
}

if (import.meta.main) await main();

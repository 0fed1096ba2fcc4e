/**
 * A photograph as a client gallery receives it (docs/galleries.md): its GPS position removed
 * (the importer's location filters, setting "off"), then described by what the upload announces:
 * the SHA-256 of those bytes (the photo id is its first 32 hex characters), their length, the
 * size in pixels after EXIF orientation, and the capture time. The file is read twice, never
 * held: once here to describe it, once as it is sent (`strippedStream`); the filters are
 * deterministic, so both readings give the same bytes (and the bucket checks that they did
 * against the SHA-256).
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { sniff } from "../import/image-file.ts";
import { JpegFilter } from "../import/jpeg-filter.ts";
import { readPhotoMetadata } from "../import/metadata.ts";
import { PngFilter } from "../import/png-filter.ts";
import { WebpFilter } from "../import/webp-filter.ts";

export const CONTENT_TYPES = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;
export type GalleryFormat = keyof typeof CONTENT_TYPES;

/** The largest photograph a gallery takes (the worker's MAX_PHOTO_BYTES, docs/galleries.md). */
export const MAX_PHOTO_BYTES = 100 * 1024 * 1024;

/** What a file is, for a gallery: a format it takes, or why not. */
export async function galleryFormat(
  file: string,
): Promise<{ format: GalleryFormat } | { reason: string; image: boolean }> {
  const sniffed = await sniff(file);
  if (sniffed.kind === "imported") return { format: sniffed.format };
  if (sniffed.kind === "other-image" && sniffed.name === "WebP") return { format: "webp" };
  if (sniffed.kind === "other-image") {
    return {
      reason: `a ${sniffed.name} image: galleries take JPEG, PNG and WebP (export it as one of those)`,
      image: true,
    };
  }
  return { reason: "not an image", image: false };
}

/** The bytes the gallery receives, streamed: the file without its GPS position. */
export function strippedStream(
  file: string,
  format: GalleryFormat,
  onBytes?: (count: number) => void,
): Readable {
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  if (onBytes) source.on("data", (chunk) => onBytes(chunk.length));
  const filter =
    format === "jpeg"
      ? new JpegFilter("off")
      : format === "png"
        ? new PngFilter("off")
        : new WebpFilter("off");
  source.on("error", (error) => filter.destroy(error));
  return source.pipe(filter);
}

export interface ScannedPhoto {
  format: GalleryFormat;
  /** SHA-256 (hex) of the bytes sent. */
  sha256: string;
  /** The photo id: the SHA-256's first 32 characters. */
  photo: string;
  /** Length of the bytes sent. */
  length: number;
  /** Pixels, as the photograph is seen (after EXIF orientation). */
  width: number;
  height: number;
  /** The camera's wall-clock time of capture, ISO without a zone, when the file has it. */
  taken: string | undefined;
}

export async function scanPhoto(file: string, format: GalleryFormat): Promise<ScannedPhoto> {
  const hash = createHash("sha256");
  let length = 0;
  // The bytes first: a file that is not the whole image it claims to be fails here, with the
  // filter's plain reason, before anything else reads it.
  await pipeline(
    strippedStream(file, format),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        length += chunk.length;
        done();
      },
    }),
  );
  const [{ autoOrient: size }, taken] = await Promise.all([
    sharp(file).metadata(),
    // Only the capture time is needed; a file whose other metadata cannot be read still goes.
    readPhotoMetadata(file).then(
      (metadata) => metadata.capturedAt,
      () => undefined,
    ),
  ]);
  const sha256 = hash.digest("hex");
  return {
    format,
    sha256,
    photo: sha256.slice(0, 32),
    length,
    width: size.width,
    height: size.height,
    taken,
  };
}

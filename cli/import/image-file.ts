/**
 * An image file as the importer reads it: its format (from its first bytes, not its name), and
 * its bytes as they will be uploaded (the location setting applied), streamed through the
 * format's filter. Reading it once without uploading gives what the upload will be: its SHA-1
 * and size (so Sanity's asset id is known before anything is sent), and the image's facts.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { type Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ImageFacts } from "./image-facts.ts";
import { JpegFilter } from "./jpeg-filter.ts";
import type { LocationSetting } from "./location.ts";
import { PngFilter } from "./png-filter.ts";

/** The formats the importer uploads; Sanity's extension for each. */
export const IMPORTED = { jpeg: "jpg", png: "png" } as const;
export type ImportedFormat = keyof typeof IMPORTED;

/** Images Sanity would take but the importer does not (yet): named in the report. */
const OTHER_IMAGES: [string, (head: Buffer) => boolean][] = [
  [
    "WebP",
    (head) => head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP",
  ],
  ["TIFF", (head) => ["II*\0", "MM\0*"].includes(head.toString("latin1", 0, 4))],
  ["GIF", (head) => head.toString("latin1", 0, 4) === "GIF8"],
  [
    "HEIC",
    (head) =>
      head.toString("latin1", 4, 8) === "ftyp" &&
      /^(hei|hev|mif)/.test(head.toString("latin1", 8, 12)),
  ],
  [
    "AVIF",
    (head) =>
      head.toString("latin1", 4, 8) === "ftyp" && /^avi/.test(head.toString("latin1", 8, 12)),
  ],
  ["JPEG XL", (head) => head[0] === 0xff && head[1] === 0x0a],
];

export type Sniffed =
  | { kind: "imported"; format: ImportedFormat }
  | { kind: "other-image"; name: string }
  | { kind: "not-image" };

/** What the file is, from its first 16 bytes. */
export async function sniff(file: string): Promise<Sniffed> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      return { kind: "imported", format: "jpeg" };
    }
    if (bytes.toString("latin1", 1, 4) === "PNG" && bytes[0] === 0x89) {
      return { kind: "imported", format: "png" };
    }
    const other = OTHER_IMAGES.find(([, test]) => test(bytes));
    return other ? { kind: "other-image", name: other[0] } : { kind: "not-image" };
  } finally {
    await handle.close();
  }
}

type Filter = JpegFilter | PngFilter;

function filterFor(format: ImportedFormat, setting: LocationSetting): Filter {
  return format === "jpeg" ? new JpegFilter(setting) : new PngFilter(setting);
}

/**
 * The bytes to upload, streamed. `facts` is complete once the stream has ended; an error (a
 * DamagedImage for a file cut short) ends the stream with it.
 */
export function uploadStream(
  file: string,
  format: ImportedFormat,
  setting: LocationSetting,
  onBytes?: (count: number) => void,
): { stream: Readable; facts: ImageFacts } {
  const source = createReadStream(file, { highWaterMark: 256 * 1024 });
  if (onBytes) source.on("data", (chunk) => onBytes(chunk.length));
  const filter = filterFor(format, setting);
  source.on("error", (error) => filter.destroy(error));
  return { stream: source.pipe(filter), facts: filter.facts };
}

export interface ScannedImage extends ImageFacts {
  /** SHA-1 (hex) and size of the bytes that will be uploaded. */
  sha1: string;
  size: number;
}

/** The bytes of `source` through the format's filter (the location setting applied), and their facts. */
export async function filtered(
  source: Readable,
  format: ImportedFormat,
  setting: LocationSetting,
): Promise<{ bytes: Buffer; facts: ImageFacts }> {
  const filter = filterFor(format, setting);
  source.on("error", (error) => filter.destroy(error));
  const bytes = Buffer.concat(await source.pipe(filter).toArray());
  return { bytes, facts: filter.facts };
}

/** Reads the file through its filter without keeping anything: what the upload will be. */
export async function scanImage(
  file: string,
  format: ImportedFormat,
  setting: LocationSetting,
): Promise<ScannedImage> {
  const { stream, facts } = uploadStream(file, format, setting);
  const hash = createHash("sha1");
  let size = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done();
      },
    }),
  );
  return { ...facts, sha1: hash.digest("hex"), size };
}

/** Sanity's id for the asset these bytes become. */
export const assetIdOf = (scan: ScannedImage, format: ImportedFormat): string =>
  `image-${scan.sha1}-${scan.width}x${scan.height}-${IMPORTED[format]}`;

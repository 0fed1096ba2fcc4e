/**
 * The watermarked files of a photograph (docs/galleries.md, "Proofing"), made by the upload
 * command with sharp and kept in the bucket beside the original: the worker serves nothing else
 * while a gallery is proofing. Drawn here, on the owner's machine, rather than by the Images
 * binding at the edge: the binding under wrangler (miniflare's `runTransform`) skips `.draw()`,
 * so a mark drawn there would be invisible in `npm start` and in every test while production
 * drew it; these bytes are the same everywhere.
 *
 * The mark is a translucent band across the photograph with the owner's line of text on it (the
 * band alone still marks the photograph on a machine without fonts), drawn once on the whole
 * photograph, from which every size is made, so it sits in the same place at every size.
 */
import sharp from "sharp";
import { MARKED_FILES, type MarkedFile } from "../../worker/galleries/ids.ts";
import type { Watermark } from "../../worker/galleries/settings.ts";

export interface MarkedOutput {
  file: MarkedFile;
  bytes: Buffer;
  type: "image/webp" | "image/jpeg";
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? "",
  );

/** Where the mark's band lies on a photograph of `width` × `height` (pixels). */
export function markBox(
  width: number,
  height: number,
  mark: Watermark,
): { left: number; top: number; width: number; height: number } {
  const band = Math.max(8, Math.round((Math.min(width, height) * mark.size) / 100));
  const margin = Math.round(band / 2);
  const top =
    mark.position === "center"
      ? Math.round((height - band) / 2)
      : mark.position.startsWith("top")
        ? margin
        : height - band - margin;
  // A corner's band holds the text alone; the centre's crosses the whole photograph.
  const textWidth = Math.min(width, Math.round(band * 0.62 * mark.text.length + band));
  const left =
    mark.position === "center"
      ? 0
      : mark.position.endsWith("left")
        ? margin
        : Math.max(0, width - textWidth - margin);
  return {
    left,
    top: Math.max(0, top),
    width: mark.position === "center" ? width : textWidth,
    height: Math.min(band, height),
  };
}

/** The mark as an SVG the size of the photograph. */
export function markSvg(width: number, height: number, mark: Watermark): Buffer {
  const box = markBox(width, height, mark);
  // The text fits its band, and the band's width.
  const fontSize = Math.min(
    box.height * 0.72,
    (box.width * 0.9) / Math.max(1, mark.text.length * 0.62),
  );
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="${box.left}" y="${box.top}" width="${box.width}" height="${box.height}" fill="#000" fill-opacity="${(mark.opacity * 0.55).toFixed(3)}"/>` +
      `<text x="${box.left + box.width / 2}" y="${box.top + box.height / 2}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" letter-spacing="${(fontSize * 0.08).toFixed(1)}" font-size="${fontSize.toFixed(1)}" fill="#fff" fill-opacity="${mark.opacity.toFixed(3)}">${escapeXml(mark.text)}</text>` +
      "</svg>",
  );
}

/** The widths of the marked sizes (the worker's SIZES). */
const WIDTHS: Record<Exclude<MarkedFile, "full.jpg">, number> = {
  "480.webp": 480,
  "640.webp": 640,
  "960.webp": 960,
  "1600.webp": 1600,
  "2048.webp": 2048,
  "2048.jpg": 2048,
};

/**
 * Every watermarked file of one photograph (`input`: its file or bytes, as uploaded), each made
 * as the worker makes the clean size at the same address: the width (2048: the long edge),
 * never enlarged, WebP or JPEG at quality 82; `full.jpg` at the photograph's own size.
 */
export async function markedFiles(
  input: string | Buffer,
  mark: Watermark,
): Promise<MarkedOutput[]> {
  const upright = sharp(input, { limitInputPixels: false }).rotate();
  const { data, info } = await upright.toBuffer({ resolveWithObject: true });
  const full = await sharp(data)
    .composite([{ input: markSvg(info.width, info.height, mark) }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const outputs: MarkedOutput[] = [{ file: "full.jpg", bytes: full, type: "image/jpeg" }];
  for (const file of MARKED_FILES) {
    if (file === "full.jpg") continue;
    const width = WIDTHS[file];
    const sized = sharp(full).resize(
      width === 2048
        ? { width, height: width, fit: "inside", withoutEnlargement: true }
        : { width, withoutEnlargement: true },
    );
    const bytes = file.endsWith(".jpg")
      ? await sized.jpeg({ quality: 82 }).toBuffer()
      : await sized.webp({ quality: 82 }).toBuffer();
    outputs.push({ file, bytes, type: file.endsWith(".jpg") ? "image/jpeg" : "image/webp" });
  }
  return outputs;
}

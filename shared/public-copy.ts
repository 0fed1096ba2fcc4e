/**
 * The public copy of a photograph larger than the owner's public size (shared/public-size.ts):
 * what `npm run import` uploads to Sanity in its place, and what the demo's image service serves
 * of the demo's large photographs. Made with sharp (never in the worker): scaled down to fit the
 * public size on both sides, its metadata kept (the camera data Sanity reads, the colour
 * profile), in the original's format.
 */
import sharp from "sharp";

export interface PublicCopy {
  data: Buffer;
  width: number;
  height: number;
}

/** The copy of `original` no larger than `publicSize`. */
export async function publicCopy(
  original: Buffer,
  format: "jpeg" | "png",
  publicSize: number,
): Promise<PublicCopy> {
  const made = sharp(original)
    .keepMetadata()
    .resize({ width: publicSize, height: publicSize, fit: "inside", withoutEnlargement: true });
  const encoded =
    format === "jpeg"
      ? made.jpeg({ quality: 85, mozjpeg: true, chromaSubsampling: "4:2:0" })
      : made.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The watermarked files of a photograph (docs/galleries.md, "Proofing"), made by the upload
 * command with sharp and kept in the bucket beside the original: the worker serves nothing else
 * while a gallery is proofing. Drawn here, on the owner's machine, rather than by the Images
 * binding at the edge: the binding under wrangler (miniflare's `runTransform`) skips `.draw()`,
 * so a mark drawn there would be invisible in `npm start` and in every test while production
 * drew it; these bytes are the same everywhere.
 *
 * The mark is the owner's image (their logo, its transparency kept) and/or a line of text on a
 * translucent band (the band alone still marks the photograph on a machine without fonts), drawn
 * once on the whole photograph, from which every size is made, so it sits in the same place at
 * every size.
 */
import sharp, { type OutputInfo } from "sharp";
import { MARKED_FILES, type MarkedFile } from "../../worker/galleries/ids.ts";
import type { Watermark } from "../../worker/galleries/settings.ts";

export interface MarkedOutput {
  file: MarkedFile;
  bytes: Buffer;
  type: "image/webp" | "image/jpeg";
}

/** The watermark as the site gives it (`/_app/galleries/{id}/proofing`): its image's address too. */
export type MarkSettings = Watermark & { imageUrl?: string | undefined };

/** The owner's image, fetched once per run: PNG bytes and their size. */
export interface Logo {
  png: Buffer;
  width: number;
  height: number;
}

/** A watermark ready to draw. */
export interface Mark extends Watermark {
  logo: Logo | undefined;
}

/**
 * The watermark with its image fetched (as PNG, from the image CDN's address the site gave).
 * An image that cannot be fetched is an error: a proof is never drawn with less than the mark
 * the owner set.
 */
export async function loadMark(settings: MarkSettings): Promise<Mark> {
  const { imageUrl, ...mark } = settings;
  if (!mark.image) return { ...mark, logo: undefined };
  if (!imageUrl) throw new Error("The site gave no address for the watermark's image");
  let res: Response;
  try {
    res = await fetch(imageUrl);
  } catch (error) {
    throw new Error(`The watermark's image could not be fetched from ${imageUrl}: ${error}`);
  }
  if (!res.ok) {
    throw new Error(`The watermark's image could not be fetched (${res.status} from ${imageUrl})`);
  }
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .png()
    .toBuffer({ resolveWithObject: true });
  return { ...mark, logo: { png: data, width: info.width, height: info.height } };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? "",
  );

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where each part of the mark lies on a photograph (pixels). */
export interface MarkLayout {
  /** The translucent band behind the text (none for an image alone). */
  band: Box | undefined;
  logo: Box | undefined;
  text: Box | undefined;
}

/**
 * Where the mark lies on a photograph of `width` × `height`: its height is the owner's share
 * of the shorter side; the image (`logo`: its size) comes first, the text after it. The
 * centre's band crosses the whole photograph; a corner's holds the mark alone.
 */
export function markLayout(
  width: number,
  height: number,
  mark: Watermark,
  logo?: Pick<Logo, "width" | "height">,
): MarkLayout {
  const band = Math.min(
    height,
    Math.max(8, Math.round((Math.min(width, height) * mark.size) / 100)),
  );
  const margin = Math.round(band / 2);
  const text = mark.text.length > 0;
  const image = mark.image !== undefined && logo !== undefined;
  // Beside text the image sits inside the band, a little inset; alone it is the band's height.
  const pad = image && text ? Math.round(band * 0.1) : 0;
  let logoHeight = image ? band - 2 * pad : 0;
  let logoWidth = image ? Math.round((logoHeight * logo.width) / logo.height) : 0;
  const room = text ? width / 2 : width;
  if (logoWidth > room) {
    logoHeight = Math.max(1, Math.round((logoHeight * room) / logoWidth));
    logoWidth = Math.floor(room);
  }
  const textWidth = text
    ? Math.min(width - pad - logoWidth, Math.round(band * 0.62 * mark.text.length + band))
    : 0;
  const content = pad + logoWidth + textWidth;
  const top =
    mark.position === "center"
      ? Math.round((height - band) / 2)
      : mark.position.startsWith("top")
        ? margin
        : height - band - margin;
  const left =
    mark.position === "center"
      ? Math.round((width - content) / 2)
      : mark.position.endsWith("left")
        ? margin
        : Math.max(0, width - content - margin);
  const y = Math.max(0, top);
  return {
    band: text
      ? {
          left: mark.position === "center" ? 0 : left,
          top: y,
          width: mark.position === "center" ? width : content,
          height: band,
        }
      : undefined,
    logo: image
      ? {
          left: left + pad,
          top: y + Math.round((band - logoHeight) / 2),
          width: logoWidth,
          height: logoHeight,
        }
      : undefined,
    text: text
      ? { left: left + pad + logoWidth, top: y, width: textWidth, height: band }
      : undefined,
  };
}

/** What the mark covers on a photograph of `width` × `height`: its band, or its image alone. */
export function markBox(
  width: number,
  height: number,
  mark: Watermark,
  logo?: Pick<Logo, "width" | "height">,
): Box {
  const layout = markLayout(width, height, mark, logo);
  return layout.band ?? layout.logo ?? { left: 0, top: 0, width: 0, height: 0 };
}

/** The mark as an SVG the size of the photograph, the image inside it as PNG of its drawn size. */
export async function markSvg(width: number, height: number, mark: Mark): Promise<Buffer> {
  const { band, logo, text } = markLayout(width, height, mark, mark.logo);
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`];
  if (band) {
    parts.push(
      `<rect x="${band.left}" y="${band.top}" width="${band.width}" height="${band.height}" fill="#000" fill-opacity="${(mark.opacity * 0.55).toFixed(3)}"/>`,
    );
  }
  if (logo && mark.logo) {
    // Scaled by sharp (Lanczos), not by the SVG renderer: a large logo made small stays sharp.
    const png = await sharp(mark.logo.png)
      .resize(logo.width, logo.height, { fit: "fill" })
      .png()
      .toBuffer();
    parts.push(
      `<image x="${logo.left}" y="${logo.top}" width="${logo.width}" height="${logo.height}" opacity="${mark.opacity.toFixed(3)}" href="data:image/png;base64,${png.toString("base64")}"/>`,
    );
  }
  if (text) {
    // The text fits its band, and the band's width.
    const fontSize = Math.min(
      text.height * 0.72,
      (text.width * 0.9) / Math.max(1, mark.text.length * 0.62),
    );
    parts.push(
      `<text x="${text.left + text.width / 2}" y="${text.top + text.height / 2}" dominant-baseline="central" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="bold" letter-spacing="${(fontSize * 0.08).toFixed(1)}" font-size="${fontSize.toFixed(1)}" fill="#fff" fill-opacity="${mark.opacity.toFixed(3)}">${escapeXml(mark.text)}</text>`,
    );
  }
  parts.push("</svg>");
  return Buffer.from(parts.join(""));
}

/** The widths of the marked sizes (the worker's SIZES). */
const WIDTHS: Record<MarkedFile, number> = {
  "480.webp": 480,
  "640.webp": 640,
  "960.webp": 960,
  "1600.webp": 1600,
  "2048.webp": 2048,
  "2048.jpg": 2048,
};

/** A raw image in memory, as sharp takes it back. */
const rawInput = ({ data, info }: { data: Buffer; info: OutputInfo }) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

/**
 * Every watermarked file of one photograph (`input`: its file or bytes, as uploaded), each made
 * as the worker makes the clean size at the same address: fitting the size across and down (a
 * portrait's 1600 is 1600 tall), never enlarged, WebP or JPEG at quality 82. The photograph is
 * read once, into one upright copy large enough for every size (2048 across and down); the mark
 * is drawn on each size at that size, in the same place (its layout is in shares of the
 * photograph), so its text and image are as sharp as the size.
 */
export async function markedFiles(input: string | Buffer, mark: Mark): Promise<MarkedOutput[]> {
  const inside = (width: number) =>
    ({ width, height: width, fit: "inside", withoutEnlargement: true }) as const;
  const base = await sharp(input, { limitInputPixels: false })
    .rotate()
    .resize(inside(2048))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const outputs: MarkedOutput[] = [];
  for (const file of MARKED_FILES) {
    const sized = await rawInput(base)
      .resize(inside(WIDTHS[file]))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const marked = rawInput(sized).composite([
      { input: await markSvg(sized.info.width, sized.info.height, mark) },
    ]);
    // WebP at effort 2, not sharp's 4: the demo gallery's six photographs take 2.9 s of CPU
    // against 5.0 s for 3% more bytes, at the same quality (most of an upload's time, for
    // every photograph of a shoot).
    const bytes = file.endsWith(".jpg")
      ? await marked.jpeg({ quality: 82 }).toBuffer()
      : await marked.webp({ quality: 82, effort: 2 }).toBuffer();
    outputs.push({ file, bytes, type: file.endsWith(".jpg") ? "image/jpeg" : "image/webp" });
  }
  return outputs;
}

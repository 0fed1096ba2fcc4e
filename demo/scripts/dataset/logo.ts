/**
 * The demo photographer's logo (demo/logo/jane-doe-mark.svg, drawn for this project), as the
 * image asset the demo's site settings use for the galleries' watermark: rendered to a PNG with
 * transparency by sharp, named and described as Sanity names and describes an uploaded PNG.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { imageMetadata } from "../../image-metadata.ts";
import { DEMO_DIR, IMAGES_DIR } from "../manifest.ts";
import type { ImageAsset, Unrevised } from "./document-types.ts";
import { CREATED_AT } from "./documents.ts";
import { shortHash } from "./ndjson.ts";

/** The logo's source, and the name the asset keeps of the file uploaded. */
export const LOGO_SVG = path.join(DEMO_DIR, "logo", "jane-doe-mark.svg");
const LOGO_NAME = "jane-doe-mark.png";

export interface LogoAsset {
  doc: Unrevised<ImageAsset>;
  /** The PNG, and where it goes in the demo's images (the content service serves it there). */
  png: Buffer;
  file: string;
}

/** The logo's image asset, from its SVG (the same bytes every run: sharp's output is stable). */
export async function logoAsset(): Promise<LogoAsset> {
  const { data: png, info } = await sharp(LOGO_SVG)
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  const sha1 = createHash("sha1").update(png).digest("hex");
  const stem = `${sha1}-${info.width}x${info.height}`;
  return {
    png,
    file: path.join(IMAGES_DIR, `${stem}.png`),
    doc: {
      _id: `image-${stem}-png`,
      _type: "sanity.imageAsset",
      _createdAt: CREATED_AT,
      _updatedAt: CREATED_AT,
      assetId: sha1,
      extension: "png",
      mimeType: "image/png",
      originalFilename: LOGO_NAME,
      path: `images/demo/production/${stem}.png`,
      url: `https://cdn.sanity.io/images/demo/production/${stem}.png`,
      sha1hash: sha1,
      size: png.length,
      uploadId: shortHash(`upload:${sha1}`, 32),
      title: "Jane Doe's mark",
      creditLine: "Drawn for this project",
      metadata: await imageMetadata(png, { lqip: true, palette: true }),
    },
  };
}

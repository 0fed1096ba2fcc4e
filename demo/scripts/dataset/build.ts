/**
 * Stage 2 of the demo content, as one function: the dataset's documents in their order (media
 * tags, image assets, the logo's, site settings, pages, posts), its NDJSON text and
 * demo/CREDITS.md, from demo/photos.json, demo/content.ts, stage 1's images and the logo's SVG
 * (rendered here: its PNG goes with the images). Writes nothing (the script does).
 */
import { readManifest, readPreparedImages } from "../manifest.ts";
import { assetDoc } from "./assets.ts";
import type { CameraSource } from "./camera.ts";
import { creditsMarkdown } from "./credits.ts";
import type { DatasetDocument, ImageAsset, Unrevised } from "./document-types.ts";
import { contentDocs, mediaTagDocs } from "./documents.ts";
import { type LogoAsset, logoAsset } from "./logo.ts";
import { toNdjson } from "./ndjson.ts";
import { photoIndex } from "./photo-index.ts";

export interface BuiltDataset {
  docs: Unrevised<DatasetDocument>[];
  ndjson: string;
  credits: string;
  logo: LogoAsset;
}

export async function buildDataset(camera: CameraSource): Promise<BuiltDataset> {
  const manifest = await readManifest();
  const photos = photoIndex(manifest, await readPreparedImages());
  const assets: Unrevised<ImageAsset>[] = [];
  // One at a time: each decodes a photograph of up to 5640 px.
  for (const photo of photos.values()) assets.push(await assetDoc(manifest, photo, camera));
  const logo = await logoAsset();
  const docs = [
    ...mediaTagDocs(manifest),
    ...assets,
    logo.doc,
    ...contentDocs(manifest, photos, logo.doc._id),
  ];
  return { docs, ndjson: toNdjson(docs), credits: creditsMarkdown(manifest), logo };
}

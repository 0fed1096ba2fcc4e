/**
 * The demo's photographs by key, as the documents refer to them: each one's manifest entry and
 * the id of its image asset. The id follows from the prepared file's name alone (Sanity names an
 * asset after its file's SHA-1 and size, and stage 1 names the files the same way), so the
 * documents that place photographs are built without opening an image.
 */
import type { Manifest, Photo } from "../manifest.ts";

export interface IndexedPhoto {
  /** The `_id` of the photograph's `sanity.imageAsset`. */
  id: string;
  photo: Photo;
  /** Its prepared file in demo/dataset/images/. */
  prepared: PreparedFile;
}

export type PhotoIndex = ReadonlyMap<string, IndexedPhoto>;

/** A prepared file's name, `<sha1>-<width>x<height>.jpg`, read. */
export interface PreparedFile {
  sha1: string;
  width: number;
  height: number;
  /** The name without its extension: the asset's id and path are made from it. */
  stem: string;
}

export function preparedFile(key: string, filename: string): PreparedFile {
  const match = /^([0-9a-f]{40})-(\d+)x(\d+)\.jpg$/.exec(filename);
  if (!match) throw new Error(`${key}: unexpected image file name ${filename}`);
  const [, sha1 = "", width, height] = match;
  return { sha1, width: Number(width), height: Number(height), stem: `${sha1}-${width}x${height}` };
}

/** Sanity's id of an image asset. */
export const assetId = ({ stem }: PreparedFile) => `image-${stem}-jpg`;

/** Every photograph of the manifest with its prepared file (stage 1's `images`). */
export function photoIndex(manifest: Manifest, images: Record<string, string>): PhotoIndex {
  const index = new Map<string, IndexedPhoto>();
  for (const photo of manifest.photos) {
    if (index.has(photo.key)) throw new Error(`Duplicate photo key ${photo.key}`);
    const filename = images[photo.key];
    if (!filename) {
      throw new Error(`No prepared image for "${photo.key}": run demo/scripts/prepare-photos.ts`);
    }
    const prepared = preparedFile(photo.key, filename);
    index.set(photo.key, { id: assetId(prepared), photo, prepared });
  }
  return index;
}

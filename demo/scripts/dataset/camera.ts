/**
 * Where each photograph's camera data (`metadata.image`, `metadata.exif`) comes from. Stage 1
 * strips it from the web-sized copies, so it is read from the originals; without them, it is
 * kept from the committed dataset, which this builder wrote from the originals before.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SanityDocument } from "../../server/dataset.ts";
import { readSanityExif, type SanityExif } from "../exif.ts";
import type { Photo } from "../manifest.ts";
import type { ImageMetadata } from "./document-types.ts";

export type CameraSource = (photo: Photo) => Promise<SanityExif>;

/** Read from the original files in `dir` (the folder stage 1 read). */
export function fromOriginals(dir: string): CameraSource {
  return async (photo) => {
    const file = path.join(dir, photo.file);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(
        `${photo.key}: cannot read the original ${file} (${reason}). ` +
          `--originals must be the folder stage 1 read${photo.package ? ` (it holds the files of the Debian package ${photo.package})` : ""}.`,
      );
    }
    return readSanityExif(bytes);
  };
}

/**
 * Kept from the photograph's asset in a dataset this builder wrote (found by its original file
 * name, which is the photograph's key). A photograph the dataset lacks needs its original.
 */
export function fromDataset(docs: readonly SanityDocument[]): CameraSource {
  // Parsed from a file this builder wrote: its assets have the shape it writes.
  type Written = SanityDocument & { originalFilename: string; metadata: ImageMetadata };
  const assets = new Map(
    docs
      .filter((doc): doc is Written => doc._type === "sanity.imageAsset")
      .map((doc) => [doc.originalFilename, doc.metadata]),
  );
  return async (photo) => {
    const metadata = assets.get(`${photo.key}.jpg`);
    if (!metadata) {
      throw new Error(
        `${photo.key}: not in the committed dataset, so its camera data must come from its original (--originals)`,
      );
    }
    const { image, exif } = metadata;
    return { ...(image ? { image } : {}), ...(exif ? { exif } : {}) };
  };
}

/**
 * The demo's image assets: one `sanity.imageAsset` per photograph, as Sanity and the media
 * plugin store it. Everything Sanity computes (SHA-1, size, dimensions, LQIP, colour palette)
 * is computed from the prepared file (demo/image-metadata.ts, which the demo content service's
 * uploads use too); the camera data comes from a CameraSource (camera.ts).
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { type StoredPlace, storedPlace } from "../../../shared/places.ts";
import { locationPrivacy } from "../../content.ts";
import { imageMetadata } from "../../image-metadata.ts";
import { IMAGES_DIR, licenceOf, type Manifest, ORIGINALS_DIR, type Photo } from "../manifest.ts";
import type { CameraSource } from "./camera.ts";
import type { ImageAsset, MediaTagReference, Unrevised } from "./document-types.ts";
import { CREATED_AT } from "./documents.ts";
import { shortHash } from "./ndjson.ts";
import type { IndexedPhoto } from "./photo-index.ts";

/** The demo content service's project and dataset, in every asset's path and URL. */
const PROJECT_ID = "demo";
const DATASET = "production";

function tagReferences(manifest: Manifest, photo: Photo): MediaTagReference[] {
  return photo.tags.map((name) => {
    const tag = manifest.mediaTags.find((candidate) => candidate.name === name);
    if (!tag) throw new Error(`${photo.key}: unknown media tag ${name}`);
    return {
      _type: "reference",
      _ref: tag.id,
      _key: tag.id.replace(/^media-tag-/, ""),
      _weak: true,
    };
  });
}

/**
 * Where the photograph was made, as `npm run import` stores it: the importer's own function, at
 * the photograph's level, with the demo's zones. Never `metadata.location`: an asset is public.
 */
async function located(photo: Photo): Promise<StoredPlace | null> {
  const where = photo.location;
  if (!where) return null;
  return storedPlace(
    { lat: where.lat, lng: where.lng },
    {
      precision: where.precision ?? locationPrivacy.precision,
      zones: locationPrivacy.zones.map(({ lat, lng, radius }) => ({ lat, lng, radius })),
    },
  );
}

/** The size of the photograph's original, when its prepared file is its public copy. */
async function originalSize(
  filename: string,
): Promise<{ width: number; height: number } | undefined> {
  const file = await readFile(path.join(ORIGINALS_DIR, filename)).catch(() => undefined);
  if (!file) return undefined;
  const { width, height } = await sharp(file).metadata();
  return { width, height };
}

/** The photograph's asset, from its prepared file, which must match its name. */
export async function assetDoc(
  manifest: Manifest,
  { id, photo, prepared }: IndexedPhoto,
  camera: CameraSource,
): Promise<Unrevised<ImageAsset>> {
  const { stem } = prepared;
  const filename = `${stem}.jpg`;
  const filePath = path.join(IMAGES_DIR, filename);
  const file = await readFile(filePath);
  const sha1 = createHash("sha1").update(file).digest("hex");
  const meta = await sharp(file).metadata();
  const { width, height } = meta;
  if (sha1 !== prepared.sha1 || width !== prepared.width || height !== prepared.height) {
    throw new Error(`${filename} does not match its content (sha1 ${sha1}, ${width}x${height})`);
  }
  if (meta.format !== "jpeg") throw new Error(`${filename} is not a JPEG`);
  const licence = licenceOf(manifest, photo);
  const place = await located(photo);
  const tags = tagReferences(manifest, photo);
  const original = await originalSize(filename);
  return {
    _id: id,
    _type: "sanity.imageAsset",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    assetId: sha1,
    extension: "jpg",
    mimeType: "image/jpeg",
    originalFilename: `${photo.key}.jpg`,
    path: `images/${PROJECT_ID}/${DATASET}/${stem}.jpg`,
    url: `https://cdn.sanity.io/images/${PROJECT_ID}/${DATASET}/${stem}.jpg`,
    sha1hash: sha1,
    size: (await stat(filePath)).size,
    uploadId: shortHash(`upload:${sha1}`, 32),
    title: photo.title,
    altText: photo.alt,
    description: photo.caption,
    creditLine: `${photo.photographer} · ${licence.name}`,
    ...(photo.package ? { source: { name: photo.package, id: photo.file } } : {}),
    metadata: await imageMetadata(file, {
      lqip: true,
      palette: true,
      camera: await camera(photo),
    }),
    ...(tags.length > 0 ? { opt: { media: { tags } } } : {}),
    ...(place ? { place } : {}),
    ...(original ? { original } : {}),
  };
}

/**
 * The documents the dataset builders write (the demo's, and the benchmark's scale dataset in
 * bench/scale-dataset.ts), in the types Sanity TypeGen generates from the Studio's schema
 * (worker/content/sanity.types.ts): a schema change the builders do not follow fails
 * type-checking. Narrowed or extended here only where the generated types do not say what
 * Sanity stores, each with its reason.
 */

import type { StoredPlace } from "../../../shared/places.ts";
import type {
  BookingSettings,
  LocationSettings,
  MediaTag,
  Page,
  Post,
  RichText,
  SanityAssetSourceData,
  SanityImageAsset,
  SessionType,
  SiteSettings,
  StoreSettings,
} from "../../../worker/content/sanity.types.ts";
import type { ImageMetadata } from "../../image-metadata.ts";

export type {
  BookingSettings,
  ImageMetadata,
  LocationSettings,
  MediaTag,
  Page,
  Post,
  SessionType,
  SiteSettings,
  StoreSettings,
};

/**
 * A media tag on an asset as sanity-plugin-media stores it: a weak reference keyed by the tag.
 * Not in the generated types (see ImageAsset).
 */
export interface MediaTagReference {
  _type: "reference";
  _ref: string;
  _key: string;
  _weak: true;
}

/**
 * An image asset as Sanity and the media plugin store it. The extracted schema's built-in asset
 * type lists neither the plugin's `creditLine` and `opt.media.tags` nor the camera data (the
 * same gap worker/content/model.ts fills for the queries), and leaves `metadata` optional where
 * every asset the builders write has it.
 */
export type ImageAsset = Omit<SanityImageAsset, "metadata" | "source"> & {
  creditLine?: string;
  opt?: { media: { tags: MediaTagReference[] } };
  metadata: ImageMetadata;
  /** Where it was made, as `npm run import` stores it (shared/places.ts). */
  place?: StoredPlace;
  /** The size of its private original, when it is a public copy (shared/public-size.ts). */
  original?: { width: number; height: number };
  /**
   * Where the file came from, as the upload API's `sourceName`/`sourceId`/`sourceUrl` give it
   * (demo/server/assets.ts writes the same): without the `_type` the generated type asks for.
   */
  source?: Omit<SanityAssetSourceData, "_type">;
};

/** Every kind of document the builders write. */
export type DatasetDocument =
  | MediaTag
  | ImageAsset
  | SiteSettings
  | LocationSettings
  | StoreSettings
  | BookingSettings
  | SessionType
  | Page
  | Post;

/**
 * A document as a builder makes it, before its `_rev` (which ndjson.ts derives from the rest,
 * so it changes only when the content does). Distributes over unions.
 */
export type Unrevised<T> = T extends unknown ? Omit<T, "_rev"> : never;

/** One block of a page's or post's body (Portable Text), and its kinds. */
export type BodyBlock = RichText[number];
export type TextBlock = Extract<BodyBlock, { _type: "block" }>;
export type PlacedImage = Extract<BodyBlock, { _type: "image" }>;
export type GalleryBlock = Extract<BodyBlock, { _type: "gallery" }>;

/** An image field as the Studio stores it, before the texts its place adds (alt, caption, key). */
export type ImageField = Omit<PlacedImage, "_key" | "alt" | "caption">;

import type { PortableTextBlock } from "@portabletext/types";

/**
 * The site's content model: the shapes the queries in queries.ts project from Sanity's
 * documents. Queries, the shape checks in validate.ts and the views all use these, so each
 * shape is declared once. Plain data only: nothing here depends on the DOM or on React.
 */

/** An image asset as the queries project it: URL parts, size, placeholder, alt text, credit. */
export interface ImageAsset {
  _id: string;
  url: string;
  width: number;
  height: number;
  /** A tiny base64 JPEG, shown blurred until the photograph loads. */
  lqip?: string | null;
  /** Dominant colour, the placeholder while even the LQIP is missing. */
  color?: string | null;
  altText?: string | null;
  title?: string | null;
  creditLine?: string | null;
}

/** The part of the photograph the editor kept (fractions cut from each side), as Sanity stores it. */
export interface ImageCrop {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The area that must stay in view when a rendition is cropped to another shape. */
export interface ImageHotspot {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An image placed in content: the asset plus the editor's alt text, caption, crop and hotspot. */
export interface ContentImage {
  _key?: string;
  _type?: "image";
  alt?: string | null;
  caption?: string | null;
  crop?: ImageCrop | null;
  hotspot?: ImageHotspot | null;
  asset: ImageAsset | null;
}

export interface GalleryBlock {
  _key?: string;
  _type: "gallery";
  title?: string | null;
  images: ContentImage[] | null;
}

/** Portable Text: text blocks, single images and galleries. */
export type BodyBlock = PortableTextBlock | (ContentImage & { _type: "image" }) | GalleryBlock;

export interface PageDocument {
  title: string;
  slug: string;
  description?: string | null;
  _updatedAt?: string;
  body: BodyBlock[] | null;
}

export interface PostSummary {
  title: string;
  slug: string;
  publishedAt: string;
  excerpt?: string | null;
  mainImage: ContentImage | null;
}

export interface PostDocument extends PostSummary {
  _updatedAt?: string;
  body: BodyBlock[] | null;
}

export interface HomeContent {
  posts: PostSummary[];
}

/** One page of the archive: the posts on it, newest first, and how many there are in all. */
export interface ArchivePage {
  posts: PostSummary[];
  total: number;
}

/**
 * The camera data Sanity extracted from a photograph's EXIF (its `metadata.exif` and
 * `metadata.image`), as stored: only what the site shows, never the location.
 */
export interface CameraData {
  exif?: {
    FNumber?: number | null;
    /** Seconds. */
    ExposureTime?: number | null;
    /** Millimetres. */
    FocalLength?: number | null;
    ISO?: number | null;
    LensModel?: string | null;
    /** An ISO date. */
    DateTimeOriginal?: string | null;
  } | null;
  image?: { Make?: string | null; Model?: string | null } | null;
}

/** A link the owner lists: a social profile, or an item of the navigation (an in-site path). */
export interface SettingsLink {
  label?: string | null;
  url?: string | null;
  path?: string | null;
}

/** The `siteSettings` singleton as the Studio stores it; every field may be empty. */
export interface SiteSettingsDocument {
  title?: string | null;
  brand?: string | null;
  description?: string | null;
  ownerName?: string | null;
  email?: string | null;
  socialLinks?: SettingsLink[] | null;
  navigation?: SettingsLink[] | null;
  intro?: PortableTextBlock[] | null;
  socialImage?: ContentImage | null;
}

/** Every page and post address, for the sitemap. */
export interface SiteIndex {
  pages: { slug: string; title: string; _updatedAt?: string }[];
  posts: { slug: string; publishedAt: string; _updatedAt?: string }[];
}

/** The latest posts, for the RSS feed. */
export interface FeedContent {
  posts: (PostSummary & { _updatedAt?: string })[];
}

/** The alt text the editor wrote for this placement, else the asset's own, else decorative. */
export const altTextOf = (image: ContentImage): string =>
  image.alt?.trim() || image.asset?.altText?.trim() || "";

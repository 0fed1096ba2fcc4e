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

/** An image placed in content: the asset plus the editor's alt text and caption. */
export interface ContentImage {
  _key?: string;
  _type?: "image";
  alt?: string | null;
  caption?: string | null;
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
  intro: PortableTextBlock[] | null;
  posts: PostSummary[];
}

export interface SiteIndex {
  pages: { slug: string; title: string; _updatedAt?: string }[];
  posts: {
    slug: string;
    title: string;
    excerpt?: string | null;
    publishedAt: string;
    _updatedAt?: string;
  }[];
}

/** The alt text the editor wrote for this placement, else the asset's own, else decorative. */
export const altTextOf = (image: ContentImage): string =>
  image.alt?.trim() || image.asset?.altText?.trim() || "";

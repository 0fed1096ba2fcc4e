import type { PortableTextBlock } from "@portabletext/types";

/** The shapes the queries in queries.ts project (SPEC §6a). */

export interface ImageAsset {
  _id: string;
  url: string;
  width: number;
  height: number;
  /** A tiny base64 JPEG, shown blurred until the photograph loads. */
  lqip?: string | null;
  /** Dominant colour, the placeholder behind the LQIP. */
  color?: string | null;
  altText?: string | null;
  title?: string | null;
  creditLine?: string | null;
}

export interface ContentImage {
  _key?: string;
  _type: "image";
  alt?: string | null;
  caption?: string | null;
  asset: ImageAsset | null;
}

export interface GalleryBlock {
  _key: string;
  _type: "gallery";
  title?: string | null;
  images: ContentImage[] | null;
}

export type BodyBlock = PortableTextBlock | ContentImage | GalleryBlock;

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

import type { PortableTextBlock } from "@portabletext/types";
import type {
  ContentImageData,
  ImageAssetData,
} from "../../client/components/content/content-types.ts";

/**
 * The shapes the queries in queries.ts project (SPEC §6a). Image shapes extend the
 * components' view of them (client/components/content/content-types.ts), so the fields
 * are written once.
 */

/** The asset as projected: the fields the components read, plus credits for the imprint. */
export interface ImageAsset extends ImageAssetData {
  title?: string | null;
  creditLine?: string | null;
}

export interface ContentImage extends ContentImageData {
  _type: "image";
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

import type { PublicLocation } from "../../shared/location.ts";
import type {
  ArchiveQueryResult,
  FeedQueryResult,
  HomeQueryResult,
  LayoutQueryResult,
  PageBySlugQueryResult,
  PhotoPageQueryResult,
  PostBySlugQueryResult,
  SanityImageCrop,
  SanityImageHotspot,
  SitemapQueryResult,
} from "./sanity.types.ts";

/** What the queries answer besides the page's own content (validate.ts parses each alone). */
type OwnPart<T> = Omit<T, "settings" | "slideshow" | "store">;
type SiteSettingsQueryResult = LayoutQueryResult["settings"];
type PageResult = NonNullable<PageBySlugQueryResult["page"]>;

/**
 * The site's content model: what the queries in queries.ts return, as Sanity TypeGen derives
 * it from the Studio's schema (sanity.types.ts, `npm run types:content`). The schema is what
 * the Studio asks editors for, not what the dataset holds (drafts are half-filled, assets can
 * be gone), so validate.ts checks what the pages rely on, and the types here are TypeGen's,
 * narrowed only where validate.ts has checked. Plain data only: nothing here depends on the
 * DOM or on React.
 */

/** `T` with the fields `K` present (not null), as validate.ts has checked them. */
type Present<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };

/**
 * An image asset as the queries project it: URL parts, size, placeholder, dominant colour and
 * the media plugin's texts, each one string once localize.ts has picked the site's language.
 * validate.ts makes sure it has a URL and a size.
 */
export type ImageAsset = Present<
  Omit<LayoutQueryResult["slideshow"][number], "creditLine" | "original">,
  "url" | "width" | "height"
> & {
  // The media plugin writes `creditLine` on assets, and `npm run import` writes `original`, but
  // the extracted schema's built-in asset type lists neither, so TypeGen can only say `null`.
  creditLine: string | null;
  /**
   * The size of the photograph's private original, when the asset is its public copy
   * (shared/public-size.ts); none when the asset is the whole photograph.
   */
  original?: { width: number; height: number } | null;
};

/** The part of the photograph the editor kept (fractions cut from each side), all four given. */
export type ImageCrop = Present<SanityImageCrop, "top" | "bottom" | "left" | "right">;

/** The area that must stay in view when a rendition is cropped to another shape, complete. */
export type ImageHotspot = Present<SanityImageHotspot, "x" | "y" | "width" | "height">;

/** What validate.ts makes of an image placed in content: asset, crop and hotspot whole or null. */
export type CheckedImage<T> = Omit<T, "asset" | "crop" | "hotspot"> & {
  asset: ImageAsset | null;
  crop: ImageCrop | null;
  hotspot: ImageHotspot | null;
};

/** CheckedImage for the images among `T`, distributed over unions; anything else as it is. */
type Checked<T> = T extends { asset: unknown } ? CheckedImage<T> : T;

type PostSummaryResult = HomeQueryResult["posts"][number];
/** How the queries project every placed image (the same projection for covers, bodies, …). */
type ImageResult = NonNullable<PostSummaryResult["mainImage"]>;

/**
 * An image placed in content (a cover, a photograph in the text or a gallery, the social
 * image), checked. The placement's own fields are optional, so that a bare asset (the
 * slideshow's first photograph standing in as the social image) is one too.
 */
export type ContentImage = Partial<Omit<Checked<ImageResult>, "asset" | "_key">> & {
  _key?: string | null;
  asset: ImageAsset | null;
};

type BodyResult = NonNullable<PageResult["body"]>[number];
type GalleryResult = Extract<BodyResult, { _type: "gallery" }>;

/** A text block of Portable Text, as the Studio's rich text stores it. */
export type TextBlock = Extract<BodyResult, { _type: "block" }>;

export type GalleryBlock = Omit<GalleryResult, "images"> & {
  images: Checked<NonNullable<GalleryResult["images"]>[number]>[] | null;
};

/** Portable Text: text blocks, single images and galleries. */
export type BodyBlock = Checked<Exclude<BodyResult, GalleryResult>> | GalleryBlock;

export type PageDocument = Present<Omit<PageResult, "body">, "title" | "slug"> & {
  body: BodyBlock[] | null;
};

/** A post in a list; a post without a date is left out of lists (validate.ts). */
export type PostSummary = Present<
  Omit<PostSummaryResult, "mainImage">,
  "title" | "slug" | "publishedAt"
> & { mainImage: Checked<ImageResult> | null };

type PostResult = NonNullable<PostBySlugQueryResult["post"]>;
export type PostDocument = Present<
  Omit<PostResult, "mainImage" | "body">,
  "title" | "slug" | "publishedAt"
> & { mainImage: Checked<ImageResult> | null; body: BodyBlock[] | null };

/** The post query's answer: the post (null when none is published under that slug). */
export type PostAnswer = Omit<OwnPart<PostBySlugQueryResult>, "post"> & {
  post: PostDocument | null;
};

type PhotoDocumentResult = NonNullable<PhotoPageQueryResult["document"]>;
/** A photograph's page or post, as its photo page reads it: title, cover, body. */
export type PhotoDocument = Present<
  Omit<PhotoDocumentResult, "mainImage" | "body">,
  "title" | "slug"
> & { mainImage: Checked<ImageResult> | null; body: BodyBlock[] | null };

/**
 * A query result with its posts checked. Its `nextScheduled` (when the next scheduled post goes
 * live) tells the content cache how long the result holds.
 */
type WithPosts<T, P> = Omit<OwnPart<T>, "posts"> & { posts: P[] };

export type HomeContent = WithPosts<HomeQueryResult, PostSummary>;

/** One slice of the archive (one numbered archive page): its posts, newest first, and how many there are in all. */
export type ArchiveSlice = WithPosts<ArchiveQueryResult, PostSummary>;

/** The latest posts, for the RSS feed. */
export type FeedContent = WithPosts<
  FeedQueryResult,
  Present<Omit<FeedQueryResult["posts"][number], "mainImage">, "title" | "slug" | "publishedAt"> & {
    mainImage: Checked<ImageResult> | null;
  }
>;

/** Every page and post address, for the sitemap; entries without a slug are left out. */
export interface SiteIndex {
  pages: Present<SitemapQueryResult["pages"][number], "slug" | "title">[];
  posts: Present<SitemapQueryResult["posts"][number], "slug">[];
  nextScheduled: string | null;
}

/**
 * The camera data Sanity extracted from a photograph's EXIF (its `metadata.exif` and
 * `metadata.image`), as stored: only what the site shows, never the location. Written by hand:
 * the extracted schema's `sanity.imageMetadata` has neither field, so TypeGen types both `null`.
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
  /** The media plugin's tags, by name (the slideshow's among them). */
  tags?: (string | null)[] | null;
}

/**
 * What the photo index query (queries.ts) says about each asset beyond an ImageAsset: its media
 * tags and its camera data. Written by hand for the same reason as CameraData: the extracted
 * schema knows neither `opt.media` nor `metadata.image`/`metadata.exif`.
 */
export interface IndexedAssetFacts {
  tags?: (string | null)[] | null;
  make?: string | null;
  model?: string | null;
  lens?: string | null;
  takenAt?: string | null;
  /** The importer's `place`: read only by collection.ts's `locate`. */
  place?: unknown;
}

/** A placed photograph as the photo index reads it: its key, alt text, crop and hotspot. */
export interface IndexedImage {
  _key?: string | null;
  alt?: string | null;
  /** The alt text's language, when it stands in for a missing translation. */
  lang?: { alt?: string | null };
  crop: ImageCrop | null;
  hotspot: ImageHotspot | null;
  asset: (ImageAsset & IndexedAssetFacts) | null;
}

/** Where a photograph was made, as the owner's rule lets the site say it, and the place's name. */
export interface PhotoLocation extends PublicLocation {
  place?: string;
}

/** A published page or post with its photographs, for the collection (collection.ts). */
export interface IndexedDocument {
  _type: "page" | "post";
  slug: string | null;
  /** A post's publication, a page's creation. */
  date: string;
  cover: IndexedImage | null;
  images: IndexedImage[] | null;
  galleries: IndexedImage[] | null;
  /**
   * The photographs of the site's own body (in it, then in its galleries) that the body read in
   * the request's language leaves out: they are the document's in every language, after its own.
   */
  leftOut?: IndexedImage[];
  /** How far each of its placements, in every language, lets the site go with its photograph. */
  limits: PlacementLimit[];
}

/**
 * One placement's limits: its asset, its location level and how far it lets the zoom go
 * ("default", "public", "original"), where it sets them.
 */
export interface PlacementLimit {
  asset: string;
  location: string | null;
  zoom: string | null;
}

/**
 * One photograph of the site's collection, at its home: the photo page of its first placement
 * (`kind`, `slug`, `key`), the placement's alt text, crop and hotspot, and the asset.
 */
export interface CollectionPhoto {
  kind: "page" | "post";
  slug: string;
  key: string;
  /** When it was taken, else its document's date (ISO): what the collection is ordered by. */
  date: string;
  image: ContentImage & { asset: ImageAsset };
  /** The media plugin's tags that visitors see, by name. */
  tags: string[];
  /** Camera and lens as photographers name them (camera-names.ts). */
  camera?: string;
  lens?: string;
  /** Where it was made, after the owner's location rule; none when hidden or unknown. */
  location?: PhotoLocation;
}

/** Every published photograph, once each, newest first (collection.ts), and the next scheduled post. */
export interface PhotoCollection {
  photos: CollectionPhoto[];
  nextScheduled: string | null;
}

/** A document found by a search, with what its snippet is cut from. */
export interface FoundDocument {
  _type: "page" | "post";
  slug: string;
  title: string;
  publishedAt: string | null;
  summary: string | null;
  text: string | null;
}

/** A search's answer: photographs by asset id and documents, each best first. */
export interface SearchAnswer {
  photoIds: string[];
  documents: FoundDocument[];
  nextScheduled: string | null;
}

/**
 * The `siteSettings` singleton; every field may be empty. TypeGen answers a union (the query's
 * filter matches documents of any type by id); Omit merges it into one shape whose fields take
 * each variant's type.
 */
export type SiteSettingsDocument = Omit<NonNullable<SiteSettingsQueryResult>, "socialImage"> & {
  socialImage: Checked<NonNullable<NonNullable<SiteSettingsQueryResult>["socialImage"]>> | null;
};

/** The alt text the editor wrote for this placement, else the asset's own, else decorative. */
export const altTextOf = (image: ContentImage): string =>
  image.alt?.trim() || image.asset?.altText?.trim() || "";

/**
 * The language of the alt text altTextOf gives when it may not be the page's: the placement's,
 * when it stands in for a missing translation (content/queries.ts); the asset's own, which is
 * in the site's language (`base`).
 */
export function altLanguageOf(
  image: Pick<ContentImage, "alt" | "lang" | "asset">,
  base: string,
): string | undefined {
  if (image.alt?.trim()) return typeof image.lang?.alt === "string" ? image.lang.alt : undefined;
  return image.asset?.altText?.trim() ? base : undefined;
}

/** A page's photograph as its photo page reads it (queries.ts: photoPageQuery). */
export interface PhotoPageContent {
  /** The document in the request's language; null when it is not (or no longer) published. */
  document: PhotoDocument | null;
  /**
   * In a further language, the body of the site's own (the photographs every language shows),
   * its texts in the request's language; null otherwise.
   */
  siteBody: PhotoDocument["body"];
  /** The photograph's camera data and tags; null when its key or asset is gone. */
  camera: CameraData | null;
  /** Where it was made, as the owner's rule lets the site say it (collection.ts). */
  location: PhotoLocation | undefined;
  /** Whether it is for sale, as each of its placements says (every document, every language). */
  saleSettings: (string | null)[];
  /** The zoom each of its placements chooses (shared/public-size.ts: the strictest holds). */
  zoomChoices: string[];
}

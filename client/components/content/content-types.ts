/**
 * The components' view of the content: the fields they read. The worker's content model
 * (worker/content/types.ts) extends these; the client program cannot import worker code.
 */

/** An image asset as the queries project it (size, placeholder and alt text included). */
export interface ImageAssetData {
  _id: string;
  url: string;
  width: number;
  height: number;
  /** A tiny base64 JPEG, shown blurred until the photograph loads. */
  lqip?: string | null;
  /** Dominant colour, the placeholder while even the LQIP is missing. */
  color?: string | null;
  altText?: string | null;
}

/** An image placed in content: the asset plus the editor's alt text and caption. */
export interface ContentImageData {
  _key?: string;
  alt?: string | null;
  caption?: string | null;
  asset: ImageAssetData | null;
}

/** A resolved responsive source (from the worker's image URL builder). */
export interface ImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface ImageOptions {
  /** Width / height to crop to; the photograph's own shape when absent. */
  aspect?: number;
  /** The widest rendition worth offering for this slot (CSS px × device pixel ratio). */
  maxWidth?: number;
}

/** Builds the CDN URLs for an asset; created by the worker from the content configuration. */
export type ImageFor = (asset: ImageAssetData, options?: ImageOptions) => ImageSource;

/** The alt text the editor wrote for this placement, else the asset's own, else decorative. */
export const altTextOf = (image: ContentImageData): string =>
  image.alt?.trim() || image.asset?.altText?.trim() || "";

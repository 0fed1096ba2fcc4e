import type { CSSProperties } from "react";
import { preload } from "react-dom";
import type { ImageSource } from "../../content/image-urls.ts";
import type { ImageAsset } from "../../content/model.ts";

/**
 * When a photograph is fetched: `lcp` is the page's largest paint (at once, high priority);
 * `eager` is on the first screen (at once, normal priority); `after-lead` is on the first
 * screen but waits for the first paint on a phone (lazy, which in view means at once, with its
 * placeholder; the caller marks its container `data-after-paint`), so the largest paint has the
 * connection to itself; `lazy` is further down (only near the viewport, and at low priority so
 * nothing on screen waits for it).
 */
export type ImageLoading = "lcp" | "eager" | "after-lead" | "lazy";

/**
 * Screens dense enough that a photograph's compression does not show at their pixel size
 * (phones, and high-density laptop screens): image CDNs advise lowering the quality as the
 * density rises.
 */
export const DENSE_SCREEN = "(min-resolution: 1.5dppx)";
/**
 * The quality (JPEG scale, as `q`) of the largest paint's renditions on a dense screen, instead
 * of the default 75: a phone's lead photograph then fits in the first round trip of a new
 * connection to the image CDN (about 14 KB) rather than needing a second one.
 */
export const LEAD_DENSE_QUALITY = 50;

interface ResponsiveImageProps {
  source: ImageSource;
  /**
   * For the largest paint (or a photograph that may be it): the same renditions at
   * LEAD_DENSE_QUALITY, which a dense screen takes instead.
   */
  denseSource?: ImageSource;
  /** The asset, for its placeholder (LQIP and dominant colour). */
  asset: ImageAsset;
  alt: string;
  /** The alt text's language and direction, when it is not the page's (helpers/fallback.ts). */
  altLanguage?: { lang?: string; dir?: "ltr" | "rtl" };
  /** How wide the image is drawn at each viewport width, so the browser picks from srcset. */
  sizes: string;
  loading?: ImageLoading;
  className?: string;
}

/**
 * Makes a photograph the page's largest paint: discoverable from <head> (React hoists the
 * preload there and dedupes it with the <img> it matches) and fetched at high priority; with a
 * dense-screen source, each screen preloads only the renditions it will show.
 */
export function preloadLargestPaint(source: ImageSource, sizes: string, dense?: ImageSource): void {
  const options = { as: "image", imageSizes: sizes, fetchPriority: "high" } as const;
  if (!dense) {
    preload(source.src, { ...options, imageSrcSet: source.srcSet });
    return;
  }
  preload(dense.src, { ...options, imageSrcSet: dense.srcSet, media: DENSE_SCREEN });
  preload(source.src, {
    ...options,
    imageSrcSet: source.srcSet,
    media: `not all and ${DENSE_SCREEN}`,
  });
}

/**
 * A content photograph. Explicit width and height let the browser reserve the space before
 * any byte arrives (no layout shift). Behind it, the photograph's dominant colour and, on the
 * first screen, its LQIP scaled up as a blurred placeholder (inline styles: allowed by the
 * CSP, unlike inline scripts). Further down the LQIP would cost more HTML than it shows: the
 * photograph arrives before anyone scrolls to it.
 */
export function ResponsiveImage({
  source,
  denseSource,
  asset,
  alt,
  altLanguage,
  sizes,
  loading = "lazy",
  className = "",
}: ResponsiveImageProps) {
  const dense = denseSource;
  if (loading === "lcp") preloadLargestPaint(source, sizes, dense);
  const img = (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt={alt}
      {...altLanguage}
      loading={loading === "lazy" || loading === "after-lead" ? "lazy" : "eager"}
      fetchPriority={loading === "lcp" ? "high" : loading === "lazy" ? "low" : undefined}
      decoding="async"
      style={placeholderStyle(asset, loading !== "lazy")}
      className={`block h-auto w-full ${className}`}
    />
  );
  if (!dense) return img;
  return (
    // `contents`: the picture adds no box, so the photograph is laid out as a lone <img> is.
    <picture className="contents">
      <source media={DENSE_SCREEN} srcSet={dense.srcSet} sizes={sizes} />
      {img}
    </picture>
  );
}

function placeholderStyle(asset: ImageAsset, withLqip: boolean): CSSProperties {
  const lqip = withLqip ? asset.lqip : undefined;
  return {
    // JSON.stringify quotes the data URL, so nothing in it can end the url() early.
    ...(lqip ? { backgroundImage: `url(${JSON.stringify(lqip)})`, backgroundSize: "cover" } : {}),
    backgroundColor: asset.color ?? undefined,
  };
}

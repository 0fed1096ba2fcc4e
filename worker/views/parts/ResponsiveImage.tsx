import type { CSSProperties } from "react";
import { preload } from "react-dom";
import type { ImageSource } from "../../content/image-urls.ts";
import type { ImageAsset } from "../../content/model.ts";

/**
 * When a photograph is fetched: `lcp` is the page's largest paint (at once, high priority);
 * `eager` is on the first screen (at once, normal priority); `lazy` is further down (only
 * near the viewport, and at low priority so nothing on screen waits for it).
 */
export type ImageLoading = "lcp" | "eager" | "lazy";

interface ResponsiveImageProps {
  source: ImageSource;
  /** The asset, for its placeholder (LQIP and dominant colour). */
  asset: ImageAsset;
  alt: string;
  /** How wide the image is drawn at each viewport width, so the browser picks from srcset. */
  sizes: string;
  loading?: ImageLoading;
  className?: string;
}

/**
 * Makes a photograph the page's largest paint: discoverable from <head> (React hoists the
 * preload there and dedupes it with the <img> it matches) and fetched at high priority.
 */
export function preloadLargestPaint(source: { src: string; srcSet: string }, sizes: string): void {
  preload(source.src, {
    as: "image",
    imageSrcSet: source.srcSet,
    imageSizes: sizes,
    fetchPriority: "high",
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
  asset,
  alt,
  sizes,
  loading = "lazy",
  className = "",
}: ResponsiveImageProps) {
  if (loading === "lcp") preloadLargestPaint(source, sizes);
  return (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt={alt}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "lcp" ? "high" : loading === "lazy" ? "low" : undefined}
      decoding="async"
      style={placeholderStyle(asset, loading !== "lazy")}
      className={`block h-auto w-full ${className}`}
    />
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

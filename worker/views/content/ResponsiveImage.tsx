import type { CSSProperties } from "react";
import type { ImageSource } from "../../content/image-urls.ts";
import type { ImageAsset } from "../../content/model.ts";

interface ResponsiveImageProps {
  source: ImageSource;
  /** The asset, for its placeholder (LQIP and dominant colour). */
  asset: ImageAsset;
  alt: string;
  /** How wide the image is drawn at each viewport width, so the browser picks from srcset. */
  sizes: string;
  /** Above the fold (a post's cover): load first instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A content photograph. Explicit width and height let the browser reserve the space before
 * any byte arrives (no layout shift); the LQIP, scaled up, is the blurred placeholder behind it
 * (an inline style: allowed by the CSP, unlike inline scripts).
 */
export function ResponsiveImage({
  source,
  asset,
  alt,
  sizes,
  priority = false,
  className = "",
}: ResponsiveImageProps) {
  return (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={sizes}
      width={source.width}
      height={source.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      style={placeholderStyle(asset)}
      className={`block h-auto w-full ${className}`}
    />
  );
}

function placeholderStyle(asset: ImageAsset): CSSProperties {
  return {
    // JSON.stringify quotes the data URL, so nothing in it can end the url() early.
    backgroundImage: asset.lqip ? `url(${JSON.stringify(asset.lqip)})` : undefined,
    backgroundSize: "cover",
    backgroundPosition: "center",
    backgroundColor: asset.color ?? undefined,
  };
}

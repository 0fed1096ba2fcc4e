import type { CSSProperties } from "react";
import type { ImageFor, ImageOptions } from "../../content/image-urls.ts";
import { altLanguageOf, altTextOf, type ContentImage } from "../../content/model.ts";
import { fallback } from "../helpers/fallback.ts";
import { useI18n } from "../i18n.tsx";
import { type ImageLoading, LEAD_DENSE_QUALITY, ResponsiveImage } from "./ResponsiveImage.tsx";

interface ContentFigureProps {
  image: ContentImage;
  imageFor: ImageFor;
  /** How wide it is drawn; from its shape (width ÷ height) where a row lays it out by shape. */
  sizes: string | ((ratio: number) => string);
  options?: ImageOptions;
  loading?: ImageLoading;
  /**
   * The photograph's own page: the photograph links there (the viewer opens it over the page
   * when JavaScript runs), and the figure is its anchor for the way back.
   */
  photo?: { href: string; id: string };
  className?: string;
  imageClassName?: string;
}

/** A photograph with its caption; nothing at all when the asset has gone missing. */
export function ContentFigure({
  image,
  imageFor,
  sizes,
  options,
  loading = "lazy",
  photo,
  className = "",
  imageClassName = "",
}: ContentFigureProps) {
  const { asset } = image;
  const i18n = useI18n();
  if (!asset) return null;
  const ref = { ...image, asset };
  const source = imageFor(ref, options);
  const ratio = Math.round((source.width / source.height) * 1000) / 1000;
  // A link needs a name: without alt text, the photograph's title, else its caption.
  const name = altTextOf(image)
    ? undefined
    : image.title?.trim() || asset.title?.trim() || image.caption?.trim() || undefined;
  const img = (
    <ResponsiveImage
      source={source}
      denseSource={
        loading === "lcp" ? imageFor(ref, { ...options, quality: LEAD_DENSE_QUALITY }) : undefined
      }
      asset={asset}
      alt={altTextOf(image)}
      altLanguage={fallback(altLanguageOf(image, i18n.base), i18n)}
      sizes={typeof sizes === "function" ? sizes(ratio) : sizes}
      loading={loading}
      className={`rounded-lg ${imageClassName}`}
    />
  );
  return (
    // Below the first screen: on a phone, not rendered (so not fetched) until the first paint.
    <figure
      id={photo?.id}
      className={className}
      // Its shape, for a layout in rows (app.css .gallery-rows).
      style={typeof sizes === "function" ? ({ "--r": ratio } as CSSProperties) : undefined}
      data-after-paint={loading === "lazy" || loading === "after-lead" ? "" : undefined}
    >
      {photo ? (
        <a href={photo.href} data-photo="" className="photo-link" aria-label={name}>
          {img}
        </a>
      ) : (
        img
      )}
      {image.caption && (
        <figcaption
          {...fallback(image.lang?.caption, i18n)}
          className="mt-2 text-sm leading-snug text-neutral-600 dark:text-neutral-400"
        >
          {image.caption}
        </figcaption>
      )}
    </figure>
  );
}

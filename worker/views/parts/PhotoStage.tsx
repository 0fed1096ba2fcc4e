import type { ReactNode } from "react";
import type { ImageSource } from "../../content/image-urls.ts";
import { useI18n } from "../i18n.tsx";
import { preloadLargestPaint } from "./ResponsiveImage.tsx";

export interface PhotoStageProps {
  source: ImageSource;
  /** How wide the photograph is drawn: the screen's width, or less when its height limits it. */
  sizes: string;
  alt: string;
  /** The alt text's language and direction, when not the page's (helpers/fallback.ts). */
  altLanguage?: { lang?: string; dir?: "ltr" | "rtl" };
  /** The photograph's own shape and width (after any crop): its box before a byte arrives. */
  width: number;
  height: number;
  /**
   * How the viewer zooms past the image loaded: regions of the original from the worker (`url`,
   * the crop as `rect` in the original's pixels), or the whole original at once (`original`);
   * none: it asks for nothing more (a client gallery's proofs, a public photograph whose zoom
   * stops at the public size).
   */
  zoom: { url: string; rect: readonly number[] } | { original: string } | undefined;
  /** The placeholder until the image arrives: the LQIP (a data URL) and the dominant colour. */
  lqip?: string | null;
  color?: string | null;
  /** "3 of 40 · Autumn". */
  position: string;
  previousHref?: string;
  nextHref?: string;
  back: { href: string; label: string };
  /** The way to the Buy section below (`#buy`), named so, when the photograph is for sale. */
  buy?: string;
  /** A control on the photograph's corner (a client gallery's heart). */
  corner?: ReactNode;
  /** What follows the stage, in its "About this photograph" region: the title (the page's h1), details, what can be done with it. */
  children: ReactNode;
}

/**
 * A photograph's own page: a dark stage that is the first screen, with the photograph as large
 * as it allows (never upscaled, never cropped to another shape) and the links to its
 * neighbours and back laid over it; what is said about it follows. The photo viewer shows this
 * same `[data-photo-view]` element, over the page the photograph came from or over this page
 * itself, so both always agree. Public photo pages and client galleries' both use it.
 *
 * What the viewer reads from it (client/photo-viewer/): `[data-photo-image]` with either
 * `data-zoom-src` (the worker's address of regions of the original) and `data-zoom-rect` (the
 * editor's crop as `left,top,width,height` in the original's pixels), or `data-zoom-original`
 * (the original file), or neither (nothing past the image loaded), drawn at the stage's
 * `--photo-ratio` and `--photo-width`; the LQIP in its background; `a[rel=prev]`,
 * `a[rel=next]`, `[data-photo-position]`, `[data-photo-info]` and `a[data-photo-back]`.
 */
export function PhotoStage(props: PhotoStageProps) {
  const { source, width, height, zoom } = props;
  const { t } = useI18n();
  preloadLargestPaint(source, props.sizes);
  const zoomAttributes = !zoom
    ? {}
    : "original" in zoom
      ? { "data-zoom-original": zoom.original }
      : { "data-zoom-src": zoom.url, "data-zoom-rect": zoom.rect.join(",") };
  return (
    // Not an article, nor a section inside: the page's h1 is its top-level heading, inside no
    // sectioning element (HTML's outline, which assistive technology reads, would demote it).
    <div data-photo-view="" className="photo-view">
      <div
        className="photo-stage"
        style={{
          // The photograph's box is known before a byte arrives (no layout shift): the stage's
          // width or height, whichever limits it, never more than the original's own width.
          // On the stage, so what is laid on the photograph's corner knows the box too.
          ["--photo-ratio" as string]: (width / height).toFixed(4),
          ["--photo-width" as string]: `${width}px`,
        }}
      >
        <img
          data-photo-image=""
          {...zoomAttributes}
          src={source.src}
          srcSet={source.srcSet}
          sizes={props.sizes}
          width={source.width}
          height={source.height}
          alt={props.alt}
          {...props.altLanguage}
          fetchPriority="high"
          decoding="async"
          className="photo-stage-image"
          style={{
            // The LQIP (a data URL: JSON quotes it) and the dominant colour until it arrives.
            background: `${props.color ?? ""} ${props.lqip ? `url(${JSON.stringify(props.lqip)})` : ""} center / cover`,
          }}
        />
        <a href={props.back.href} data-photo-back="" className="photo-stage-back">
          <span aria-hidden="true" className="mirror">
            ←
          </span>{" "}
          <span className="sr-only">{t("photo.backTo")} </span>
          {props.back.label}
        </a>
        {props.buy && (
          <a href="#buy" data-photo-buy="" className="photo-stage-buy">
            {props.buy}
          </a>
        )}
        {props.corner && <div className="photo-stage-corner">{props.corner}</div>}
        <nav aria-label={t("photo.sequence")} className="photo-stage-nav">
          {props.previousHref && (
            <a href={props.previousHref} rel="prev" data-photo="">
              <span aria-hidden="true" className="mirror">
                ←
              </span>{" "}
              {t("photo.previous")}
            </a>
          )}
          <p data-photo-position="">{props.position}</p>
          {props.nextHref && (
            <a href={props.nextHref} rel="next" data-photo="">
              {t("photo.next")}{" "}
              <span aria-hidden="true" className="mirror">
                →
              </span>
            </a>
          )}
        </nav>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a <section> is sectioning content, in which the page's h1 would not be its top-level heading (the W3C checker warns); the role gives the same landmark */}
      <div data-photo-info="" role="region" aria-label={t("photo.about")} className="photo-info">
        {props.children}
      </div>
    </div>
  );
}

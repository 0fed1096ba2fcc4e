import type { ImageSource } from "../content/image-urls.ts";
import type { PhotoInSequence } from "../content/photos.ts";
import { preloadLargestPaint } from "../views/parts/ResponsiveImage.tsx";
import type { CameraDetail } from "./camera-details.ts";

/** The share of the screen's height the photograph may take, leaving room for its caption. */
export const VIEWPORT_SHARE = 0.8;

interface PhotoViewProps {
  /** The photograph in its sequence (a gallery, or a post's photographs). */
  found: PhotoInSequence;
  title: string;
  source: ImageSource;
  /** How wide the photograph is drawn: the screen's width, or less when its height limits it. */
  sizes: string;
  alt: string;
  caption?: string | null;
  credit?: string | null;
  details: CameraDetail[];
  /** The neighbours' pages. */
  previousHref?: string;
  nextHref?: string;
  /** Where it came from: the page or post, at the photograph. */
  back: { href: string; label: string };
  /** The contact form about this photograph (licensing, prints). */
  inquire?: string;
}

/**
 * A photograph's own page: as large as the screen allows (never upscaled, never cropped to
 * another shape), with its caption, description, credit and camera details, and ordinary
 * links to its neighbours and back. The photo viewer shows this same `[data-photo-view]`
 * element over the page the photograph came from, so both always agree.
 */
export function PhotoView(props: PhotoViewProps) {
  const { found, source, details } = props;
  preloadLargestPaint(source, props.sizes);
  const ratio = source.width / source.height;
  return (
    <article data-photo-view="" className="photo-view">
      <figure className="photo-view-figure">
        <img
          data-photo-image=""
          src={source.src}
          srcSet={source.srcSet}
          sizes={props.sizes}
          width={source.width}
          height={source.height}
          alt={props.alt}
          fetchPriority="high"
          decoding="async"
          className="photo-view-image"
          style={{
            // Its box is known before a byte arrives (no layout shift): as wide as the screen
            // or as its height allows, in the photograph's own shape.
            width: `min(100%, ${(VIEWPORT_SHARE * 100 * ratio).toFixed(2)}vh)`,
            aspectRatio: `${source.width} / ${source.height}`,
            backgroundColor: found.photo.image.asset.color ?? undefined,
          }}
        />
        <figcaption className="photo-view-caption">
          <h1 className="font-serif text-2xl tracking-tight text-balance sm:text-3xl">
            {props.title}
          </h1>
          {props.alt && props.alt !== props.title && (
            <p className="text-neutral-700 dark:text-neutral-300">{props.alt}</p>
          )}
          {props.credit && (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Photograph: {props.credit}
            </p>
          )}
          {details.length > 0 && (
            <dl className="camera-details" aria-label="Camera details">
              {details.map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {props.inquire && (
            <p className="text-sm">
              <a
                href={props.inquire}
                className="focus-ring rounded-sm font-medium underline underline-offset-4"
              >
                License or buy a print of this photograph
              </a>
            </p>
          )}
        </figcaption>
      </figure>
      <nav aria-label="Photographs" className="photo-view-nav">
        {props.previousHref ? (
          <a href={props.previousHref} rel="prev" data-photo="" className="photo-view-step">
            <span aria-hidden="true">←</span> Previous
          </a>
        ) : (
          <span />
        )}
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {`${found.position} of ${found.count}${found.galleryTitle ? ` · ${found.galleryTitle}` : ""}`}
        </p>
        {props.nextHref ? (
          <a href={props.nextHref} rel="next" data-photo="" className="photo-view-step">
            Next <span aria-hidden="true">→</span>
          </a>
        ) : (
          <span />
        )}
      </nav>
      <p className="photo-view-back">
        <a
          href={props.back.href}
          data-photo-back=""
          className="focus-ring rounded-sm underline underline-offset-4"
        >
          Back to {props.back.label}
        </a>
      </p>
    </article>
  );
}

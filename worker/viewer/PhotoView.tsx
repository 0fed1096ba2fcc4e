import type { ImageSource, Rect } from "../content/image-urls.ts";
import type { PhotoInSequence } from "../content/photos.ts";
import { preloadLargestPaint } from "../views/parts/ResponsiveImage.tsx";
import type { CameraDetail } from "./camera-details.ts";

interface PhotoViewProps {
  /** The photograph in its sequence (a gallery, or a post's photographs). */
  found: PhotoInSequence;
  title: string;
  source: ImageSource;
  /** The asset's own address and the editor's crop, for the viewer's zoom. */
  zoom: { url: string; rect: Rect };
  /** How wide the photograph is drawn: the screen's width, or less when its height limits it. */
  sizes: string;
  alt: string;
  credit?: string | null;
  details: CameraDetail[];
  /** The photograph's tags (names and their pages). */
  tags?: readonly { name: string; href: string }[];
  /** The neighbours' pages. */
  previousHref?: string;
  nextHref?: string;
  /** Where it came from: the page or post, at the photograph. */
  back: { href: string; label: string };
  /** The contact form about this photograph (licensing, prints). */
  inquire?: string;
}

/**
 * A photograph's own page: a dark stage that is the first screen, with the photograph as large
 * as it allows (never upscaled, never cropped to another shape) and the links to its
 * neighbours and back laid over it; its title, description, credit and camera details follow.
 * The photo viewer shows this same `[data-photo-view]` element, over the page the photograph
 * came from or over this page itself, so both always agree.
 *
 * What the viewer reads from it (client/photo-viewer/): `[data-photo-image]` with
 * `data-zoom-src` (the asset without parameters) and `data-zoom-rect` (the editor's crop as
 * `left,top,width,height` in asset pixels); its `--photo-ratio` and `--photo-width`; the LQIP in
 * its background; `a[rel=prev]`, `a[rel=next]`, `[data-photo-position]`, `[data-photo-info]`
 * and `a[data-photo-back]`.
 */
export function PhotoView(props: PhotoViewProps) {
  const { found, source, details, zoom } = props;
  const [, , width, height] = zoom.rect;
  const { lqip, color } = found.photo.image.asset;
  preloadLargestPaint(source, props.sizes);
  return (
    // Not an article, nor a section below: the page's h1 is its top-level heading, inside no
    // sectioning element (HTML's outline, which assistive technology reads, would demote it).
    <div data-photo-view="" className="photo-view">
      <div className="photo-stage">
        <img
          data-photo-image=""
          data-zoom-src={zoom.url}
          data-zoom-rect={zoom.rect.join(",")}
          src={source.src}
          srcSet={source.srcSet}
          sizes={props.sizes}
          width={source.width}
          height={source.height}
          alt={props.alt}
          fetchPriority="high"
          decoding="async"
          className="photo-stage-image"
          style={{
            // Its box is known before a byte arrives (no layout shift): the stage's width or
            // height, whichever limits it, never more than the original's own width.
            ["--photo-ratio" as string]: (width / height).toFixed(4),
            ["--photo-width" as string]: `${width}px`,
            // The LQIP (a data URL: JSON quotes it) and the dominant colour until it arrives.
            background: `${color ?? ""} ${lqip ? `url(${JSON.stringify(lqip)})` : ""} center / cover`,
          }}
        />
        <a href={props.back.href} data-photo-back="" className="photo-stage-back">
          <span aria-hidden="true">←</span> <span className="sr-only">Back to </span>
          {props.back.label}
        </a>
        <nav aria-label="Photographs" className="photo-stage-nav">
          {props.previousHref && (
            <a href={props.previousHref} rel="prev" data-photo="">
              <span aria-hidden="true">←</span> Previous
            </a>
          )}
          <p data-photo-position="">
            {`${found.position} of ${found.count}${found.galleryTitle ? ` · ${found.galleryTitle}` : ""}`}
          </p>
          {props.nextHref && (
            <a href={props.nextHref} rel="next" data-photo="">
              Next <span aria-hidden="true">→</span>
            </a>
          )}
        </nav>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a <section> is sectioning content, in which the page's h1 would not be its top-level heading (the W3C checker warns); the role gives the same landmark */}
      <div
        data-photo-info=""
        role="region"
        aria-label="About this photograph"
        className="photo-info"
      >
        <h1>{props.title}</h1>
        {props.alt && props.alt !== props.title && <p>{props.alt}</p>}
        {props.credit && <p className="photo-info-muted">Photograph: {props.credit}</p>}
        {details.length > 0 && (
          <dl className="camera-details" aria-label="Camera details">
            {details.map(({ label, value, href }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{href ? <a href={href}>{value}</a> : value}</dd>
              </div>
            ))}
          </dl>
        )}
        {props.tags && props.tags.length > 0 && (
          <ul className="tag-links mt-4" aria-label="Tags">
            {props.tags.map((tag) => (
              <li key={tag.href}>
                <a href={tag.href}>{tag.name}</a>
              </li>
            ))}
          </ul>
        )}
        {props.inquire && (
          <p>
            <a href={props.inquire} className="photo-info-inquire focus-ring rounded-sm">
              License or buy a print of this photograph
            </a>
          </p>
        )}
      </div>
    </div>
  );
}

import type { ReactNode } from "react";
import type { ImageSource, Rect } from "../content/image-urls.ts";
import type { PhotoInSequence } from "../content/photos.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import { PhotoStage } from "../views/parts/PhotoStage.tsx";
import type { CameraDetail } from "./camera-details.ts";

interface PhotoViewProps {
  /** The photograph in its sequence (a gallery, or a post's photographs). */
  found: PhotoInSequence;
  title: string;
  /** The caption, below the photograph's own title (none when the caption is the heading). */
  caption?: string;
  /** The language of each text shown in the site's own for want of a translation. */
  fallbacks?: {
    title?: string | undefined;
    caption?: string | undefined;
    alt?: string | undefined;
  };
  source: ImageSource;
  /**
   * Where the viewer's zoom past `source` asks for regions, and the editor's crop in the private
   * original's pixels; none: it zooms no further than the largest size of `source`.
   */
  zoom?: { url: string; rect: Rect };
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
  /** Where it was made, as precisely as the owner lets the site say, and its place on the map. */
  place?: { name: string; href: string; precision: string };
  /** The Buy section, when the photograph is for sale. */
  buy?: ReactNode;
}

/**
 * A public photograph's page: the stage (views/parts/PhotoStage.tsx, which the viewer shows
 * too) and what is said about the photograph: its title, description, credit, camera details,
 * tags, and the way to license it.
 */
export function PhotoView(props: PhotoViewProps) {
  const { found, source, details, zoom } = props;
  const i18n = useI18n();
  const { t } = i18n;
  const at = { position: found.position, count: found.count };
  const { fallbacks = {} } = props;
  // The photograph's own size: its original's (cropped) where the zoom reaches it.
  const [, , width = source.width, height = source.height] = zoom?.rect ?? [];
  const { lqip, color } = found.photo.image.asset;
  return (
    <PhotoStage
      source={source}
      sizes={props.sizes}
      alt={props.alt}
      altLanguage={fallback(fallbacks.alt, i18n)}
      width={width}
      height={height}
      zoom={zoom}
      lqip={lqip}
      color={color}
      position={
        found.galleryTitle
          ? t("photo.positionIn", { ...at, sequence: found.galleryTitle })
          : t("photo.position", at)
      }
      {...(props.previousHref ? { previousHref: props.previousHref } : {})}
      {...(props.nextHref ? { nextHref: props.nextHref } : {})}
      back={props.back}
      {...(props.buy ? { buy: t("photo.buy") } : {})}
    >
      <h1 {...fallback(fallbacks.title, i18n)}>{props.title}</h1>
      {props.caption && (
        <p {...fallback(fallbacks.caption, i18n)} className="photo-caption">
          {props.caption}
        </p>
      )}
      {props.alt && props.alt !== props.title && props.alt !== props.caption && (
        <p {...fallback(fallbacks.alt, i18n)}>{props.alt}</p>
      )}
      {props.credit && (
        <p className="photo-info-muted">{t("photo.credit", { credit: props.credit })}</p>
      )}
      {props.place && (
        <p className="photo-info-place">
          {t("photo.madeIn")}{" "}
          <a href={props.place.href}>
            <bdi>{i18n.name(props.place.name)}</bdi>
          </a>{" "}
          <span className="photo-info-muted">{`(${props.place.precision})`}</span>
        </p>
      )}
      {details.length > 0 && (
        <dl className="camera-details" aria-label={t("photo.cameraDetails")}>
          {details.map(({ label, value, href }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{href ? <a href={href}>{value}</a> : value}</dd>
            </div>
          ))}
        </dl>
      )}
      {props.tags && props.tags.length > 0 && (
        <ul className="tag-links mt-4" aria-label={t("photo.tags")}>
          {props.tags.map((tag) => (
            <li key={tag.href}>
              <a href={tag.href}>{i18n.name(tag.name)}</a>
            </li>
          ))}
        </ul>
      )}
      {props.buy}
      {props.inquire && (
        <p>
          <a href={props.inquire} className="photo-info-inquire focus-ring rounded-sm">
            {props.buy ? t("photo.ask") : t("photo.licenseOrBuy")}
          </a>
        </p>
      )}
    </PhotoStage>
  );
}

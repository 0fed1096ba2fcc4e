import type { CSSProperties } from "react";
import type { ImageFor } from "../content/image-urls.ts";
import { croppedSize } from "../content/image-urls.ts";
import { altLanguageOf, altTextOf, type CollectionPhoto } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { fallback } from "../views/helpers/fallback.ts";
import { useI18n } from "../views/i18n.tsx";
import {
  type ImageLoading,
  LEAD_DENSE_QUALITY,
  ResponsiveImage,
} from "../views/parts/ResponsiveImage.tsx";

interface PhotoGridProps {
  photos: readonly CollectionPhoto[];
  imageFor: ImageFor;
  /** What the grid is, for the viewer's position label ("3 of 120 · Landscape"). */
  label: string;
  /** The place of the first photograph in the whole list (0 on the first slice). */
  offset: number;
  /** How many photographs the whole list has, over all its slices. */
  total: number;
  /**
   * Where the page's largest paint is: one of the grid's first photographs (preloaded), the
   * taller of the first two when the grid opens the page (on a phone both are then wholly on
   * the first screen), the first when more comes before it (the second then reaches below the
   * first screen); or none.
   */
  lead?: "taller" | "first" | false;
}

/**
 * A phone's first screen (each fills a row of its own there): the largest paint of them is
 * fetched at once; the others, like the rest, load lazily, and on a phone only after the first
 * paint, so they never share the connection with the largest paint; on a wide screen the
 * browser fetches those in view at once.
 */
export const FIRST_SCREEN = 3;

/**
 * Renditions for a thumbnail about 14rem high (224 CSS px; a wide one up to three times as
 * wide): 320, 640 and 960 px cover phones to 2× screens, and every width more would cost each
 * of the hundreds of thumbnails a long URL.
 */
const THUMBNAIL = { maxWidth: 960, widths: [320, 640] } as const;

/** The row heights of app.css's `.photo-grid` (CSS px), by breakpoint. */
const ROW = { phone: 160, wide: 224 } as const;

/** How wide a thumbnail of this shape is drawn (rows stretch it a little to fill the line). */
function sizesFor(ratio: number): string {
  const px = (row: number) => Math.round(ratio * row * 1.25);
  return `(min-width:640px) ${px(ROW.wide)}px, ${px(ROW.phone)}px`;
}

/**
 * Thumbnails of photographs in justified rows: each keeps its own shape (nothing is cropped),
 * rows fill the width, and the reserved boxes (width and height) stop any layout shift. Each
 * links to its photo page; the list declares itself a photo sequence
 * (`data-photo-sequence`), so the viewer opened from it moves through this grid, not through
 * the photograph's own document. Only the first screen's photographs load at once.
 */
export function PhotoGrid({
  photos,
  imageFor,
  label,
  offset,
  total,
  lead = "taller",
}: PhotoGridProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const ratio = (photo: CollectionPhoto | undefined) => {
    const size = photo ? croppedSize(photo.image) : undefined;
    return size ? size.width / size.height : Number.POSITIVE_INFINITY;
  };
  // On a phone each of the first thumbnails fills a row of its own, so the taller of the first
  // two is the largest paint: that one is fetched first (one at high priority, not two that
  // would share the connection).
  const leadIndex =
    lead === false ? -1 : lead === "taller" && ratio(photos[1]) < ratio(photos[0]) ? 1 : 0;
  return (
    <ul
      className="photo-grid"
      data-photo-sequence={label}
      data-photo-offset={offset}
      data-photo-total={total}
    >
      {photos.map((photo, index) => {
        const { width, height } = croppedSize(photo.image);
        const ratio = width / height;
        const loading: ImageLoading =
          index === leadIndex ? "lcp" : index < FIRST_SCREEN ? "after-lead" : "lazy";
        const style = { "--r": ratio.toFixed(3) } as CSSProperties;
        return (
          <li
            key={`${photo.kind}/${photo.slug}/${photo.key}`}
            style={style}
            data-after-paint={loading === "lcp" ? undefined : ""}
          >
            <a
              href={paths.photo(photo.kind, photo.slug, photo.key)}
              data-photo=""
              className="photo-link"
            >
              <ResponsiveImage
                source={imageFor(photo.image, THUMBNAIL)}
                denseSource={
                  loading === "lcp"
                    ? imageFor(photo.image, { ...THUMBNAIL, quality: LEAD_DENSE_QUALITY })
                    : undefined
                }
                asset={photo.image.asset}
                alt={altTextOf(photo.image) || t("photo.alt")}
                altLanguage={fallback(altLanguageOf(photo.image, i18n.base), i18n)}
                sizes={sizesFor(ratio)}
                loading={loading}
                className="rounded-md"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

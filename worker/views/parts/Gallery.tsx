import type { ImageFor } from "../../content/image-urls.ts";
import type { GalleryBlock } from "../../content/model.ts";
import { fallback } from "../helpers/fallback.ts";
import { gallerySizes, type Measure } from "../helpers/gallery-layout.ts";
import type { PhotoLink } from "../helpers/photo-links.ts";
import { useI18n } from "../i18n.tsx";
import { ContentFigure } from "./ContentFigure.tsx";
import type { ImageLoading } from "./ResponsiveImage.tsx";

interface GalleryProps {
  gallery: GalleryBlock;
  /** Unique on the page: names the section by its heading. */
  id: string;
  imageFor: ImageFor;
  measure: Measure;
  photoLink: PhotoLink;
  /** How each photograph, in order, is fetched. */
  loading: () => ImageLoading;
}

/**
 * Renditions for a photograph of a row, mostly under 640 CSS px wide (see gallery-layout.ts):
 * five widths cover phones (a 390 px phone at 2× takes 800) to 2× screens. Every width more
 * would cost every photograph's HTML a long URL, and a page may hold hundreds of them.
 */
const GALLERY_WIDTHS = { maxWidth: 1280, widths: [320, 640, 800, 960] } as const;

/**
 * A titled group of photographs in justified rows: every photograph keeps its own shape,
 * nothing is cropped, no column ends above another, and the reserved boxes (width/height) stop
 * any layout shift.
 */
export function Gallery({ gallery, id, imageFor, measure, photoLink, loading }: GalleryProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const images = (gallery.images ?? []).filter((image) => image.asset);
  if (images.length === 0) return null;
  const headingId = `${id}-title`;
  return (
    <section
      aria-labelledby={gallery.title ? headingId : undefined}
      aria-label={gallery.title ? undefined : t("photo.gallery")}
      className="gallery"
    >
      {gallery.title && (
        <h2
          {...fallback(gallery.lang?.title, i18n)}
          id={headingId}
          className="mb-5 font-serif text-2xl tracking-tight text-neutral-950 sm:text-3xl dark:text-white"
        >
          {gallery.title}
        </h2>
      )}
      <div className="gallery-rows">
        {images.map((image, index) => (
          <ContentFigure
            key={image._key ?? index}
            image={image}
            imageFor={imageFor}
            options={GALLERY_WIDTHS}
            sizes={(ratio) => gallerySizes(measure, ratio)}
            loading={loading()}
            photo={photoLink(image._key)}
          />
        ))}
      </div>
    </section>
  );
}

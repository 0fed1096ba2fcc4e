import { preloadLargestPaint } from "../views/parts/ResponsiveImage.tsx";
import type { GalleryPhoto } from "./gallery-store.ts";
import { galleryPaths } from "./ids.ts";
import { srcSetOf } from "./images.ts";
import type { Stage } from "./settings.ts";

const WIDTHS = [640, 960, 1600] as const;
/** The band is as wide as the gallery (at most 120rem), the photograph cropped to it. */
const SIZES = "(min-width: 120rem) 120rem, 100vw";

/**
 * The gallery's cover, a wide band of the owner's chosen photograph, on the door (before the
 * password) and above the grid: the page's largest paint, so it is preloaded.
 */
export function GalleryCover(props: { id: string; cover: GalleryPhoto | undefined; stage: Stage }) {
  const { id, cover, stage } = props;
  if (!cover) return null;
  const srcSet = srcSetOf(cover, WIDTHS, (w) => galleryPaths.cover(id, w, stage));
  const src = galleryPaths.cover(id, 960, stage);
  preloadLargestPaint({ src, srcSet, width: cover.width, height: cover.height }, SIZES);
  return (
    <img
      className="gallery-cover"
      src={src}
      srcSet={srcSet}
      sizes={SIZES}
      width={cover.width}
      height={cover.height}
      // Beside the gallery's title it says nothing more in words; in the grid it has its name.
      alt=""
      fetchPriority="high"
      decoding="async"
    />
  );
}

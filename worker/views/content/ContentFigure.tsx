import type { ImageFor, ImageOptions } from "../../content/image-urls.ts";
import { altTextOf, type ContentImage } from "../../content/model.ts";
import { ResponsiveImage } from "./ResponsiveImage.tsx";

interface ContentFigureProps {
  image: ContentImage;
  imageFor: ImageFor;
  sizes: string;
  options?: ImageOptions;
  priority?: boolean;
  className?: string;
  imageClassName?: string;
}

/** A photograph with its caption; nothing at all when the asset has gone missing. */
export function ContentFigure({
  image,
  imageFor,
  sizes,
  options,
  priority,
  className = "",
  imageClassName = "",
}: ContentFigureProps) {
  const { asset } = image;
  if (!asset) return null;
  return (
    <figure className={className}>
      <ResponsiveImage
        source={imageFor({ ...image, asset }, options)}
        asset={asset}
        alt={altTextOf(image)}
        sizes={sizes}
        priority={priority}
        className={`rounded-lg ${imageClassName}`}
      />
      {image.caption && (
        <figcaption className="mt-2 text-sm leading-snug text-neutral-600 dark:text-neutral-400">
          {image.caption}
        </figcaption>
      )}
    </figure>
  );
}

import type { ImageUrls } from "../content/image-urls.ts";
import { altTextOf, type BodyBlock, type ContentImage } from "../content/model.ts";

/** The image of a social card (Open Graph, Twitter/X). */
export interface SocialImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The size link unfurlers (Open Graph, Twitter/X large cards) display without cropping. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** A 1200×630 crop of a content image for social cards (smaller under a smaller public size); none without an asset. */
export function socialImage(
  urls: ImageUrls,
  image: ContentImage | null | undefined,
): SocialImage | undefined {
  const asset = image?.asset;
  if (!asset) return undefined;
  return {
    ...urls.fixed({ ...image, asset }, SOCIAL_IMAGE.width, SOCIAL_IMAGE.height),
    alt: altTextOf(image),
  };
}

/** The first photograph in a body: a standalone image or the first one of a gallery. */
export function firstImage(body: readonly BodyBlock[] | null): ContentImage | undefined {
  for (const block of body ?? []) {
    if (block._type === "image" && "asset" in block && block.asset) return block as ContentImage;
    if (block._type === "gallery" && "images" in block) {
      const found = block.images?.find((image) => image.asset);
      if (found) return found;
    }
  }
  return undefined;
}

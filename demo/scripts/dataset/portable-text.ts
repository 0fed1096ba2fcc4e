/**
 * The shorthand of demo/content.ts turned into what the Studio stores: Portable Text blocks
 * (text, lists, images, galleries) and image fields with the editor's crop and hotspot.
 */
import type { Block, PhotoRef, PhotoUse, Text, TextBlock as TextShorthand } from "../../content.ts";
import type {
  BodyBlock,
  GalleryBlock,
  ImageField,
  PlacedImage,
  TextBlock,
} from "./document-types.ts";
import type { IndexedPhoto, PhotoIndex } from "./photo-index.ts";

export const photoUse = (ref: PhotoRef): PhotoUse =>
  typeof ref === "string" ? { photo: ref } : ref;

export function indexed(photos: PhotoIndex, key: string, where: string): IndexedPhoto {
  const found = photos.get(key);
  if (!found) throw new Error(`${where}: unknown photo key "${key}" in demo/content.ts`);
  return found;
}

const fraction = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;

/**
 * An image field as the Studio stores it: the asset reference, then the editor's crop and
 * hotspot when set. The values are checked the way the Studio's tool constrains them: the crop
 * leaves part of the image, and the hotspot lies inside the crop.
 */
export function imageField(ref: PhotoRef, photos: PhotoIndex, where: string): ImageField {
  const use = photoUse(ref);
  const { id, photo } = indexed(photos, use.photo, where);
  // The photograph's own location level, set wherever it is placed (demo/photos.json).
  const level = photo.location?.placement;
  const { crop, hotspot } = use;
  if (crop) {
    const { top, bottom, left, right } = crop;
    if (![top, bottom, left, right].every(fraction) || top + bottom >= 1 || left + right >= 1) {
      throw new Error(`${where}: crop must cut fractions that leave part of the image`);
    }
  }
  if (hotspot) {
    const { x, y, width, height } = hotspot;
    const box = crop ?? { top: 0, bottom: 0, left: 0, right: 0 };
    const eps = 1e-9;
    if (
      ![x, y, width, height].every(fraction) ||
      x - width / 2 < box.left - eps ||
      x + width / 2 > 1 - box.right + eps ||
      y - height / 2 < box.top - eps ||
      y + height / 2 > 1 - box.bottom + eps
    ) {
      throw new Error(`${where}: the hotspot must lie inside the image and its crop`);
    }
  }
  return {
    _type: "image",
    asset: { _type: "reference", _ref: id },
    ...(crop ? { crop: { _type: "sanity.imageCrop", ...crop } } : {}),
    ...(hotspot ? { hotspot: { _type: "sanity.imageHotspot", ...hotspot } } : {}),
    ...(level ? { location: level } : {}),
  };
}

/** A photograph placed in a body or gallery; alt text and caption default to the manifest's. */
function placedImage(
  use: PhotoUse,
  key: string,
  photos: PhotoIndex,
  alt?: string,
  caption?: string,
): PlacedImage {
  const { photo } = indexed(photos, use.photo, `block ${key}`);
  return {
    ...imageField(use, photos, `block ${key}`),
    _key: key,
    alt: alt ?? photo.alt,
    caption: caption ?? photo.caption,
    ...(use.forSale ? { forSale: use.forSale } : {}),
  };
}

/** A block of text; links become mark definitions, one per address. */
function textBlock(
  text: Text,
  key: string,
  kind: Pick<TextBlock, "style" | "listItem" | "level">,
): TextBlock {
  const markDefs: NonNullable<TextBlock["markDefs"]> = [];
  const children = (typeof text === "string" ? [text] : text).map((span, i) => {
    const { text: value, marks = [], href } = typeof span === "string" ? { text: span } : span;
    const spanMarks: string[] = [...marks];
    if (href) {
      const existing = markDefs.find((def) => def.href === href);
      const linkKey = existing?._key ?? `${key}l${markDefs.length + 1}`;
      if (!existing) markDefs.push({ _type: "link", _key: linkKey, href });
      spanMarks.push(linkKey);
    }
    return { _type: "span" as const, _key: `${key}s${i + 1}`, text: value, marks: spanMarks };
  });
  return { _type: "block", _key: key, style: "normal", ...kind, markDefs, children };
}

/** Block keys in order, b1, b2, …: derived from positions, so re-runs give the same keys. */
function blockKeys(): () => string {
  let count = 0;
  return () => `b${++count}`;
}

/** A paragraph or heading is one block; a list is one block per item. */
function textBlocks(block: TextShorthand, nextKey: () => string): TextBlock[] {
  if ("list" in block) {
    return block.list.map((item) => textBlock(item, nextKey(), { listItem: "bullet", level: 1 }));
  }
  return [textBlock(block.text, nextKey(), { style: block.style ?? "normal" })];
}

/** Text only (the home page's introduction, whose schema takes no images). */
export function textOnly(blocks: TextShorthand[]): TextBlock[] {
  const nextKey = blockKeys();
  return blocks.flatMap((block) => textBlocks(block, nextKey));
}

/** The body of a page or post. */
export function portableText(blocks: Block[], photos: PhotoIndex): BodyBlock[] {
  const nextKey = blockKeys();
  return blocks.flatMap((block): BodyBlock[] => {
    if ("photo" in block) return [placedImage(block, nextKey(), photos, block.alt, block.caption)];
    if ("gallery" in block) {
      const key = nextKey();
      const gallery: GalleryBlock = {
        _type: "gallery",
        _key: key,
        title: block.gallery,
        images: block.photos.map((ref, i) => placedImage(photoUse(ref), `${key}i${i + 1}`, photos)),
      };
      return [gallery];
    }
    return textBlocks(block, nextKey);
  });
}

/**
 * The shorthand of demo/content.ts turned into what the Studio stores: Portable Text blocks
 * (text, lists, images, galleries) and image fields with the editor's crop and hotspot.
 */
import {
  type Block,
  type BodyTranslation,
  galleryTranslations,
  type PhotoRef,
  type PhotoUse,
  photoTranslations,
  type Text,
  type TextBlock as TextShorthand,
  type Translated,
} from "../../content.ts";
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

/**
 * A text's translations as sanity-plugin-internationalized-array stores them beside the field
 * (`{field}Translations`): one item per language, keyed by it. Nothing when there are none.
 */
export function translationsOf<K extends "String" | "Text" | "RichText" | "IntroText", T>(
  kind: K,
  values: Translated<T> | undefined,
) {
  const items = Object.entries(values ?? {}).flatMap(([language, value]) =>
    value === undefined
      ? []
      : [{ _key: language, _type: `internationalizedArray${kind}Value` as const, language, value }],
  );
  return items.length > 0 ? items : undefined;
}

/** `{name}Translations: …` when there are translations, else nothing. */
const translatedField = <T>(name: string, items: T[] | undefined) =>
  items ? { [`${name}Translations`]: items } : {};

/** The German captions a body gives its own photographs, by photo key. */
type Captions = Translated<Record<string, string>>;

type PhotoText = "title" | "alt" | "caption";

/** A photograph's own texts in each language (content.ts), as translation fields. */
export function photoTextTranslations(photo: string, fields: readonly PhotoText[]) {
  const own = photoTranslations[photo] ?? {};
  return Object.assign(
    {},
    ...fields.map((field) =>
      translatedField(
        field,
        translationsOf(
          "String",
          Object.fromEntries(
            Object.entries(own).flatMap(([language, texts]) =>
              texts?.[field] === undefined ? [] : [[language, texts[field]]],
            ),
          ),
        ),
      ),
    ),
  ) as Partial<
    Record<`${PhotoText}Translations`, ReturnType<typeof translationsOf<"String", string>>>
  >;
}

/**
 * A photograph placed in a body or gallery; alt text and caption default to the manifest's,
 * and their translations (and the title's) to the demo's (content.ts), wherever it is placed.
 */
function placedImage(
  use: PhotoUse,
  key: string,
  photos: PhotoIndex,
  alt?: string,
  caption?: string,
  captions: Captions = {},
): PlacedImage {
  const { photo } = indexed(photos, use.photo, `block ${key}`);
  // A caption of the body's own has its translations in the body's (content.ts).
  const ownCaption = caption
    ? translatedField(
        "caption",
        translationsOf(
          "String",
          Object.fromEntries(
            Object.entries(captions).flatMap(([language, byPhoto]) =>
              byPhoto?.[use.photo] ? [[language, byPhoto[use.photo]]] : [],
            ),
          ),
        ),
      )
    : photoTextTranslations(use.photo, ["caption"]);
  return {
    ...imageField(use, photos, `block ${key}`),
    _key: key,
    alt: alt ?? photo.alt,
    caption: caption ?? photo.caption,
    ...photoTextTranslations(use.photo, ["alt", "title"]),
    ...ownCaption,
    ...(use.forSale ? { forSale: use.forSale } : {}),
    ...(use.zoom ? { zoom: use.zoom } : {}),
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

/** The body of a page or post (`captions`: the translations of the captions it gives). */
export function portableText(
  blocks: Block[],
  photos: PhotoIndex,
  captions: Captions = {},
): BodyBlock[] {
  const nextKey = blockKeys();
  return blocks.flatMap((block): BodyBlock[] => {
    if ("photo" in block) {
      return [placedImage(block, nextKey(), photos, block.alt, block.caption, captions)];
    }
    if ("gallery" in block) {
      const key = nextKey();
      const gallery: GalleryBlock = {
        _type: "gallery",
        _key: key,
        title: block.gallery,
        ...translatedField("title", translationsOf("String", galleryTranslations[block.gallery])),
        images: block.photos.map((ref, i) => placedImage(photoUse(ref), `${key}i${i + 1}`, photos)),
      };
      return [gallery];
    }
    return textBlocks(block, nextKey);
  });
}

/** How many blocks a text shorthand makes (a list, one per item): keys follow from it. */
const blockCount = (block: TextShorthand) => ("list" in block ? block.list.length : 1);

/**
 * A body in another language: the English body's blocks with each text block replaced by its
 * translation, in order, and its photographs and galleries kept, so that every block, and so
 * every photograph, keeps its key (and its address) in both languages. A translation that
 * does not match the English one block for block is refused.
 */
export function translatedBody(english: Block[], translation: BodyTranslation, where: string) {
  const texts = [...translation.text];
  const body = english.map((block): Block => {
    if ("photo" in block || "gallery" in block) return block;
    const text = texts.shift();
    if (!text || blockCount(text) !== blockCount(block) || "list" in text !== "list" in block) {
      throw new Error(`${where}: its translation does not match the English text block for block`);
    }
    return text;
  });
  if (texts.length > 0) throw new Error(`${where}: its translation has more text than the English`);
  return body;
}

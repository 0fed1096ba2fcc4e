import { buildCollection } from "./collection.ts";
import type {
  ArchiveSlice,
  CameraData,
  CheckedImage,
  FeedContent,
  FoundDocument,
  HomeContent,
  ImageAsset,
  ImageCrop,
  ImageHotspot,
  IndexedDocument,
  IndexedImage,
  PageDocument,
  PhotoCollection,
  PhotoDocument,
  PhotoPageContent,
  PlacementLimit,
  PostAnswer,
  SearchAnswer,
  SiteIndex,
  SiteSettingsDocument,
} from "./model.ts";
import type {
  FeedQueryResult,
  HomeQueryResult,
  LayoutQueryResult,
  PageBySlugQueryResult,
  PhotoPageQueryResult,
  PostBySlugQueryResult,
  SanityImageCrop,
  SanityImageHotspot,
} from "./sanity.types.ts";

/**
 * Checks of what the content service returns: enough to never render garbage. Each parser takes
 * an answer as it arrives and returns the content model's type (model.ts), or undefined when
 * the answer is not what the query projects. Answers are taken to have the shape TypeGen gives
 * them (sanity.types.ts) except where a page relies on more than the schema promises: titles,
 * slugs and dates, and images whose asset is gone or whose crop is incomplete.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === "string";

const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

const optionalArray = (value: unknown) =>
  value === null || value === undefined || Array.isArray(value);

const optionalString = (value: unknown) =>
  value === null || value === undefined || typeof value === "string";

const optionalObject = (value: unknown) => value === null || value === undefined || isObject(value);

/** A size that divides: positive width and height. */
const isSize = (
  value: unknown,
): value is Record<string, unknown> & { width: number; height: number } =>
  isObject(value) &&
  isNumber(value.width) &&
  isNumber(value.height) &&
  value.width > 0 &&
  value.height > 0;

/**
 * An asset a rendition can be made of: an id, a URL and a size, and its original's size when it
 * is a public copy (a malformed one leaves the asset out: it must never pass for the original).
 */
export function isImageAsset(value: unknown): value is ImageAsset {
  return (
    isSize(value) &&
    isString(value._id) &&
    isString(value.url) &&
    (value.original === null || value.original === undefined || isSize(value.original))
  );
}

function checkedCrop(crop: SanityImageCrop | null): ImageCrop | null {
  if (!isObject(crop)) return null;
  const { top, bottom, left, right } = crop;
  return isNumber(top) && isNumber(bottom) && isNumber(left) && isNumber(right)
    ? { ...crop, top, bottom, left, right }
    : null;
}

function checkedHotspot(hotspot: SanityImageHotspot | null): ImageHotspot | null {
  if (!isObject(hotspot)) return null;
  const { x, y, width, height } = hotspot;
  return isNumber(x) && isNumber(y) && isNumber(width) && isNumber(height)
    ? { ...hotspot, x, y, width, height }
    : null;
}

interface PlacedImage {
  asset: unknown;
  crop: SanityImageCrop | null;
  hotspot: SanityImageHotspot | null;
}

/** An image placed in content: a missing or broken asset becomes null, as does a partial crop. */
function checkedImage<T extends PlacedImage>(image: T): CheckedImage<T> {
  const { asset, crop, hotspot, ...placement } = image;
  return {
    ...placement,
    asset: isImageAsset(asset) ? asset : null,
    crop: checkedCrop(crop),
    hotspot: checkedHotspot(hotspot),
  };
}

const checkedCover = <T extends PlacedImage>(image: T | null) =>
  typeof image === "object" && image !== null ? checkedImage(image) : null;

type PageResult = NonNullable<PageBySlugQueryResult["page"]>;
type BodyResult = NonNullable<PageResult["body"]>;

function checkedBody(body: BodyResult | null): PageDocument["body"] {
  if (!Array.isArray(body)) return null;
  const blocks = body.filter((block) => typeof block === "object" && block !== null);
  return blocks.map((block) => {
    if (block._type === "image") return checkedImage(block);
    if (block._type === "gallery") {
      const images = block.images?.filter((image) => typeof image === "object" && image !== null);
      return { ...block, images: images?.map(checkedImage) ?? null };
    }
    return block;
  });
}

/** null is a valid answer: no document has that slug. */
export function parsePage(value: unknown): PageDocument | null | undefined {
  if (value === null) return null;
  const isPage = (page: unknown): page is PageResult & { title: string; slug: string } =>
    isObject(page) && isString(page.title) && isString(page.slug) && optionalArray(page.body);
  if (!isPage(value)) return undefined;
  return { ...value, body: checkedBody(value.body) };
}

interface Dated {
  title: string;
  slug: string;
  publishedAt: string;
}

const isDated = (post: unknown): post is Dated =>
  isObject(post) && isString(post.title) && isString(post.slug) && isString(post.publishedAt);

/**
 * When the next scheduled post goes live, as the post queries answer it (null: none). Parsed
 * results keep it: the content cache reads it from them (nextScheduled below).
 */
const scheduled = (value: Record<string, unknown>) =>
  isString(value.nextScheduled) ? value.nextScheduled : null;

/**
 * The post query's answer: the post, null when none is published under that slug. A post
 * without a date has no place on the site yet (only a draft in preview can lack one).
 */
export function parsePostAnswer(value: unknown): PostAnswer | undefined {
  if (!isObject(value)) return undefined;
  const post = value.post ?? null;
  if (post === null) return { post: null, nextScheduled: scheduled(value) };
  type Post = NonNullable<PostBySlugQueryResult["post"]> & Dated;
  const isPost = (candidate: unknown): candidate is Post =>
    isObject(candidate) && isDated(candidate) && optionalArray(candidate.body);
  if (!isPost(post)) return undefined;
  return {
    post: { ...post, mainImage: checkedCover(post.mainImage), body: checkedBody(post.body) },
    nextScheduled: scheduled(value),
  };
}

/**
 * The posts of a list. One without a title, slug or date (a draft in preview) is left out
 * rather than failing the whole list.
 */
function listedPosts<T extends { mainImage: PlacedImage | null }>(posts: readonly unknown[]) {
  return posts
    .filter((post): post is T & Dated => isDated(post))
    .map(({ mainImage, ...post }) => ({
      ...post,
      mainImage: checkedCover<NonNullable<T["mainImage"]>>(mainImage),
    }));
}

type SummaryResult = HomeQueryResult["posts"][number];

export function parseHome(value: unknown): HomeContent | undefined {
  if (!isObject(value) || !Array.isArray(value.posts)) return undefined;
  return { posts: listedPosts<SummaryResult>(value.posts), nextScheduled: scheduled(value) };
}

export function parseArchive(value: unknown): ArchiveSlice | undefined {
  if (!isObject(value) || !Array.isArray(value.posts) || !isNumber(value.total)) return undefined;
  return {
    posts: listedPosts<SummaryResult>(value.posts),
    total: value.total,
    nextScheduled: scheduled(value),
  };
}

export function parseFeed(value: unknown): FeedContent | undefined {
  if (!isObject(value) || !Array.isArray(value.posts)) return undefined;
  return {
    posts: listedPosts<FeedQueryResult["posts"][number]>(value.posts),
    nextScheduled: scheduled(value),
  };
}

/** Every address for the sitemap; an entry without a slug has none and is left out. */
export function parseSiteIndex(value: unknown): SiteIndex | undefined {
  if (!isObject(value) || !Array.isArray(value.pages) || !Array.isArray(value.posts)) {
    return undefined;
  }
  return {
    pages: value.pages.filter(
      (page): page is SiteIndex["pages"][number] =>
        isObject(page) && isString(page.slug) && isString(page.title),
    ),
    posts: value.posts.filter(
      (post): post is SiteIndex["posts"][number] => isObject(post) && isString(post.slug),
    ),
    nextScheduled: scheduled(value),
  };
}

/** null is a valid answer: the asset is gone. */
export function parseCamera(value: unknown): CameraData | null | undefined {
  const isCameraData = (data: unknown): data is CameraData =>
    isObject(data) &&
    optionalObject(data.exif) &&
    optionalObject(data.image) &&
    optionalStrings(data.tags);
  return value === null || isCameraData(value) ? value : undefined;
}

/** null is a valid answer: the owner has not created the settings document. */
export function parseSiteSettings(value: unknown): SiteSettingsDocument | null | undefined {
  if (value === null) return null;
  const isSettings = (doc: unknown): doc is NonNullable<LayoutQueryResult["settings"]> =>
    isObject(doc) &&
    [
      "language",
      "title",
      "brand",
      "description",
      "ownerName",
      "email",
      "licenseUrl",
      "licensePage",
    ].every((field) => optionalString(doc[field])) &&
    optionalStrings(doc.languages) &&
    translations(doc.titleTranslations) &&
    translations(doc.descriptionTranslations) &&
    optionalEntries(doc.socialLinks, ["label", "url"]) &&
    optionalEntries(doc.navigation, ["label", "path"], "labelTranslations") &&
    optionalEntries(doc.names, ["name"], "nameTranslations") &&
    optionalArray(doc.intro);
  if (!isSettings(value)) return undefined;
  return { ...value, socialImage: checkedCover(value.socialImage) };
}

/** The store document as the query projects it; null when the owner has not created it. */
export type StoreDocument = NonNullable<LayoutQueryResult["store"]>;

/**
 * The store's catalogue (a rough check: worker/store/catalogue.ts checks each product and drops
 * the ones it cannot sell). null is a valid answer: the owner has not created the document.
 */
export function parseStore(value: unknown): StoreDocument | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const lists = ["prints", "licences", "shippingRates", "shippingCountries"];
  return lists.every((field) => optionalArray(value[field]))
    ? (value as unknown as StoreDocument)
    : undefined;
}

/** The slideshow's photographs: the assets a rendition can be made of. */
export function parseBackgroundImages(value: unknown): ImageAsset[] | undefined {
  return Array.isArray(value) ? value.filter(isImageAsset) : undefined;
}

const optionalStrings = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.every(optionalString));

/**
 * A Studio list whose entries' `fields` are text (or absent), and their `translated` list too:
 * the Studio writes no other, a script may, and every page reads these lists.
 */
const optionalEntries = (value: unknown, fields: string[], translated?: string): boolean =>
  value === null ||
  value === undefined ||
  (Array.isArray(value) &&
    value.every(
      (entry) =>
        isObject(entry) &&
        fields.every((field) => optionalString(entry[field])) &&
        (translated === undefined || translations(entry[translated])),
    ));

/** A text's translations as the queries project them ({ language, value }). */
const translations = (value: unknown): boolean => optionalEntries(value, ["language", "value"]);

/** A photograph of the photo index; one whose asset is gone or broken is left out (null). */
function indexedImage(value: unknown): IndexedImage | null {
  if (!isObject(value) || !isImageAsset(value.asset)) return null;
  const asset = value.asset as unknown as Record<string, unknown> & IndexedImage["asset"];
  const facts = ["make", "model", "lens", "takenAt"].every((field) => optionalString(asset[field]));
  if (!facts || !optionalStrings(asset.tags) || !optionalString(value.alt)) return null;
  return {
    _key: isString(value._key) ? value._key : null,
    alt: (value.alt as string | null | undefined) ?? null,
    lang: { alt: isObject(value.lang) && isString(value.lang.alt) ? value.lang.alt : null },
    crop: checkedCrop(value.crop as SanityImageCrop | null),
    hotspot: checkedHotspot(value.hotspot as SanityImageHotspot | null),
    asset: {
      _id: asset._id,
      url: asset.url,
      width: asset.width,
      height: asset.height,
      color: isString(asset.color) ? asset.color : null,
      altText: isString(asset.altText) ? asset.altText : null,
      lqip: null,
      title: null,
      creditLine: null,
      tags: asset.tags ?? null,
      make: asset.make ?? null,
      model: asset.model ?? null,
      lens: asset.lens ?? null,
      takenAt: asset.takenAt ?? null,
      place: asset.place ?? null,
    },
  };
}

const indexedImages = (value: unknown): IndexedImage[] =>
  Array.isArray(value) ? value.map(indexedImage).filter((image) => image !== null) : [];

/** The photo index's documents: those of another shape and photographs whose asset is gone are left out. */
const indexedDocuments = (documents: unknown[]): IndexedDocument[] =>
  documents.flatMap((doc) => {
    if (!isObject(doc) || (doc._type !== "page" && doc._type !== "post")) return [];
    if (!isString(doc.slug) || !isString(doc.date)) return [];
    return [
      {
        _type: doc._type,
        slug: doc.slug,
        date: doc.date,
        cover: indexedImage(doc.cover),
        images: indexedImages(doc.images),
        galleries: indexedImages(doc.galleries),
        leftOut: [...indexedImages(doc.leftOutImages), ...indexedImages(doc.leftOutGalleries)],
        limits: placementLimits(doc.limits),
      },
    ];
  });

/** A document's placements' limits; one of another shape is left out. */
const placementLimits = (value: unknown): PlacementLimit[] =>
  (Array.isArray(value) ? value : []).flatMap((limit) =>
    isObject(limit) && isString(limit.asset)
      ? [
          {
            asset: limit.asset,
            location: isString(limit.location) ? limit.location : null,
            zoom: isString(limit.zoom) ? limit.zoom : null,
          },
        ]
      : [],
  );

/** The photo index, made into the collection (collection.ts); a malformed answer is undefined. */
export function parsePhotoCollection(
  value: unknown,
  hiddenTag: string,
): PhotoCollection | undefined {
  if (!isObject(value) || !Array.isArray(value.documents)) return undefined;
  const documents = indexedDocuments(value.documents);
  // Where each photograph was made is settled here, before the collection is cached or answered.
  return {
    photos: buildCollection(documents, hiddenTag),
    nextScheduled: scheduled(value),
  };
}

/** A search's answer; results of another shape are left out. */
export function parseSearch(value: unknown): SearchAnswer | undefined {
  if (!isObject(value) || !Array.isArray(value.photos) || !Array.isArray(value.documents)) {
    return undefined;
  }
  const ranked = value.photos.flatMap((photo) =>
    isObject(photo) && isString(photo._id) ? [photo._id] : [],
  );
  // Photographs found by the words placed with them come after the library's ranked matches.
  const placed = Array.isArray(value.placed) ? value.placed.filter(isString) : [];
  const photoIds = [...new Set([...ranked, ...placed])];
  const documents = value.documents.filter(
    (doc): doc is FoundDocument =>
      isObject(doc) &&
      (doc._type === "page" || doc._type === "post") &&
      isString(doc.slug) &&
      isString(doc.title) &&
      optionalString(doc.publishedAt) &&
      optionalString(doc.summary) &&
      optionalString(doc.text),
  );
  return { photoIds, documents, nextScheduled: scheduled(value) };
}

/** A photograph's page or post; null is a valid answer (not, or no longer, published). */
function photoDocument(value: unknown): PhotoDocument | null | undefined {
  if (value === null || value === undefined) return null;
  type Document = NonNullable<PhotoPageQueryResult["document"]> & { title: string; slug: string };
  const isDocument = (doc: unknown): doc is Document =>
    isObject(doc) && isString(doc.title) && isString(doc.slug) && optionalArray(doc.body);
  if (!isDocument(value)) return undefined;
  return { ...value, mainImage: checkedCover(value.mainImage), body: checkedBody(value.body) };
}

/**
 * A photograph's own page: its document (and the body of the site's own language), its camera
 * data, and where it was made, decided here from its stored place and every document that
 * places it (collection.ts), before anything is cached or answered.
 */
export function parsePhotoPage(value: unknown): PhotoPageContent | undefined {
  if (!isObject(value)) return undefined;
  const document = photoDocument(value.document);
  if (document === undefined || !optionalArray(value.siteBody)) return undefined;
  const siteBody = checkedBody((value.siteBody ?? null) as BodyResult | null);
  const photo = value.photo ?? null;
  const camera = parseCamera(photo);
  if (camera === undefined) return undefined;
  const placements = isObject(photo) && Array.isArray(photo.placements) ? photo.placements : [];
  const located = parsePhotoCollection({ documents: placements }, "")?.photos[0];
  const said = isObject(photo) && Array.isArray(photo.saleSettings) ? photo.saleSettings : [];
  const saleSettings = said.map((setting) => (isString(setting) ? setting : null));
  const zoomChoices = indexedDocuments(placements)
    .flatMap((doc) => doc.limits)
    .flatMap((limit) => (limit.zoom ? [limit.zoom] : []));
  return { document, siteBody, camera, location: located?.location, saleSettings, zoomChoices };
}

/** When the next scheduled post goes live, as every post query answers it (null: none). */
export function nextScheduled(value: unknown): number | undefined {
  if (!isObject(value) || !isString(value.nextScheduled)) return undefined;
  const at = Date.parse(value.nextScheduled);
  return Number.isNaN(at) ? undefined : at;
}

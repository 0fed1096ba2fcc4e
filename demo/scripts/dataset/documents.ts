/**
 * The demo's documents other than the image assets: the media tags, the site settings, the pages
 * and the posts, from demo/content.ts and the manifest. Built from the photo index alone, so they
 * need neither the originals nor the image files.
 */

import { LOCATION_SETTINGS_ID } from "../../../shared/location.ts";
import { isSlug } from "../../../shared/slug.ts";
import {
  type Block,
  type BodyTranslation,
  type Booking,
  booking,
  type Language,
  locationPrivacy,
  type Page,
  type Post,
  pages,
  posts,
  type SiteSettings,
  type Store,
  siteSettings,
  store,
  type Translated,
} from "../../content.ts";
import type { Manifest } from "../manifest.ts";
import { creditsSection } from "./credits.ts";
import type {
  BookingSettings,
  LocationSettings,
  MediaTag,
  Page as PageDocument,
  Post as PostDocument,
  SessionType,
  SiteSettings as SiteSettingsDocument,
  StoreSettings as StoreDocument,
  Unrevised,
} from "./document-types.ts";
import { shortHash } from "./ndjson.ts";
import type { PhotoIndex } from "./photo-index.ts";
import {
  imageField,
  indexed,
  photoTextTranslations,
  photoUse,
  portableText,
  textOnly,
  translatedBody,
  translationsOf,
} from "./portable-text.ts";

/** Fixed creation date of assets, settings and pages (posts use their publishedAt). */
export const CREATED_AT = "2026-01-15T09:00:00Z";

function slug(value: string, where: string) {
  if (!isSlug(value)) throw new Error(`${where}: invalid slug "${value}"`);
  return { _type: "slug" as const, current: value };
}

/** The media plugin's tags; it stores a tag's display name in a slug field. */
export function mediaTagDocs(manifest: Manifest): Unrevised<MediaTag>[] {
  return manifest.mediaTags.map((tag) => ({
    _id: tag.id,
    _type: "media.tag",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    name: { _type: "slug", current: tag.name },
  }));
}

/** The owner's Location privacy: a private document (its id has a path). */
export function locationSettingsDoc(): Unrevised<LocationSettings> {
  return {
    _id: LOCATION_SETTINGS_ID,
    _type: "locationSettings",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    precision: locationPrivacy.precision,
    zones: locationPrivacy.zones.map((zone) => ({
      _key: shortHash(`zone:${zone.name}`, 12),
      _type: "zone",
      name: zone.name,
      centre: { _type: "geopoint", lat: zone.lat, lng: zone.lng },
      radius: zone.radius,
    })),
  };
}

export function siteSettingsDoc(
  settings: SiteSettings,
  photos: PhotoIndex,
  logo: string,
): Unrevised<SiteSettingsDocument> {
  const { socialImage } = settings;
  const { logo: withLogo, ...watermark } = settings.galleries.watermark;
  const social = indexed(photos, socialImage.photo, "siteSettings.socialImage");
  for (const item of settings.navigation) {
    if (!/^\/[a-z0-9-]*$/.test(item.path)) throw new Error(`navigation: bad path ${item.path}`);
  }
  // Array items need a stable _key; derived from the content so re-runs give the same keys.
  const key = (kind: string, value: string) => shortHash(`${kind}:${value}`, 12);
  const translated = <T>(pick: (text: NonNullable<SiteSettings["translations"]["de"]>) => T) =>
    Object.fromEntries(
      Object.entries(settings.translations).flatMap(([language, texts]) =>
        texts ? [[language, pick(texts)]] : [],
      ),
    );
  return {
    _id: "siteSettings",
    _type: "siteSettings",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    languages: settings.languages,
    title: settings.title,
    titleTranslations: translationsOf(
      "String",
      translated((texts) => texts.title),
    ),
    brand: settings.brand,
    description: settings.description,
    descriptionTranslations: translationsOf(
      "Text",
      translated((texts) => texts.description),
    ),
    ownerName: settings.ownerName,
    email: settings.email,
    socialLinks: settings.socialLinks.map((link) => ({
      _key: key("social", link.url),
      _type: "socialLink",
      label: link.label,
      url: link.url,
    })),
    navigation: settings.navigation.map((item) => ({
      _key: key("nav", item.path),
      _type: "navItem",
      label: item.label,
      labelTranslations: translationsOf(
        "String",
        translated((texts) => texts.navigation[item.path] ?? item.label),
      ),
      path: item.path,
    })),
    names: [
      ...new Set(
        Object.values(settings.translations).flatMap((texts) => Object.keys(texts?.names ?? {})),
      ),
    ].map((name) => ({
      _key: key("name", name),
      _type: "translatedName",
      name,
      nameTranslations: translationsOf(
        "String",
        translated((texts) => texts.names[name] ?? name),
      ),
    })),
    intro: textOnly(settings.intro),
    introTranslations: translationsOf(
      "IntroText",
      translated((texts) => textOnly(texts.intro)),
    ),
    socialImage: {
      ...imageField(socialImage, photos, "siteSettings.socialImage"),
      alt: socialImage.alt ?? social.photo.alt,
    },
    galleries: {
      watermark: {
        ...(withLogo
          ? { image: { _type: "image", asset: { _type: "reference", _ref: logo } } }
          : {}),
        ...watermark,
      },
    },
  };
}

/** The store's catalogue (the Studio's Store singleton, id `storeSettings`). */
export function storeDoc(settings: Store): Unrevised<StoreDocument> {
  // Each word of an item, and its translations beside it as the Studio keeps them.
  const item = <T extends { id: string; translations?: Translated<Record<string, string>> }>(
    type: string,
    { translations, ...value }: T,
  ) => {
    const fields = new Set(Object.values(translations ?? {}).flatMap((t) => Object.keys(t ?? {})));
    return {
      _key: shortHash(`${type}:${value.id}`, 12),
      _type: type,
      ...value,
      ...Object.fromEntries(
        [...fields].map((field) => [
          `${field}Translations`,
          translationsOf(
            "String",
            translatedTexts(translations, (t) => t[field] ?? ""),
          ),
        ]),
      ),
    };
  };
  return {
    _id: "storeSettings",
    _type: "storeSettings",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    forSale: settings.forSale,
    currency: settings.currency,
    tax: settings.tax,
    withdrawn: settings.withdrawn,
    prints: settings.prints.map((print) => ({
      ...item("printProduct", print),
      _type: "printProduct" as const,
    })),
    licences: settings.licences.map((licence) => ({
      ...item("licenceType", licence),
      _type: "licenceType" as const,
    })),
    shippingRates: settings.shippingRates.map((rate) => ({
      ...item("shippingRate", rate),
      _type: "shippingRate" as const,
    })),
    shippingCountries: settings.shippingCountries,
    cartReminder: settings.cartReminder,
  };
}

/** The owner's hours (the Studio's Booking singleton, id `bookingSettings`). */
export function bookingSettingsDoc({ hours }: Booking): Unrevised<BookingSettings> {
  return {
    _id: "bookingSettings",
    _type: "bookingSettings",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    ...hours,
    weeklyHours: hours.weeklyHours.map((window) => ({
      _key: shortHash(`hours:${window.weekday}:${window.from}`, 12),
      _type: "openingWindow" as const,
      ...window,
    })),
    cancellation: hours.cancellation.map((rule) => ({
      _key: shortHash(`cancellation:${rule.daysBefore}`, 12),
      _type: "cancellationRule" as const,
      ...rule,
    })),
  };
}

/** A kind of session clients book, with its questions, each text's translations beside it. */
export function sessionTypeDoc({
  slug,
  title,
  description,
  location,
  contract,
  questionnaire,
  translations,
  ...rest
}: Booking["sessions"][number]): Unrevised<SessionType> {
  return {
    _id: `session-${slug}`,
    _type: "sessionType",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    title,
    titleTranslations: translationsOf(
      "String",
      translatedTexts(translations, (t) => t.title),
    ),
    slug: { _type: "slug", current: slug },
    description,
    descriptionTranslations: translationsOf(
      "Text",
      translatedTexts(translations, (t) => t.description),
    ),
    location,
    locationTranslations: translationsOf(
      "String",
      translatedTexts(translations, (t) => t.location),
    ),
    contract,
    contractTranslations: translationsOf(
      "Text",
      translatedTexts(translations, (t) => t.contract),
    ),
    ...rest,
    questionnaire: questionnaire.map(({ translations: words, ...question }) => ({
      _key: shortHash(`question:${slug}:${question.id}`, 12),
      _type: "bookingQuestion" as const,
      ...question,
      labelTranslations: translationsOf(
        "String",
        translatedTexts(words, (t) => t.label),
      ),
    })),
  };
}

/** A document's translations, by language, as `pick` takes each from its texts. */
function translatedTexts<T, U>(
  translations: Translated<T> | undefined,
  pick: (texts: T) => U,
): Translated<U> {
  const picked: Translated<U> = {};
  for (const language of Object.keys(translations ?? {}) as Language[]) {
    const texts = translations?.[language];
    if (texts) picked[language] = pick(texts);
  }
  return picked;
}

/**
 * A page's or post's bodies: the English one, and one per language it is translated into, each
 * with the same photographs at the same keys (and the captions it gives them translated).
 */
function bodies(
  doc: { slug: string; body: Block[]; translations?: Translated<{ body: BodyTranslation }> },
  photos: PhotoIndex,
) {
  const captions = translatedTexts(doc.translations, (texts) => texts.body.captions ?? {});
  return {
    body: portableText(doc.body, photos, captions),
    bodyTranslations: translationsOf(
      "RichText",
      translatedTexts(doc.translations, (texts) =>
        portableText(translatedBody(doc.body, texts.body, doc.slug), photos, captions),
      ),
    ),
  };
}

export function pageDoc(page: Page, photos: PhotoIndex): Unrevised<PageDocument> {
  return {
    _id: `page-${page.slug}`,
    _type: "page",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    title: page.title,
    titleTranslations: translationsOf(
      "String",
      translatedTexts(page.translations, (t) => t.title),
    ),
    slug: slug(page.slug, `page ${page.title}`),
    description: page.description,
    descriptionTranslations: translationsOf(
      "Text",
      translatedTexts(page.translations, (t) => t.description),
    ),
    ...bodies(page, photos),
  };
}

export function postDoc(post: Post, photos: PhotoIndex): Unrevised<PostDocument> {
  const cover = photoUse(post.mainImage);
  const { photo } = indexed(photos, cover.photo, `post ${post.slug}: mainImage`);
  if (Number.isNaN(Date.parse(post.publishedAt))) {
    throw new Error(`post ${post.slug}: invalid publishedAt`);
  }
  return {
    _id: `post-${post.slug}`,
    _type: "post",
    _createdAt: post.publishedAt,
    _updatedAt: post.publishedAt,
    title: post.title,
    titleTranslations: translationsOf(
      "String",
      translatedTexts(post.translations, (t) => t.title),
    ),
    slug: slug(post.slug, `post ${post.title}`),
    publishedAt: post.publishedAt,
    excerpt: post.excerpt,
    excerptTranslations: translationsOf(
      "Text",
      translatedTexts(post.translations, (t) => t.excerpt),
    ),
    mainImage: {
      ...imageField(post.mainImage, photos, `post ${post.slug}`),
      alt: photo.alt,
      ...photoTextTranslations(cover.photo, ["alt"]),
    },
    ...bodies(post, photos),
  };
}

/**
 * The site settings, the pages (the imprint with the photo credits appended) and the posts of
 * demo/content.ts, in the dataset's order.
 */
export function contentDocs(
  manifest: Manifest,
  photos: PhotoIndex,
  /** The logo's image asset id (logo.ts). */
  logo: string,
): Unrevised<
  | SiteSettingsDocument
  | LocationSettings
  | StoreDocument
  | BookingSettings
  | SessionType
  | PageDocument
  | PostDocument
>[] {
  const dates = new Set<string>();
  for (const post of posts) {
    if (dates.has(post.publishedAt)) throw new Error(`Two posts published at ${post.publishedAt}`);
    dates.add(post.publishedAt);
  }
  return [
    siteSettingsDoc(siteSettings, photos, logo),
    locationSettingsDoc(),
    storeDoc(store),
    bookingSettingsDoc(booking),
    ...booking.sessions.map(sessionTypeDoc),
    ...pages.map((page) =>
      pageDoc(
        page.slug === "imprint"
          ? { ...page, body: [...page.body, ...creditsSection(manifest)] }
          : page,
        photos,
      ),
    ),
    ...posts.map((post) => postDoc(post, photos)),
  ];
}

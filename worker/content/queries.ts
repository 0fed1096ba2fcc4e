import { defineQuery } from "groq";

/**
 * Every GROQ query the site runs, in one place. Projections fetch only what the pages
 * render. Parameter names avoid the client's own option names (`tag`, `query`, …).
 */

/**
 * The fields an image needs on the page: URL parts, size, placeholder, colour, and the media
 * plugin's texts (alt text, title, credit), which may be one string or one per language.
 */
const ASSET = `{
  _id,
  url,
  "width": metadata.dimensions.width,
  "height": metadata.dimensions.height,
  "lqip": metadata.lqip,
  "color": metadata.palette.dominant.background,
  altText,
  title,
  creditLine
}`;

/**
 * A text the owner writes in each of the site's languages: the field holds it in the site's own
 * language (`$base`), `{field}Translations` in the others (sanity-plugin-internationalized-
 * array, one item per language). It is read in the request's language (`$language`), else in
 * the site's own.
 */
const inLanguage = (field: string) =>
  `coalesce(${field}Translations[language == $language][0].value, ${field})`;

/**
 * The language a text is shown in when it is not the request's (its translation is missing,
 * so it is the site's own): a page marks that text with it (`lang`). Null otherwise.
 */
const fallbackOf = (field: string) =>
  `"${field}": select(defined(${field}Translations[language == $language][0].value) || $language == $base => null, $base)`;

/** An image placed in content, with the editor's crop and hotspot for cropped renditions. */
const IMAGE = `{
  _key,
  _type,
  "title": ${inLanguage("title")},
  "alt": ${inLanguage("alt")},
  "caption": ${inLanguage("caption")},
  forSale,
  crop,
  hotspot,
  "asset": asset->${ASSET},
  "lang": { ${fallbackOf("title")}, ${fallbackOf("alt")}, ${fallbackOf("caption")} }
}`;

/** A body in the request's language, else the site's own: text, photographs, galleries. */
const BODY = `"body": ${inLanguage("body")}[]{
  ...,
  _type == "image" => ${IMAGE},
  _type == "gallery" => {
    _key,
    _type,
    "title": ${inLanguage("title")},
    "images": images[]${IMAGE},
    "lang": { ${fallbackOf("title")} }
  }
}`;

/**
 * A post is published once its `publishedAt` has come: a future date schedules it. Every
 * query that lists or shows posts also answers when the next scheduled post goes live, so
 * nothing cached from it outlives that moment. `$showScheduled` is true only in the owner's
 * draft preview.
 */
const PUBLISHED_POST = `_type == "post" && defined(slug.current)
    && ($showScheduled || dateTime(publishedAt) <= dateTime(now()))`;
const NEXT_SCHEDULED = `"nextScheduled": *[_type == "post" && defined(slug.current)
    && dateTime(publishedAt) > dateTime(now())] | order(publishedAt asc)[0].publishedAt`;

/**
 * A document's title in the request's language; a missing one falls back to the slug, so a
 * half-filled document still renders.
 */
const TITLE = `"title": coalesce(titleTranslations[language == $language][0].value, title, slug.current)`;

const POST_SUMMARY = `{
  ${TITLE},
  "slug": slug.current,
  publishedAt,
  "excerpt": ${inLanguage("excerpt")},
  "mainImage": mainImage${IMAGE},
  "lang": { ${fallbackOf("title")}, ${fallbackOf("excerpt")} }
}`;

/** The slideshow: image assets tagged with every one of `$tagNames` by the media plugin. */
export const backgroundImagesQuery = defineQuery(`
  *[_type == "sanity.imageAsset"
    && count((opt.media.tags[]->name.current)[@ in $tagNames]) == count($tagNames)
  ] | order(_createdAt asc, _id asc) ${ASSET}
`);

/**
 * A translatable field of the site settings, as it is stored: worker/content/site-settings.ts
 * picks the request's language, as the settings name the languages.
 */
const TRANSLATIONS = `[]{ language, value }`;

/**
 * The site settings singleton, raw: the languages are named here, so every text comes with its
 * translations (site-settings.ts picks one). Only the document with the id `siteSettings`
 * counts (the Studio opens exactly that one); any other `siteSettings` document is ignored.
 */
export const siteSettingsQuery = defineQuery(`
  *[_id == "siteSettings"][0]{
    language,
    languages,
    title,
    "titleTranslations": titleTranslations${TRANSLATIONS},
    brand,
    description,
    "descriptionTranslations": descriptionTranslations${TRANSLATIONS},
    ownerName,
    email,
    "socialLinks": socialLinks[]{ label, url },
    "navigation": navigation[]{ label, "labelTranslations": labelTranslations${TRANSLATIONS}, path },
    intro,
    "introTranslations": introTranslations${TRANSLATIONS},
    "socialImage": socialImage{ _key, _type, alt, crop, hotspot, "asset": asset->${ASSET} },
    licenseUrl,
    licensePage
  }
`);

/**
 * The store's catalogue (docs/store.md): the `storeSettings` singleton, read only when the
 * site has its Stripe keys. Only the document with that id counts, as for the site settings.
 */
export const storeQuery = defineQuery(`
  *[_id == "storeSettings"][0]{
    forSale,
    currency,
    tax,
    withdrawn,
    "prints": prints[]{ id, name, widthInches, heightInches, paper, price, fulfilment, labSku },
    "licences": licences[]{ id, name, summary, price, termsUrl, longEdge },
    "shippingRates": shippingRates[]{ id, name, price, minDays, maxDays },
    shippingCountries
  }
`);

export const homeQuery = defineQuery(`{
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc)[0...$postLimit] ${POST_SUMMARY},
  ${NEXT_SCHEDULED}
}`);

export const pageBySlugQuery = defineQuery(`
  *[_type == "page" && slug.current == $slug][0]{
    ${TITLE},
    "slug": slug.current,
    "description": ${inLanguage("description")},
    _updatedAt,
    ${BODY},
    "lang": { ${fallbackOf("title")}, ${fallbackOf("description")}, ${fallbackOf("body")} }
  }
`);

export const postBySlugQuery = defineQuery(`{
  "post": *[${PUBLISHED_POST} && slug.current == $slug][0]{
    ${TITLE},
    "slug": slug.current,
    publishedAt,
    "excerpt": ${inLanguage("excerpt")},
    _updatedAt,
    "mainImage": mainImage${IMAGE},
    ${BODY},
    "lang": { ${fallbackOf("title")}, ${fallbackOf("excerpt")}, ${fallbackOf("body")} }
  },
  ${NEXT_SCHEDULED}
}`);

/** One page of the archive: `$start` to `$end` of the published posts, newest first. */
export const archiveQuery = defineQuery(`{
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc)[$start...$end] ${POST_SUMMARY},
  "total": count(*[${PUBLISHED_POST}]),
  ${NEXT_SCHEDULED}
}`);

/** The latest posts for the RSS feed, with excerpt and cover. */
export const feedQuery = defineQuery(`{
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc)[0...$postLimit] {
    "slug": slug.current,
    ${TITLE},
    "excerpt": ${inLanguage("excerpt")},
    publishedAt,
    _updatedAt,
    "mainImage": mainImage${IMAGE}
  },
  ${NEXT_SCHEDULED}
}`);

/** A photograph's camera data and media tags, for its own page (never its location). */
export const cameraQuery = defineQuery(`
  *[_id == $assetId][0]{
    "exif": metadata.exif{ FNumber, ExposureTime, FocalLength, ISO, LensModel, DateTimeOriginal },
    "image": metadata.image{ Make, Model },
    "tags": opt.media.tags[]->name.current
  }
`);

/** Everything the sitemap lists. */
export const siteIndexQuery = defineQuery(`{
  "pages": *[_type == "page" && defined(slug.current)] | order(slug.current asc) {
    "slug": slug.current, ${TITLE}, _updatedAt
  },
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc) {
    "slug": slug.current, _updatedAt, publishedAt
  },
  ${NEXT_SCHEDULED}
}`);

/**
 * A photograph as the collection pages list it: the placement (its key, alt text, crop and
 * hotspot) and what the asset says about it (size, colour, alt text, the media plugin's tags,
 * the camera, lens and date from its EXIF). Nothing else: thousands of these are read at once
 * (no LQIP: the thumbnails wait on their dominant colour; no captions or credits: the photo
 * page has them). Where it was made (the placement's own level, the importer's `place`,
 * Sanity's `metadata.location`) is read here only to go through the owner's location rule in
 * collection.ts, before anything is cached or answered.
 */
const INDEXED_IMAGE = `{
  _key,
  "alt": ${inLanguage("alt")},
  "lang": { ${fallbackOf("alt")} },
  crop,
  hotspot,
  location,
  "asset": asset->{
    _id,
    url,
    "width": metadata.dimensions.width,
    "height": metadata.dimensions.height,
    "color": metadata.palette.dominant.background,
    altText,
    "tags": opt.media.tags[]->name.current,
    "make": metadata.image.Make,
    "model": metadata.image.Model,
    "lens": metadata.exif.LensModel,
    "takenAt": metadata.exif.DateTimeOriginal,
    "gps": metadata.location{lat, lng},
    "place": place{lat, lng, precision, names}
  }
}`;

/**
 * Every photograph placed in a published page or post (covers, body images, galleries), with
 * where it is placed; worker/content/collection.ts turns it into the site's collection (one
 * entry per photograph, newest first). A page's date is when it was created, a post's when it
 * was published. The owner's location rule (`settings.location`, a private document: only a
 * request with the token reads it; without, nothing is located) comes with it.
 */
export const photoIndexQuery = defineQuery(`{
  "documents": *[((_type == "page" && defined(slug.current)) || (${PUBLISHED_POST}))] | order(_id asc) {
    _type,
    "slug": slug.current,
    "date": coalesce(publishedAt, _createdAt),
    "cover": mainImage${INDEXED_IMAGE},
    "images": ${inLanguage("body")}[_type == "image"]${INDEXED_IMAGE},
    "galleries": ${inLanguage("body")}[_type == "gallery"].images[]${INDEXED_IMAGE}
  },
  "locationRule": *[_id == "settings.location"][0]{precision, "zones": zones[]{centre, radius}},
  ${NEXT_SCHEDULED}
}`);

/**
 * A search of the site's photographs and documents for every one of `$terms` (words with `*`,
 * so a word being typed matches), ranked by `score()`: titles and captions count more than
 * alt texts, tags more than camera names, a document's title more than its excerpt, and that
 * more than its text. Photographs answer as asset ids (the worker finds each one's page in the
 * collection); documents with their texts, for a snippet. `$hiddenTag` (the slideshow's) is
 * not searched.
 */
export const searchQuery = defineQuery(`{
  "photos": *[_type == "sanity.imageAsset"
      && ([title, altText, description, metadata.image.Make, metadata.image.Model, metadata.exif.LensModel]
        + coalesce(opt.media.tags[]->name.current, [])[@ != $hiddenTag]) match $terms]
    | score(
      boost([title, description] match $terms, 3),
      boost(coalesce(opt.media.tags[]->name.current, [])[@ != $hiddenTag] match $terms, 2),
      altText match $terms,
      [metadata.image.Make, metadata.image.Model, metadata.exif.LensModel] match $terms
    )
    | order(_score desc, _id asc)[0...$photoLimit]{ _id },
  "documents": *[((_type == "page" && defined(slug.current)) || (${PUBLISHED_POST}))
      && [${inLanguage("title")}, ${inLanguage("excerpt")}, ${inLanguage("description")},
        pt::text(${inLanguage("body")}), ${inLanguage("body")}[].caption,
        ${inLanguage("body")}[].images[].caption] match $terms]
    | score(
      boost(${inLanguage("title")} match $terms, 5),
      boost([${inLanguage("excerpt")}, ${inLanguage("description")}] match $terms, 2),
      [pt::text(${inLanguage("body")}), ${inLanguage("body")}[].caption,
        ${inLanguage("body")}[].images[].caption] match $terms
    )
    | order(_score desc, _id asc)[0...$documentLimit]{
      _type,
      "slug": slug.current,
      ${TITLE},
      publishedAt,
      "summary": coalesce(${inLanguage("excerpt")}, ${inLanguage("description")}),
      "text": pt::text(${inLanguage("body")})
    },
  ${NEXT_SCHEDULED}
}`);

export const SLIDESHOW_TAG = "Slideshow Image";

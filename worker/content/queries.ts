import { defineQuery } from "groq";

/**
 * Every GROQ query the site runs, in one place: one query per page, so a page that is not cached
 * costs one round trip to Sanity. Each brings what frames the page (the site settings, and the
 * slideshow where the page shows it) with the page's own content, and its projections fetch only
 * what the page renders. Parameter names avoid the client's own option names (`tag`, `query`, …).
 *
 * Content is read in `$language`: a further language of the site (`/de/…`), or "" for the
 * site's own, whose texts are the fields themselves; `$siteLanguage` is the worker's default of
 * the site's language, for when the settings name none.
 */

/**
 * The fields an image needs on the page: URL parts, size, placeholder, colour, the media
 * plugin's texts (alt text, title, credit), which may be one string or one per language, and
 * the size of its private original when the asset is the public copy of a larger one
 * (shared/public-size.ts).
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
  creditLine,
  "original": original{ width, height }
}`;

/**
 * A text the owner writes in each of the site's languages: the field holds it in the site's own
 * language, `{field}Translations` in the others (sanity-plugin-internationalized-array, one item
 * per language). It is read in the request's language, else in the site's own. (TypeGen reads
 * these fragments without running them: a fragment takes literals only, and calls no other.)
 */
const inLanguage = (field: string) =>
  `coalesce(${field}Translations[language == $language][0].value, ${field})`;

/** The site's own language: the settings', else the worker's default. */
const SITE_LANGUAGE = `coalesce(*[_id == "siteSettings"][0].language, $siteLanguage)`;

/**
 * The language a text is shown in when it is not the page's (its translation is missing, so it
 * is the site's own): a page marks that text with it (`lang`). Null otherwise.
 */
const fallbackOf = (field: string) =>
  `"${field}": select(defined(${field}Translations[language == $language][0].value) || $language == "" => null, ${SITE_LANGUAGE})`;

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

/** Portable Text: text, photographs, galleries. */
const BLOCKS = `[]{
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

/** A body in the request's language, else the site's own. */
const BODY = `"body": ${inLanguage("body")}${BLOCKS}`;

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
/** Every document with an address: pages, and the published posts. */
const PUBLISHED_DOCUMENT = `((_type == "page" && defined(slug.current)) || (${PUBLISHED_POST}))`;

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

/** A translatable field of the site settings, as it is stored (site-settings.ts picks one). */
const TRANSLATIONS = `[]{ language, value }`;

/**
 * The site settings singleton, raw: the languages are named here, so every text comes with its
 * translations (site-settings.ts picks one). Only the document with the id `siteSettings`
 * counts (the Studio opens exactly that one); any other `siteSettings` document is ignored.
 */
const SETTINGS = `"settings": *[_id == "siteSettings"][0]{
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
    "names": names[]{ name, "nameTranslations": nameTranslations${TRANSLATIONS} },
    "socialImage": socialImage{ _key, _type, alt, crop, hotspot, "asset": asset->${ASSET} },
    licenseUrl,
    licensePage,
    timeZone,
    publicSize,
    zoom
  }`;

/** The slideshow: image assets tagged with every one of `$tagNames` by the media plugin. */
const SLIDESHOW = `"slideshow": *[_type == "sanity.imageAsset"
    && count((opt.media.tags[]->name.current)[@ in $tagNames]) == count($tagNames)
  ] | order(_createdAt asc, _id asc) ${ASSET}`;

/** What frames a page: the settings and the slideshow behind it. */
const LAYOUT = `${SETTINGS},
  ${SLIDESHOW}`;

/**
 * The store's catalogue (docs/store.md), only when `$store` (the site has its Stripe keys), its
 * words in the request's language: the `storeSettings` singleton; only the document with that id
 * counts, as for the site settings.
 */
const STORE = `"store": *[_id == "storeSettings" && $store][0]{
    forSale,
    currency,
    tax,
    withdrawn,
    "prints": prints[]{
      id, "name": ${inLanguage("name")}, widthInches, heightInches, "paper": ${inLanguage("paper")},
      price, fulfilment, labSku, "labAttributes": labAttributes[]{ name, value }
    },
    "licences": licences[]{
      id, "name": ${inLanguage("name")}, "summary": ${inLanguage("summary")}, price, termsUrl, longEdge
    },
    "shippingRates": shippingRates[]{ id, "name": ${inLanguage("name")}, price, minDays, maxDays },
    shippingCountries,
    "offers": offers[]{ code, percentOff, amountOff, endsAt, limit, products, active },
    "cartReminder": cartReminder{
      enabled, delayHours, percentOff, amountOff, offerHours, message,
      "translations": messageTranslations[]{ language, value }
    }
  }`;

/** A page with nothing of its own to read (an error, a client gallery, the cart): its frame. */
export const layoutQuery = defineQuery(`{
  ${LAYOUT},
  ${STORE}
}`);

/**
 * What `/book` offers (docs/booking.md): the owner's hours (the `bookingSettings` singleton; only
 * the document with that id counts), the session types with their words in the request's
 * language, and the store's currency, which prices them.
 */
export const bookingQuery = defineQuery(`{
  ${LAYOUT},
  ${STORE},
  "hours": *[_id == "bookingSettings"][0]{
    timeZone, weeklyHours[]{ weekday, from, to }, datesOff, noticeHours, daysAhead, perDay, stepMinutes,
    invoiceFrom, cancellation[]{ daysBefore, refundPercent }
  },
  "sessions": *[_type == "sessionType" && defined(slug.current)]
    | order(durationMinutes asc, _id asc){
    "slug": slug.current,
    "title": ${inLanguage("title")},
    "description": ${inLanguage("description")},
    "lang": { ${fallbackOf("title")}, ${fallbackOf("description")} },
    durationMinutes, bufferBeforeMinutes, bufferAfterMinutes, price, deposit, depositPercent, instalments,
    "location": ${inLanguage("location")},
    contract,
    "contractTranslation": contractTranslations[language == $language][0].value,
    licence,
    "questionnaire": questionnaire[]{
      id, "label": ${inLanguage("label")}, kind, choices, required,
      "lang": { ${fallbackOf("label")}, "choices": select($language == "" => null, ${SITE_LANGUAGE}) }
    }
  },
  "currency": *[_id == "storeSettings"][0].currency,
  "tax": *[_id == "storeSettings"][0].tax == true
}`);

export const homeQuery = defineQuery(`{
  ${LAYOUT},
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc)[0...$postLimit] ${POST_SUMMARY},
  ${NEXT_SCHEDULED}
}`);

export const pageBySlugQuery = defineQuery(`{
  ${LAYOUT},
  "page": *[_type == "page" && slug.current == $slug][0]{
    ${TITLE},
    "slug": slug.current,
    "description": ${inLanguage("description")},
    _updatedAt,
    ${BODY},
    "lang": { ${fallbackOf("title")}, ${fallbackOf("description")}, ${fallbackOf("body")} }
  }
}`);

/** The published post just before or after the one in scope (`^`), by date, then by id. */
const NEIGHBOUR = `{ ${TITLE}, "slug": slug.current }`;

export const postBySlugQuery = defineQuery(`{
  ${LAYOUT},
  "post": *[${PUBLISHED_POST} && slug.current == $slug][0]{
    ${TITLE},
    "slug": slug.current,
    publishedAt,
    "older": *[${PUBLISHED_POST} && (publishedAt < ^.publishedAt
      || (publishedAt == ^.publishedAt && _id < ^._id))] | order(publishedAt desc, _id desc)[0]${NEIGHBOUR},
    "newer": *[${PUBLISHED_POST} && (publishedAt > ^.publishedAt
      || (publishedAt == ^.publishedAt && _id > ^._id))] | order(publishedAt asc, _id asc)[0]${NEIGHBOUR},
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
  ${LAYOUT},
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc)[$start...$end] ${POST_SUMMARY},
  "total": count(*[${PUBLISHED_POST}]),
  ${NEXT_SCHEDULED}
}`);

/** The latest posts for the RSS feed, with excerpt and cover. */
export const feedQuery = defineQuery(`{
  ${SETTINGS},
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

/**
 * A photograph as the collection pages list it: the placement (its key, alt text, crop and
 * hotspot) and what the asset says about it (size, colour, alt text, the media plugin's tags,
 * the camera, lens and date from its EXIF). Nothing else: thousands of these are read at once
 * (no LQIP: the thumbnails wait on their dominant colour; no captions or credits: the photo
 * page has them). Where it was made (the importer's `place`, at its placements' coarsest level:
 * their `limits`) is read here only to go through collection.ts's `locate`, before anything is
 * cached or answered; never Sanity's `metadata.location`, which the site's ways in leave empty
 * (docs/map.md).
 */
const INDEXED_IMAGE = `{
  _key,
  "alt": ${inLanguage("alt")},
  "lang": { ${fallbackOf("alt")} },
  crop,
  hotspot,
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
    "place": place{lat, lng, precision, names}
  }
}`;

/**
 * Every placement of a document in every language (`filter` picks which), with how far each
 * lets the site go (its location level, its zoom): the strictest of them decides for all
 * languages, so a language whose copy says less is no way around it.
 */
const limits = (filter: string) => `"limits": [mainImage, ...body[], ...body[].images[],
      ...bodyTranslations[].value[], ...bodyTranslations[].value[].images[]][${filter}]{
      "asset": asset._ref, location, zoom
    }`;

/**
 * Whether a photograph of the site's own body (`@`, in a filter whose parent scope is its
 * document) is left out of the document's body in the request's language, when it has one.
 * Every language shows it (PHOTO_ASSET finds it in the site's own body), so it is one of the
 * document's photographs in that language too.
 */
const LEFT_OUT = `defined(^.bodyTranslations[language == $language][0].value) && !(asset._ref in [
      ...^.bodyTranslations[language == $language][0].value[_type == "image"].asset._ref,
      ...^.bodyTranslations[language == $language][0].value[_type == "gallery"].images[].asset._ref
    ])`;

/** A document's photographs where it places them, for the collection (collection.ts). */
const INDEXED_DOCUMENT = `{
    _type,
    "slug": slug.current,
    "date": coalesce(publishedAt, _createdAt),
    "cover": mainImage${INDEXED_IMAGE},
    "images": ${inLanguage("body")}[_type == "image"]${INDEXED_IMAGE},
    "galleries": ${inLanguage("body")}[_type == "gallery"].images[]${INDEXED_IMAGE},
    "leftOutImages": body[_type == "image" && ${LEFT_OUT}]${INDEXED_IMAGE},
    "leftOutGalleries": (body[_type == "gallery"].images[])[${LEFT_OUT}]${INDEXED_IMAGE},
    ${limits("defined(asset._ref) && (defined(location) || defined(zoom))")}
  }`;

/** The same, with only its placements of the asset that is the parent scope (`^`). */
const PLACEMENTS = `{
    _type,
    "slug": slug.current,
    "date": coalesce(publishedAt, _createdAt),
    "cover": select(mainImage.asset._ref == ^._id => mainImage)${INDEXED_IMAGE},
    "images": ${inLanguage("body")}[_type == "image" && asset._ref == ^.^._id]${INDEXED_IMAGE},
    "galleries": (${inLanguage("body")}[_type == "gallery"].images[])[asset._ref == ^.^._id]${INDEXED_IMAGE},
    "leftOutImages": body[_type == "image" && asset._ref == ^.^._id && ${LEFT_OUT}]${INDEXED_IMAGE},
    "leftOutGalleries": (body[_type == "gallery"].images[])[asset._ref == ^.^._id && ${LEFT_OUT}]${INDEXED_IMAGE},
    ${limits("asset._ref == ^.^._id")}
  }`;

/**
 * Every photograph placed in a published page or post (covers, body images, galleries), with
 * where it is placed; worker/content/collection.ts turns it into the site's collection (one
 * entry per photograph, newest first). A page's date is when it was created, a post's when it
 * was published.
 */
const PHOTO_INDEX = `"documents": *[${PUBLISHED_DOCUMENT}] | order(_id asc) ${INDEXED_DOCUMENT}`;

/** Every photograph of the site (the collection, tag, camera and lens pages, the map). */
export const photoIndexQuery = defineQuery(`{
  ${LAYOUT},
  ${PHOTO_INDEX},
  ${NEXT_SCHEDULED}
}`);

/** Everything the sitemap lists: every address, and every photograph. */
export const sitemapQuery = defineQuery(`{
  ${SETTINGS},
  "pages": *[_type == "page" && defined(slug.current)] | order(slug.current asc) {
    "slug": slug.current, ${TITLE}, _updatedAt
  },
  "posts": *[${PUBLISHED_POST}] | order(publishedAt desc) {
    "slug": slug.current, _updatedAt, publishedAt
  },
  ${PHOTO_INDEX},
  ${NEXT_SCHEDULED}
}`);

/**
 * A search of the site's photographs and documents for every one of `$terms` (words with `*`,
 * so a word being typed matches), ranked by `score()`: titles and captions count more than
 * alt texts, tags more than camera names, a document's title more than its excerpt, and that
 * more than its text. Photographs answer as asset ids (the worker finds each one's page in the
 * collection, which comes with them, and keeps those a published page or post shows): the Media
 * library's matches, ranked, then those whose alt text, title or caption where they are placed
 * (in the page's language) match; documents with their texts, for a snippet. `$hiddenTag`
 * (the slideshow's) is not searched. Without `$terms` (an empty search), only the collection.
 */
export const searchQuery = defineQuery(`{
  ${LAYOUT},
  ${PHOTO_INDEX},
  "found": {
    "photos": *[_type == "sanity.imageAsset" && count($terms) > 0
        && ([title, altText, description, metadata.image.Make, metadata.image.Model, metadata.exif.LensModel]
          + coalesce(opt.media.tags[]->name.current, [])[@ != $hiddenTag]) match $terms]
      | score(
        boost([title, description] match $terms, 3),
        boost(coalesce(opt.media.tags[]->name.current, [])[@ != $hiddenTag] match $terms, 2),
        altText match $terms,
        [metadata.image.Make, metadata.image.Model, metadata.exif.LensModel] match $terms
      )
      | order(_score desc, _id asc)[0...$photoLimit]{ _id },
    "placed": *[${PUBLISHED_DOCUMENT} && count($terms) > 0]{
        "ids": [mainImage, ...${inLanguage("body")}[_type == "image"],
            ...${inLanguage("body")}[_type == "gallery"].images[]]
          [[${inLanguage("alt")}, ${inLanguage("title")}, ${inLanguage("caption")}] match $terms]
          .asset._ref
      }.ids[],
    "documents": *[${PUBLISHED_DOCUMENT} && count($terms) > 0
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
      }
  },
  ${NEXT_SCHEDULED}
}`);

/**
 * A photograph's document as its photo page shows it: its title, its cover (a post's) and its
 * body with the photographs.
 */
const PHOTO_DOCUMENT = `{
    ${TITLE},
    "slug": slug.current,
    "mainImage": mainImage${IMAGE},
    ${BODY},
    "lang": { ${fallbackOf("title")}, ${fallbackOf("body")} }
  }`;

/**
 * Whether the asset that is the parent scope (`^`) is for sale, as each of its placements says
 * (in every published document, in every language: the strictest decides, store/catalogue.ts).
 */
const SALE_SETTINGS = `"saleSettings": *[${PUBLISHED_DOCUMENT} && references(^._id)]{
      "each": [mainImage, ...body[], ...body[].images[], ...bodyTranslations[].value[],
        ...bodyTranslations[].value[].images[]][asset._ref == ^.^._id].forSale
    }.each[]`;

/** The page or post (`$kind`) with the address `$slug`, when it is published. */
const PHOTO_HOST = `*[_type == $kind && slug.current == $slug && ${PUBLISHED_DOCUMENT}][0]`;

/**
 * The asset of the photograph `$key` of that document: in the language's own body, in the
 * site's own, or its cover.
 */
const PHOTO_ASSET = `${PHOTO_HOST}{
    "asset": coalesce(
      select($key == "cover" => mainImage.asset),
      ${inLanguage("body")}[_key == $key][0].asset,
      (${inLanguage("body")}[_type == "gallery"].images[])[_key == $key][0].asset,
      body[_key == $key][0].asset,
      (body[_type == "gallery"].images[])[_key == $key][0].asset
    )
  }.asset`;

/**
 * A photograph's own page (`$kind`, `$slug`, `$key`): its document, and, on a page in a further
 * language, the body of the site's own language (which holds the photographs every language
 * shows; their texts in the request's language; empty, never null, for a document without one:
 * null says the request is in the site's own language), the photograph's camera data and media tags
 * (never its location), every published document that places it (where it was made, as
 * collection.ts lets the site say it, at the coarsest of its placements), the settings and the store's
 * catalogue. No slideshow: nothing moves behind a photograph.
 */
export const photoPageQuery = defineQuery(`{
  ${SETTINGS},
  ${STORE},
  "document": ${PHOTO_HOST}${PHOTO_DOCUMENT},
  "siteBody": *[_type == $kind && slug.current == $slug && $language != ""][0]{
    "body": select(defined(body) => body${BLOCKS}, [])
  }.body,
  "photo": ${PHOTO_ASSET}->{
    "exif": metadata.exif{ FNumber, ExposureTime, FocalLength, ISO, LensModel, DateTimeOriginal },
    "image": metadata.image{ Make, Model },
    "tags": opt.media.tags[]->name.current,
    "placements": *[${PUBLISHED_DOCUMENT} && references(^._id)] ${PLACEMENTS},
    ${SALE_SETTINGS}
  },
  ${NEXT_SCHEDULED}
}`);

export const SLIDESHOW_TAG = "Slideshow Image";

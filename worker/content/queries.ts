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

/** An image placed in content, with the editor's crop and hotspot for cropped renditions. */
const IMAGE = `{ _key, _type, alt, caption, crop, hotspot, "asset": asset->${ASSET} }`;

const BODY = `body[]{
  ...,
  _type == "image" => ${IMAGE},
  _type == "gallery" => { _key, _type, title, "images": images[]${IMAGE} }
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

/** A missing title falls back to the slug, so a half-filled document still renders. */
const TITLE = `"title": coalesce(title, slug.current)`;

const POST_SUMMARY = `{
  ${TITLE},
  "slug": slug.current,
  publishedAt,
  excerpt,
  "mainImage": mainImage${IMAGE}
}`;

/** The slideshow: image assets tagged with every one of `$tagNames` by the media plugin. */
export const backgroundImagesQuery = defineQuery(`
  *[_type == "sanity.imageAsset"
    && count((opt.media.tags[]->name.current)[@ in $tagNames]) == count($tagNames)
  ] | order(_createdAt asc, _id asc) ${ASSET}
`);

/**
 * The site settings singleton. Only the document with the id `siteSettings` counts (the
 * Studio opens exactly that one); any other `siteSettings` document is ignored.
 */
export const siteSettingsQuery = defineQuery(`
  *[_id == "siteSettings"][0]{
    title,
    brand,
    description,
    ownerName,
    email,
    "socialLinks": socialLinks[]{ label, url },
    "navigation": navigation[]{ label, path },
    intro,
    "socialImage": socialImage${IMAGE}
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
    description,
    _updatedAt,
    ${BODY}
  }
`);

export const postBySlugQuery = defineQuery(`{
  "post": *[${PUBLISHED_POST} && slug.current == $slug][0]{
    ${TITLE},
    "slug": slug.current,
    publishedAt,
    excerpt,
    _updatedAt,
    "mainImage": mainImage${IMAGE},
    ${BODY}
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
    "slug": slug.current, ${TITLE}, excerpt, publishedAt, _updatedAt, "mainImage": mainImage${IMAGE}
  },
  ${NEXT_SCHEDULED}
}`);

/** A photograph's camera data, for its own page (never its location). */
export const cameraQuery = defineQuery(`
  *[_id == $assetId][0]{
    "exif": metadata.exif{ FNumber, ExposureTime, FocalLength, ISO, LensModel, DateTimeOriginal },
    "image": metadata.image{ Make, Model }
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

export const SLIDESHOW_TAG = "Slideshow Image";

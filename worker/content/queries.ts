import { defineQuery } from "groq";

/**
 * Every GROQ query the site runs, in one place. Projections fetch only what the pages
 * render. Parameter names avoid the client's own option names (`tag`, `query`, …).
 */

/** The fields an image needs on the page: URL parts, size, placeholder, alt text, colour. */
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

const IMAGE = `{ _key, _type, alt, caption, "asset": asset->${ASSET} }`;

const BODY = `body[]{
  ...,
  _type == "image" => ${IMAGE},
  _type == "gallery" => { _key, _type, title, "images": images[]${IMAGE} }
}`;

const POST_SUMMARY = `{
  title,
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

export const homeQuery = defineQuery(`{
  "intro": *[_id == "siteSettings"][0].intro,
  "posts": *[_type == "post" && defined(slug.current) && defined(publishedAt)]
    | order(publishedAt desc)[0...$postLimit] ${POST_SUMMARY}
}`);

export const pageBySlugQuery = defineQuery(`
  *[_type == "page" && slug.current == $slug][0]{
    title,
    "slug": slug.current,
    description,
    _updatedAt,
    ${BODY}
  }
`);

export const postBySlugQuery = defineQuery(`
  *[_type == "post" && slug.current == $slug][0]{
    title,
    "slug": slug.current,
    publishedAt,
    excerpt,
    _updatedAt,
    "mainImage": mainImage${IMAGE},
    ${BODY}
  }
`);

/** Everything the sitemap and the RSS feed list. */
export const siteIndexQuery = defineQuery(`{
  "pages": *[_type == "page" && defined(slug.current)] | order(slug.current asc) {
    "slug": slug.current, title, _updatedAt
  },
  "posts": *[_type == "post" && defined(slug.current) && defined(publishedAt)]
    | order(publishedAt desc) {
      "slug": slug.current, title, excerpt, publishedAt, _updatedAt
    }
}`);

export const SLIDESHOW_TAG = "Slideshow Image";

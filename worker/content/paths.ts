/**
 * Where each piece of content lives on the site: the one place that spells out an internal
 * address, so links, feeds, the sitemap, canonical URLs and redirects always agree with the
 * route table (worker/routes/route-table.ts), which answers them.
 */

/** A page document and a post are the two kinds of document with addresses of their own. */
export type DocumentKind = "page" | "post";

export const paths = {
  home: () => "/",
  /** A Sanity `page` document (contact, portfolio, imprint, …). */
  page: (slug: string) => `/${slug}`,
  post: (slug: string) => `/post/${slug}`,
  /** A page or post document, by kind. */
  document: (kind: DocumentKind, slug: string) =>
    kind === "post" ? paths.post(slug) : paths.page(slug),
  /** One photograph of a page or post, by its key in the document (`cover` for a post's cover). */
  photo: (kind: DocumentKind, slug: string, key: string) =>
    `${paths.document(kind, slug)}/photo/${key}`,
  /** The archive of posts; its first slice is `/archive` itself. */
  archive: (slice = 1) => (slice === 1 ? "/archive" : `/archive/page/${slice}`),
  rss: () => "/rss.xml",
  sitemap: () => "/sitemap.xml",
} as const;

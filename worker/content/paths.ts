/**
 * Where each piece of content lives on the site: the one place that spells out an internal
 * address, so links, feeds, the sitemap, canonical URLs and redirects always agree with the
 * route table (worker/routes/route-table.ts), which answers them.
 */

/** A page document and a post are the two kinds of document with addresses of their own. */
export type DocumentKind = "page" | "post";

/** A paginated address: the first slice is the address itself, the others `…/page/{n}`. */
const sliced = (base: string, slice: number) => (slice === 1 ? base : `${base}/page/${slice}`);

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
  /** Every photograph, newest first; its first slice is `/photos` itself. */
  photos: (slice = 1) => (slice === 1 ? "/photos" : `/photos/page/${slice}`),
  /** Every tag, with a count and a cover. */
  tags: () => "/tags",
  /** The photographs of a tag, a camera or a lens, by the slug of its name. */
  tag: (slug: string, slice = 1) => sliced(`/tag/${slug}`, slice),
  camera: (slug: string, slice = 1) => sliced(`/camera/${slug}`, slice),
  lens: (slug: string, slice = 1) => sliced(`/lens/${slug}`, slice),
  /** The search page, for a query when one is given. */
  search: (query?: string) =>
    query ? `/search?${new URLSearchParams({ q: query }).toString()}` : "/search",
  /** The contact page (a Sanity page the site expects), where a photograph is licensed by default. */
  contact: () => "/contact",
  rss: () => "/rss.xml",
  sitemap: () => "/sitemap.xml",
} as const;

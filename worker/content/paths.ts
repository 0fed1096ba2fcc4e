/**
 * Where each piece of content lives on the site: the one place that spells out an internal
 * address, so links, feeds, the sitemap, canonical URLs and redirects always agree with the
 * routes (each feature's index.ts), which answer them.
 */

import { isLanguage, LANGUAGE_CODES, type Language } from "../../shared/i18n/languages.ts";

/** A page document and a post are the two kinds of document with addresses of their own. */
export type DocumentKind = "page" | "post";

/** The slug of the page the inquiry form follows. */
export const CONTACT_SLUG = "contact";

/**
 * `/{slug}` for Sanity pages, but never `/post`, which is only a prefix of posts' addresses: the
 * route pattern of pages and of the photographs on them (`/{slug}/photo/{key}`).
 */
export const PAGE_SLUG = ":slug{(?!post$)[^/]+}";

/** A slice of a paginated address: 1 to 9999, without a leading zero. */
export const isPageNumber = (value: string): boolean => /^[1-9][0-9]{0,3}$/.test(value);

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
  archive: (slice = 1) => sliced("/archive", slice),
  /** Every photograph, newest first; its first slice is `/photos` itself. */
  photos: (slice = 1) => sliced("/photos", slice),
  /** Every tag, with a count and a cover. */
  tags: () => "/tags",
  /** The photographs of a tag, a camera or a lens, by the slug of its name. */
  tag: (slug: string, slice = 1) => sliced(`/tag/${slug}`, slice),
  camera: (slug: string, slice = 1) => sliced(`/camera/${slug}`, slice),
  lens: (slug: string, slice = 1) => sliced(`/lens/${slug}`, slice),
  /** The search page, for a query when one is given. */
  search: (query?: string) =>
    query ? `/search?${new URLSearchParams({ q: query }).toString()}` : "/search",
  /**
   * The contact page (the `page` document with the slug `contact`, followed by the inquiry
   * form), optionally about one photograph: `photo` is its reference (`{page}/{key}` or
   * `post/{post}/{key}`, see shared/inquiries.ts). The form posts here too.
   */
  contact: (photo?: string) => (photo ? `/${CONTACT_SLUG}?photo=${photo}` : `/${CONTACT_SLUG}`),
  /**
   * The contact form about one photograph of a page or post: its photo reference is the
   * photograph's address without `/photo` (`portfolio/b2i6`, `post/a-walk/cover`).
   */
  contactAbout: (kind: DocumentKind, slug: string, key: string) =>
    paths.contact(kind === "post" ? `post/${slug}/${key}` : `${slug}/${key}`),
  /** Where a sent inquiry lands (303 after the POST, so a reload never sends it again). */
  contactThanks: () => `/${CONTACT_SLUG}/thanks`,
  /** A signed "form opened at" stamp for the contact form's script (never cached). */
  inquiryStamp: () => "/_app/inquiries/stamp",
  /** Where the photographs were made, every one's or one tag's (by the slug of its name). */
  map: (tag?: string) => (tag ? `/map?tag=${tag}` : "/map"),
  /** The map's data (worker/discovery/map-places.ts), every place's or one tag's. */
  mapData: (tag?: string) => (tag ? `/map/data.json?tag=${tag}` : "/map/data.json"),
  /** The basemap's tiles, as a template (`{z}`, `{x}`, `{y}`). */
  mapTiles: () => "/map/tiles/{z}/{x}/{y}.mvt",
  /** One place on the map page: its item in the list, which the map centres on. */
  mapPlace: (id: string) => `/map#${id}`,
  rss: () => "/rss.xml",
  sitemap: () => "/sitemap.xml",
} as const;

/**
 * Addresses that exist once, in no language: the app's endpoints, the build's files, client
 * galleries (each in the site's own language), the crawlers' files and the map's data and
 * tiles. Every other address has a copy per further language at `/{language}/…`.
 */
const LANGUAGE_NEUTRAL =
  /^\/(?:_app|assets|g)(?:\/|$)|^\/(?:robots\.txt|sitemap(?:-[0-9]+)?\.xml)$|^\/map\/(?:data\.json$|tiles\/)/;

export const isLanguageNeutral = (path: string): boolean => LANGUAGE_NEUTRAL.test(path);

const LANGUAGE_PREFIX = new RegExp(`^/(${LANGUAGE_CODES.join("|")})(?=/|$)`);

/**
 * An address split into its language prefix, if it has one, and the site's own path after it:
 * `/de/post/a-walk` → `de`, `/post/a-walk`; `/de` → `de`, `/`. A language-neutral path after
 * a prefix keeps it (`/de/robots.txt` is no address).
 */
export function splitLanguage(path: string): { language?: Language; path: string } {
  const match = LANGUAGE_PREFIX.exec(path);
  const language = match?.[1];
  if (!match || !isLanguage(language)) return { path };
  const rest = path.slice(match[0].length) || "/";
  return isLanguageNeutral(rest) ? { path } : { language, path: rest };
}

/**
 * The address of `path` (a path of the site, with its query and fragment) in `language`: the
 * site's own language and language-neutral addresses have no prefix, every other one
 * `/{language}`. An address with a prefix already, or not of this site, stays as it is.
 */
export function inLanguage(path: string, language: Language, base: Language): string {
  if (language === base || !path.startsWith("/") || path.startsWith("//")) return path;
  const end = path.search(/[?#]/);
  const [pathname, rest] = end < 0 ? [path, ""] : [path.slice(0, end), path.slice(end)];
  if (isLanguageNeutral(pathname) || splitLanguage(pathname).language) return path;
  return `/${language}${pathname === "/" ? "" : pathname}${rest}`;
}

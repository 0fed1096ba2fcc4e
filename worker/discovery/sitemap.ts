import type { Context } from "hono";
import type { Language } from "../../shared/i18n/languages.ts";
import { isPageSlug, isSlug } from "../../shared/slug.ts";
import { cameraGroups, lensGroups, tagGroups } from "../content/collection.ts";
import { croppedSize, type ImageUrls } from "../content/image-urls.ts";
import type { PhotoCollection, SiteIndex } from "../content/model.ts";
import { inLanguage, paths } from "../content/paths.ts";
import type { SiteSettings } from "../content/site-settings.ts";
import { escapeXml } from "../lib/xml.ts";
import { FEED_CACHE_CONTROL, type Feed, latest, parseDate, postModified } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor } from "../request/context.ts";

/** One address of the sitemap, with its last change and, for a photo page, its photograph. */
export interface SitemapEntry {
  loc: string;
  lastmod?: Date | undefined;
  /** The photograph's address on the image CDN (the image sitemap extension). */
  image?: string;
  /**
   * The same page in each of the site's languages, itself included, and `x-default` (the
   * site's own): xhtml:link alternates, as search engines read hreflang from sitemaps.
   */
  alternates?: readonly { hreflang: string; href: string }[];
}

/** The site's languages, its own first, for the sitemap's alternates. */
export interface SitemapLanguages {
  base: Language;
  languages: readonly Language[];
}

/** How wide the photographs the sitemap names are (search engines index them at this size). */
const SITEMAP_IMAGE_WIDTH = 1280;

/** What the sitemap protocol allows in one file: 50,000 addresses and 50 MB (uncompressed). */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

const SITEMAPS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const IMAGES = "http://www.google.com/schemas/sitemap-image/1.1";
const XHTML = "http://www.w3.org/1999/xhtml";
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `<urlset xmlns="${SITEMAPS}" xmlns:image="${IMAGES}" xmlns:xhtml="${XHTML}">\n`;
const URLSET_CLOSE = "</urlset>\n";

/** One `<url>` line. */
export function urlXml({ loc, lastmod, image, alternates = [] }: SitemapEntry): string {
  const date = lastmod ? `<lastmod>${escapeXml(lastmod.toISOString())}</lastmod>` : "";
  const links = alternates
    .map(
      ({ hreflang, href }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    )
    .join("");
  const picture = image
    ? `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`
    : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${date}${links}${picture}</url>\n`;
}

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/**
 * The entries in files the protocol allows: as few as possible, in order, none with more than
 * `limits.urls` addresses or `limits.bytes` bytes (its XML with head and root element).
 */
export function splitSitemap(
  entries: readonly SitemapEntry[],
  limits: { urls: number; bytes: number } = SITEMAP_LIMITS,
): SitemapEntry[][] {
  const frame = bytes(HEAD + URLSET_OPEN + URLSET_CLOSE);
  const files: SitemapEntry[][] = [[]];
  let size = frame;
  for (const entry of entries) {
    const line = bytes(urlXml(entry));
    const current = files.at(-1) as SitemapEntry[];
    if (current.length > 0 && (current.length >= limits.urls || size + line > limits.bytes)) {
      files.push([entry]);
      size = frame + line;
    } else {
      current.push(entry);
      size += line;
    }
  }
  return files;
}

/** A `<urlset>` of these entries. */
export const urlsetXml = (entries: readonly SitemapEntry[]): string =>
  HEAD + URLSET_OPEN + entries.map(urlXml).join("") + URLSET_CLOSE;

/** A `<sitemapindex>` naming each file of the sitemap, with its newest change. */
export function sitemapIndexXml(files: readonly { loc: string; lastmod?: Date }[]): string {
  const lines = files.map(({ loc, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(lastmod.toISOString())}</lastmod>` : "";
    return `  <sitemap><loc>${escapeXml(loc)}</loc>${date}</sitemap>\n`;
  });
  return `${HEAD}<sitemapindex xmlns="${SITEMAPS}">\n${lines.join("")}</sitemapindex>\n`;
}

/** Everything the sitemap lists. */
export interface SitemapContent {
  index: SiteIndex;
  collection: PhotoCollection;
}

/** An address of the site before it is written in each language: its path in the site. */
type SitePage = Omit<SitemapEntry, "loc" | "alternates"> & { path: string };

/**
 * Every address of the site, in order: the home page, every page and post, the collection
 * pages (all photographs, tags, and each tag, camera and lens), and every photograph's page
 * with the photograph itself; on a site in several languages, each once per language, with
 * its alternates.
 */
export function sitemapEntries(
  { index, collection }: SitemapContent,
  origin: string,
  images: Pick<ImageUrls, "fixed">,
  { base, languages }: SitemapLanguages,
): SitemapEntry[] {
  const pages = index.pages
    .filter((page) => isPageSlug(page.slug))
    .map((page) => ({
      path: paths.page(page.slug),
      lastmod: parseDate(page._updatedAt),
    }));
  const posts = index.posts
    .filter((post) => isSlug(post.slug))
    .map((post) => ({
      path: paths.post(post.slug),
      lastmod: parseDate(postModified(post)),
    }));
  const newest = latest(posts.map((post) => post.lastmod));
  const home = { path: paths.home(), lastmod: newest };
  const { photos } = collection;
  const groups = [
    ...tagGroups(photos).map((group) => paths.tag(group.slug)),
    ...cameraGroups(photos).map((group) => paths.camera(group.slug)),
    ...lensGroups(photos).map((group) => paths.lens(group.slug)),
  ];
  const collections =
    photos.length > 0 ? [paths.photos(), paths.tags(), ...groups].map((path) => ({ path })) : [];
  const shown = photos.filter((photo) => photo.kind === "post" || isPageSlug(photo.slug));
  const photoPages = shown.map((photo) => {
    // The photograph in its crop, 1280 px wide at most: one address each (thousands of them).
    const { width, height } = croppedSize(photo.image);
    const w = Math.min(width, SITEMAP_IMAGE_WIDTH);
    return {
      path: paths.photo(photo.kind, photo.slug, photo.key),
      image: images.fixed(photo.image, w, Math.round((w * height) / width)).url,
    };
  });
  const site: SitePage[] = [home, ...pages, ...posts, ...collections, ...photoPages];
  const url = (path: string, language: Language) => `${origin}${inLanguage(path, language, base)}`;
  if (languages.length < 2)
    return site.map(({ path, ...entry }) => ({ ...entry, loc: url(path, base) }));
  return site.flatMap(({ path, ...entry }) => {
    const alternates = [
      ...languages.map((language) => ({ hreflang: language, href: url(path, language) })),
      { hreflang: "x-default", href: url(path, base) },
    ];
    return languages.map((language) => ({ ...entry, loc: url(path, language), alternates }));
  });
}

/** The site's languages as the sitemap lists them. */
const languagesOf = ({ baseLanguage, languages }: SiteSettings): SitemapLanguages => ({
  base: baseLanguage,
  languages,
});

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": FEED_CACHE_CONTROL,
};

/** The address of one file of a split sitemap (`/sitemap-2.xml`). */
export const sitemapFile = (origin: string, number: number) => `${origin}/sitemap-${number}.xml`;

/**
 * `/sitemap.xml`: every address of the site as one `<urlset>`, or, past the protocol's limits,
 * a `<sitemapindex>` of its files (`/sitemap-1.xml`, …), each answered by `sitemapPart`.
 */
export const sitemap: Feed<SitemapContent> = (c, content, origin, site) => {
  const files = splitSitemap(
    sitemapEntries(content, origin, contentFor(c).images, languagesOf(site)),
  );
  if (files.length === 1) return c.body(urlsetXml(files[0] ?? []), 200, XML_HEADERS);
  const index = files.map((entries, i) => ({
    loc: sitemapFile(origin, i + 1),
    lastmod: latest(entries.map((entry) => entry.lastmod)),
  }));
  return c.body(sitemapIndexXml(index), 200, XML_HEADERS);
};

/** `/sitemap-{n}.xml`: one file of a split sitemap; a number past the last is not found. */
export const sitemapPart: Feed<SitemapContent> = (c: Context<AppEnv>, content, origin, site) => {
  const number = Number(/[0-9]+/.exec(c.req.param("file") ?? "")?.[0]);
  const files = splitSitemap(
    sitemapEntries(content, origin, contentFor(c).images, languagesOf(site)),
  );
  const entries = files.length > 1 ? files[number - 1] : undefined;
  if (!entries) return c.text("Not found\n", 404);
  return c.body(urlsetXml(entries), 200, XML_HEADERS);
};

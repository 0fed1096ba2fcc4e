import type { SiteIndex } from "../content/model.ts";
import { paths } from "../content/paths.ts";
import { isSlug } from "../content/slug.ts";
import { escapeXml } from "../lib/xml.ts";
import { FEED_CACHE_CONTROL, type Feed, latest, parseDate } from "../render/feed.ts";

interface SitemapEntry {
  loc: string;
  lastmod: Date | undefined;
}

function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeXml(lastmod.toISOString())}</lastmod>` : "";
    return `  <url><loc>${escapeXml(loc)}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** `/sitemap.xml`: the home page, every page and every post, with their last change. */
export const sitemap: Feed<SiteIndex> = (c, index, origin) => {
  const pages = index.pages
    .filter((page) => isSlug(page.slug))
    .map((page) => ({
      loc: `${origin}${paths.page(page.slug)}`,
      lastmod: parseDate(page._updatedAt),
    }));
  const posts = index.posts
    .filter((post) => isSlug(post.slug))
    .map((post) => ({
      loc: `${origin}${paths.post(post.slug)}`,
      lastmod: parseDate(post._updatedAt) ?? parseDate(post.publishedAt),
    }));
  const home = {
    loc: `${origin}${paths.home()}`,
    lastmod: latest(posts.map((post) => post.lastmod)),
  };
  return c.body(sitemapXml([home, ...pages, ...posts]), 200, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": FEED_CACHE_CONTROL,
  });
};

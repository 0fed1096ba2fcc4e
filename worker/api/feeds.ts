import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { contentSource } from "../content/content-source.ts";
import type { SiteIndex } from "../content/types.ts";
import { log } from "../log.ts";
import { isSlug } from "../routes/checks.ts";
import { escapeXml } from "./xml.ts";

/**
 * The sitemap, the RSS feed of posts and robots.txt. All three are built per request from the
 * request's origin (so URLs are absolute on every host the worker answers on) and the
 * edge-cached site index. Mount before the page routes: `/sitemap.xml` also matches `/:slug`.
 */
export const feeds = new Hono<AppEnv>();

const CACHE_CONTROL = "public, max-age=300";
const RETRY_AFTER_SECONDS = "30";

type Feed = (c: Context<AppEnv>, index: SiteIndex, origin: string) => Response;

/** A valid date as a Date, or undefined; content dates are never trusted blindly. */
function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function latest(dates: (Date | undefined)[]): Date | undefined {
  let newest: Date | undefined;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}

const requestOrigin = (c: Context<AppEnv>): string => new URL(c.req.url).origin;

/** Loads the site index, answering 503 (and logging one line) when the content service fails. */
function withSiteIndex(name: string, build: Feed) {
  return async (c: Context<AppEnv>) => {
    let index: SiteIndex;
    try {
      index = await contentSource(c).siteIndex();
    } catch (error) {
      log.error("Feed unavailable: the content service failed", {
        feed: name,
        path: new URL(c.req.url).pathname,
        requestId: c.get("requestId"),
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
      return c.text("Service temporarily unavailable. Please try again shortly.\n", 503, {
        "Retry-After": RETRY_AFTER_SECONDS,
        "Cache-Control": "no-store",
      });
    }
    return build(c, index, requestOrigin(c));
  };
}

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

feeds.get(
  "/sitemap.xml",
  withSiteIndex("sitemap", (c, index, origin) => {
    const pages = index.pages
      .filter((page) => isSlug(page.slug))
      .map((page) => ({ loc: `${origin}/${page.slug}`, lastmod: parseDate(page._updatedAt) }));
    const posts = index.posts
      .filter((post) => isSlug(post.slug))
      .map((post) => ({
        loc: `${origin}/post/${post.slug}`,
        lastmod: parseDate(post._updatedAt) ?? parseDate(post.publishedAt),
      }));
    const home = { loc: `${origin}/`, lastmod: latest(posts.map((post) => post.lastmod)) };
    return c.body(sitemapXml([home, ...pages, ...posts]), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE_CONTROL,
    });
  }),
);

feeds.get(
  "/rss.xml",
  withSiteIndex("rss", (c, index, origin) => {
    const site = c.get("site");
    const self = `${origin}/rss.xml`;
    const posts = index.posts.filter((post) => isSlug(post.slug));
    const items = posts.map((post) => {
      const link = `${origin}/post/${post.slug}`;
      const published = parseDate(post.publishedAt);
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        published ? `      <pubDate>${escapeXml(published.toUTCString())}</pubDate>` : "",
        post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : "",
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    });
    const built = latest(posts.map((post) => parseDate(post._updatedAt ?? post.publishedAt)));
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      "  <channel>",
      `    <title>${escapeXml(site.title)}</title>`,
      `    <link>${escapeXml(`${origin}/`)}</link>`,
      `    <description>${escapeXml(site.description)}</description>`,
      `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
      built ? `    <lastBuildDate>${escapeXml(built.toUTCString())}</lastBuildDate>` : "",
      ...items,
      "  </channel>",
      "</rss>",
      "",
    ]
      .filter(Boolean)
      .join("\n");
    return c.body(xml, 200, {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": CACHE_CONTROL,
    });
  }),
);

// Replaces the static public/robots.txt: the Sitemap line must be an absolute URL.
feeds.get("/robots.txt", (c) => {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /200",
    "Disallow: /404",
    "",
    `Sitemap: ${requestOrigin(c)}/sitemap.xml`,
    "",
  ].join("\n");
  return c.text(body, 200, { "Cache-Control": CACHE_CONTROL });
});

import { isSlug } from "../../shared/slug.ts";
import type { FeedContent } from "../content/model.ts";
import { inLanguage, paths } from "../content/paths.ts";
import { escapeXml } from "../lib/xml.ts";
import { FEED_CACHE_CONTROL, type Feed, latest, parseDate, postModified } from "../render/feed.ts";
import { contentFor } from "../request/context.ts";

/**
 * How many posts the feed carries: readers poll it often, so it holds the latest ones with
 * their excerpt and cover (not whole bodies); the archive and the sitemap list every post.
 */
export const FEED_POSTS = 30;

/**
 * `/rss.xml`: the latest posts as an RSS 2.0 feed, newest first; `/{language}/rss.xml` the same
 * in a further language (its texts, its addresses).
 */
export const rss: Feed<FeedContent> = (c, content, origin, site) => {
  const images = contentFor(c).images;
  const url = (path: string) => `${origin}${inLanguage(path, site.language, site.baseLanguage)}`;
  const self = url(paths.rss());
  const posts = content.posts.filter((post) => isSlug(post.slug));
  const items = posts.map((post) => {
    const link = url(paths.post(post.slug));
    const published = parseDate(post.publishedAt);
    const cover = post.mainImage?.asset
      ? // One rendition, whose address serves the size the feed states.
        images.responsive(
          { ...post.mainImage, asset: post.mainImage.asset },
          { maxWidth: 1200, widths: [] },
        )
      : undefined;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      published ? `      <pubDate>${escapeXml(published.toUTCString())}</pubDate>` : "",
      post.excerpt ? `      <description>${escapeXml(post.excerpt)}</description>` : "",
      cover
        ? `      <media:content url="${escapeXml(cover.src)}" medium="image" width="${cover.width}" height="${cover.height}"/>`
        : "",
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const built = latest(posts.map((post) => parseDate(postModified(post))));
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${escapeXml(site.title)}</title>`,
    `    <link>${escapeXml(url(paths.home()))}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    `    <language>${escapeXml(site.language)}</language>`,
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
    "Cache-Control": FEED_CACHE_CONTROL,
  });
};

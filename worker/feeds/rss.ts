import { isSlug } from "../routes/checks.ts";
import { FEED_CACHE_CONTROL, type Feed, latest, parseDate } from "./site-index.ts";
import { escapeXml } from "./xml.ts";

/** `/rss.xml`: the posts as an RSS 2.0 feed, newest first. */
export const rss: Feed = (c, index, origin) => {
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
    "Cache-Control": FEED_CACHE_CONTROL,
  });
};

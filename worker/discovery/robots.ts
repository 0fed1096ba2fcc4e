import type { Context } from "hono";
import { paths } from "../content/paths.ts";
import { FEED_CACHE_CONTROL } from "../render/feed.ts";
import { siteOrigin } from "../request/context.ts";

/** `/robots.txt`, served by the worker because its Sitemap line must be an absolute URL. */
export const robots = (c: Context) => {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /200",
    "Disallow: /404",
    "",
    `Sitemap: ${siteOrigin(c)}${paths.sitemap()}`,
    "",
  ].join("\n");
  return c.text(body, 200, { "Cache-Control": FEED_CACHE_CONTROL });
};

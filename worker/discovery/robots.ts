import type { Context } from "hono";
import { paths } from "../content/paths.ts";
import { siteOrigin } from "../request/context.ts";

/**
 * `/robots.txt`, served by the worker because its Sitemap line must be an absolute URL. Its rules
 * match by prefix (RFC 9309): `$` ends the two pages' own, so a page named "2001" or
 * "404-series" is not kept from crawlers with them.
 */
export const robots = (c: Context) => {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /200$",
    "Disallow: /404$",
    "",
    `Sitemap: ${siteOrigin(c)}${paths.sitemap()}`,
    "",
  ].join("\n");
  // It reads no content: nothing a publish changes.
  return c.text(body, 200, { "Cache-Control": "public, max-age=300" });
};

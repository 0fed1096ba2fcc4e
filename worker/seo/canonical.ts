import type { Context } from "hono";

/**
 * The page's canonical URL: the origin the visitor asked (so previews and custom domains name
 * themselves) plus the path, without query string or fragment (?utm_… variants are one page).
 */
export function canonicalUrl(c: Context, path = new URL(c.req.url).pathname): string {
  return new URL(path, new URL(c.req.url).origin).href;
}

export const siteOrigin = (c: Context): string => new URL(c.req.url).origin;

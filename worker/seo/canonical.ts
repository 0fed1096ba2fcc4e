import type { Context } from "hono";
import { siteUrlOrigin } from "../config/site-url.ts";

/**
 * The origin pages, feeds and social cards name: `SITE_URL` when the owner set it (so the
 * `*.workers.dev` copy never calls itself canonical), otherwise the origin the visitor asked.
 */
export const siteOrigin = (c: Context): string =>
  siteUrlOrigin(c.env as { SITE_URL?: string }) ?? new URL(c.req.url).origin;

/**
 * The page's canonical URL: the site's origin plus the path, without query string or fragment
 * (?utm_… variants are one page).
 */
export function canonicalUrl(c: Context, path = new URL(c.req.url).pathname): string {
  return new URL(path, siteOrigin(c)).href;
}

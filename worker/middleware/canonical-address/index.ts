import type { MiddlewareHandler } from "hono";
import { redirectTarget } from "../../lib/redirect-target.ts";
import type { AppEnv } from "../../request/app-env.ts";

/**
 * A path in its one spelling (RFC 3986's normal form): escapes of letters, digits and `-._~`
 * decoded, every other escape in upper case. `/post/a%2Dwalk` and `/post/a-walk` are one page,
 * and so are `%c3%a9` and `%C3%A9`.
 */
export const normalPath = (path: string): string =>
  path.replace(/%[0-9a-fA-F]{2}/g, (escaped) => {
    const char = String.fromCharCode(Number.parseInt(escaped.slice(1), 16));
    return /^[A-Za-z0-9._~-]$/.test(char) ? char : escaped.toUpperCase();
  });

/**
 * Every page has one address, which its caches key on and its canonical link names: a GET or
 * HEAD of another spelling of it is one permanent redirect there. Another spelling is the path
 * written otherwise (normalPath), with trailing slashes (`/contact/`, `/contact//`), or, with `SITE_URL` set, another host (the `*.workers.dev`
 * copy, an old domain), so search engines index one copy. A developer's machine
 * (ENVIRONMENT=development) keeps its own host; anything but GET and HEAD (the publish webhook,
 * a form) is answered where it arrives.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { canonicalAddress } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure, canonicalAddress);
 * app.get("/post/:slug", (c) => c.text(c.req.param("slug")));
 * // GET /post/a%2Dwalk → 301 Location: /post/a-walk
 * // GET /post/a-walk// → 301 Location: /post/a-walk
 * // With SITE_URL = "https://photos.example.com":
 * // GET https://jane.workers.dev/post/a-walk?x=1 → 301 Location: https://photos.example.com/post/a-walk?x=1
 * ```
 */
export const canonicalAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") return next();
  const { siteUrl, development } = c.var.config;
  const url = new URL(c.req.url);
  const origin = siteUrl && !development ? siteUrl : url.origin;
  // The home page's own "/" stays: the slashes after anything else go.
  const path = normalPath(url.pathname).replace(/(?<=.)\/+$/, "");
  if (origin === url.origin && path === url.pathname) return next();
  return c.redirect(redirectTarget(`${origin}${path}${url.search}`, origin), 301);
};

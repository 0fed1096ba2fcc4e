import type { MiddlewareHandler } from "hono";
import { siteUrlOrigin } from "../../config/site-url.ts";
import { isLocalHost } from "../../lib/local-host.ts";
import { redirectTarget } from "../../lib/redirect-target.ts";

/**
 * With `SITE_URL` set, the site lives at one address: a page asked for on any other host
 * (the `*.workers.dev` copy, an old domain) is a permanent redirect to the same path there, so
 * search engines index one copy. Local runs and anything but GET/HEAD (the publish webhook)
 * are answered where they arrive.
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.use(canonicalHost);
 * app.get("/contact", pageHandler);
 * // With SITE_URL = "https://photos.example.com":
 * // GET https://jane.workers.dev/contact?x=1 → 301 Location: https://photos.example.com/contact?x=1
 * ```
 */
export const canonicalHost: MiddlewareHandler = async (c, next) => {
  const origin = siteUrlOrigin(c.env as { SITE_URL?: string });
  const method = c.req.method;
  if (!origin || (method !== "GET" && method !== "HEAD") || isLocalHost(c.req.url)) return next();
  const url = new URL(c.req.url);
  if (url.origin === origin) return next();
  return c.redirect(redirectTarget(`${origin}${url.pathname}${url.search}`, origin), 301);
};

import type { MiddlewareHandler } from "hono";
import { redirectTarget } from "../../lib/redirect-target.ts";
import type { AppEnv } from "../../request/app-env.ts";

/**
 * With `SITE_URL` set, the site lives at one address: a page asked for on any other host
 * (the `*.workers.dev` copy, an old domain) is a permanent redirect to the same path there, so
 * search engines index one copy. A developer's machine (ENVIRONMENT=development) and anything
 * but GET/HEAD (the publish webhook) are answered where they arrive.
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
export const canonicalHost: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { siteUrl: origin, development } = c.var.config;
  const method = c.req.method;
  if (!origin || (method !== "GET" && method !== "HEAD") || development) return next();
  const url = new URL(c.req.url);
  if (url.origin === origin) return next();
  return c.redirect(redirectTarget(`${origin}${url.pathname}${url.search}`, origin), 301);
};

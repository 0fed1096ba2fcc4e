import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../request/app-env.ts";

/**
 * Draft preview, for the owner only: the gateway sends the draft preview of the site only the
 * requests with a genuine preview cookie (worker/gateway.ts), and this marks them, so that they
 * read drafts. Registered before every middleware that reads it or sets headers (the security
 * and cache headers, worker/app.ts), so that they know, and so that it has the last word on the
 * answer's headers: nothing read or rendered in preview may be stored anywhere
 * (`private, no-store`) or indexed, and only preview answers may be framed (by the Studio; the
 * Content-Security-Policy names it, and X-Frame-Options, which cannot name an origin, is
 * dropped).
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../config/middleware.ts";
 * import type { AppEnv } from "../request/app-env.ts";
 * import { previewMode } from "./middleware.ts";
 *
 * const preview = new Hono<AppEnv>();
 * preview.use(configure, previewMode); // before the security and cache headers
 * preview.get("/post/:slug", (c) => c.text(c.get("preview") ? "drafts" : "published"));
 * // "drafts", Cache-Control: private, no-store, X-Robots-Tag: noindex, and no
 * // Cloudflare-CDN-Cache-Control, Cache-Tag or X-Frame-Options.
 * ```
 */
export const previewMode: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("preview", true);
  await next();
  const headers = c.res.headers;
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.delete("Cloudflare-CDN-Cache-Control");
  headers.delete("Cache-Tag");
  headers.delete("X-Frame-Options");
};

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../request/app-env.ts";

/**
 * Draft preview, for the owner only: the gateway sends the draft preview of the site only the
 * requests with a genuine preview cookie (worker/gateway.ts), and this marks them, so that they
 * read drafts. Registered before every middleware that reads it or sets headers (the security
 * and cache headers, worker/app.ts), so that they know, and so that it has the last word on the
 * answer's headers: nothing read or rendered in preview may be stored anywhere
 * (`private, no-store`) or indexed, and only preview answers may be framed (by the Studio:
 * framedByStudio).
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
  await framedByStudio(c, next);
  const headers = c.res.headers;
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.delete("Cloudflare-CDN-Cache-Control");
  headers.delete("Cache-Tag");
};

/**
 * An answer the Studio's Presentation tool shows in its frame: draft preview, and the preview
 * switches' own answers (a refused or unchecked secret says why there, not "refused to
 * connect"). The Content-Security-Policy names the Studio (security-headers), and
 * X-Frame-Options, which cannot name an origin, goes. Registered before the security headers,
 * which read the mark before the answer is made and set theirs after it.
 */
export const framedByStudio: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("framedByStudio", true);
  await next();
  c.res.headers.delete("X-Frame-Options");
};

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../request/app-env.ts";
import { inPreview } from "./cookie.ts";

/**
 * Draft preview, for the owner only: a request with a genuine preview cookie reads drafts and
 * is answered privately. Registered first, so that everything after it knows, and so that it
 * has the last word on the answer's headers: nothing read or rendered in preview may be
 * stored anywhere (`private, no-store`) or indexed, and only preview answers may be framed
 * (by the Studio; the Content-Security-Policy names it, and X-Frame-Options, which cannot name
 * an origin, is dropped).
 */
export const previewMode: MiddlewareHandler<AppEnv> = async (c, next) => {
  const preview = await inPreview(c.req.header("Cookie"), c.env);
  c.set("preview", preview);
  await next();
  if (!preview) return;
  const headers = c.res.headers;
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex");
  headers.delete("Cloudflare-CDN-Cache-Control");
  headers.delete("Cache-Tag");
  headers.delete("X-Frame-Options");
};

/** The origins that may frame the site in preview: the Studio's (SANITY_STUDIO_URL), else a local Studio. */
export function studioOrigins(env: { SANITY_STUDIO_URL?: string }): string {
  const value = env.SANITY_STUDIO_URL?.trim();
  if (value) {
    try {
      const url = new URL(value);
      if (url.protocol === "https:" || url.protocol === "http:") return url.origin;
    } catch {
      // Not an address: fall back to the local Studio.
    }
  }
  return "http://localhost:3333";
}

import type { MiddlewareHandler } from "hono";
import { releaseBody } from "../../lib/request-body.ts";

const ALLOW = "GET, HEAD";

/**
 * Pages are read-only: OPTIONS gets the allowed methods, anything else but GET and HEAD a 405
 * with an Allow header, before any route or error page runs. A page takes no body: whatever was
 * sent is released unused (lib/request-body.ts).
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.route("/_app/hooks", sanityWebhook(purgePublicSite)); // takes POST: mounted before it
 * app.use(readOnlyMethods);
 * app.get("/contact", pageHandler);
 * // POST /contact    → 405 Method Not Allowed, Allow: GET, HEAD
 * // OPTIONS /contact → 204, Allow: GET, HEAD
 * ```
 */
export const readOnlyMethods: MiddlewareHandler = async (c, next) => {
  // Not even a GET's body (some clients send one) is read as content.
  await releaseBody(c.req.raw);
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return next();
  if (method === "OPTIONS") return c.body(null, 204, { Allow: ALLOW });
  return c.text("405 Method Not Allowed", 405, { Allow: ALLOW });
};

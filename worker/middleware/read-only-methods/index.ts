import type { MiddlewareHandler } from "hono";
import { releaseBody } from "../../lib/request-body.ts";
import type { AppEnv } from "../../request/app-env.ts";

/**
 * The methods a group of addresses answers: OPTIONS gets them, anything else not among them a
 * 405 with an Allow header, before any route or error page runs. Only a POST that is allowed
 * keeps its body for the route; every other body is released unused (lib/request-body.ts), not
 * even a GET's (some clients send one) being read as content.
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.use("/contact", allowMethods("GET", "HEAD", "POST")); // the form's page takes POST
 * app.post("/contact", submitInquiry());
 * // PUT /contact     → 405 Method Not Allowed, Allow: GET, HEAD, POST
 * // OPTIONS /contact → 204, Allow: GET, HEAD, POST
 * ```
 */
export function allowMethods(...methods: readonly string[]): MiddlewareHandler<AppEnv> {
  const allow = methods.join(", ");
  return async (c, next) => {
    const method = c.req.method;
    const allowed = methods.includes(method);
    if (!(allowed && method === "POST")) await releaseBody(c.req.raw, c.var.config);
    if (allowed) return next();
    if (method === "OPTIONS") return c.body(null, 204, { Allow: allow });
    return c.text("405 Method Not Allowed", 405, { Allow: allow });
  };
}

/**
 * Pages are read-only: GET and HEAD, nothing else (see allowMethods).
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.route("/_app/hooks", sanityWebhook(purgePublicSite)); // takes POST: mounted before it
 * app.use(readOnlyMethods);
 * app.get("/about", pageHandler);
 * // POST /about    → 405 Method Not Allowed, Allow: GET, HEAD
 * // OPTIONS /about → 204, Allow: GET, HEAD
 * ```
 */
export const readOnlyMethods: MiddlewareHandler<AppEnv> = allowMethods("GET", "HEAD");

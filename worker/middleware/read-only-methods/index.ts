import type { MiddlewareHandler } from "hono";
import { discardBody } from "../../lib/request-body.ts";

const ALLOW = "GET, HEAD";

/**
 * Pages are read-only: OPTIONS gets the allowed methods, anything else but GET and HEAD a 405
 * with an Allow header, before any route or error page runs.
 */
export const readOnlyMethods: MiddlewareHandler = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return next();
  await discardBody(c.req.raw);
  if (method === "OPTIONS") return c.body(null, 204, { Allow: ALLOW });
  return c.text("405 Method Not Allowed", 405, { Allow: ALLOW });
};

import type { MiddlewareHandler } from "hono";

/**
 * Route middleware "noindex": keeps a route out of search results with `X-Robots-Tag:
 * noindex`, on whatever it answers, error pages included (utility routes are for checks and
 * monitoring).
 */
export const noindex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex");
};

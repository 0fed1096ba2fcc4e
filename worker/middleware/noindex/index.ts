import type { MiddlewareHandler } from "hono";

/**
 * Route middleware "noindex": keeps a route out of search results with `X-Robots-Tag:
 * noindex`, on whatever it answers, error pages included: pages for a visitor who is there,
 * not for a search engine's results (a thank-you page, the site's own search).
 */
export const noindex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex");
};

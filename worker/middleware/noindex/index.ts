import type { MiddlewareHandler } from "hono";

/** Keeps a route out of search results (utility routes are for checks and monitoring). */
export const noindex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex");
};

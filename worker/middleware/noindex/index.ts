import type { MiddlewareHandler } from "hono";

/**
 * Route middleware "noindex": keeps a route out of search results with `X-Robots-Tag:
 * noindex`, on whatever it answers, error pages included (utility routes are for checks and
 * monitoring).
 *
 * @example
 * ```ts
 * // A row of the route table names it (worker/pages/routes.ts):
 * { name: "blank", path: "/200", middlewares: ["noindex", "htmlCache"], handler: blankHandler }
 *
 * // Mounted by hand:
 * app.get("/200", noindex, blankHandler); // → X-Robots-Tag: noindex
 * ```
 */
export const noindex: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Robots-Tag", "noindex");
};

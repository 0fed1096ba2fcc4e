import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { pageCache } from "../render/page-cache.ts";

export type RouteMiddleware = MiddlewareHandler<AppEnv>;

/** Route middlewares that the route table may name (E5). */
export const routeMiddlewares: Readonly<Record<string, RouteMiddleware>> = {
  /** Utility routes are for checks and monitoring, not for search results. */
  noindex: async (c, next) => {
    await next();
    c.header("X-Robots-Tag", "noindex");
  },
  /** Keeps rendered pages while their content is fresh. */
  pageCache,
};

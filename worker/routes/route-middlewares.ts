import type { MiddlewareHandler } from "hono";
import { htmlCache } from "../middleware/html-cache/index.ts";
import { noindex } from "../middleware/noindex/index.ts";
import type { AppEnv } from "../request/app-env.ts";

export type RouteMiddleware = MiddlewareHandler<AppEnv>;

/**
 * The middlewares a route of the table may name: its keys are the names, so a typo in the
 * table fails type-checking.
 *
 * @example
 * ```ts
 * { name: "blank", path: "/200", middlewares: ["noindex", "htmlCache"], handler: blankHandler }
 * createApp({ routes, middlewares: routeMiddlewares }); // the default
 * ```
 */
export const routeMiddlewares = {
  noindex,
  htmlCache,
} satisfies Record<string, RouteMiddleware>;

export type RouteMiddlewareName = keyof typeof routeMiddlewares;

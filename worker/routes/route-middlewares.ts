import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { noindex } from "../middleware/noindex/index.ts";
import { pageCache } from "../middleware/page-cache/index.ts";

export type RouteMiddleware = MiddlewareHandler<AppEnv>;

/** The middlewares a route of the table may name. */
export const routeMiddlewares = { noindex, pageCache } satisfies Record<string, RouteMiddleware>;

export type RouteMiddlewareName = keyof typeof routeMiddlewares;

import { Hono, type MiddlewareHandler } from "hono";
import { pageNotFound } from "../errors/page-error.ts";
import type { AppEnv } from "../request/app-env.ts";
import { type RouteDefinition, routeMeta } from "./route-definition.ts";
import { type RouteMiddleware, routeMiddlewares } from "./route-middlewares.ts";

interface ResolvedRoute {
  route: RouteDefinition;
  middlewares: RouteMiddleware[];
}

/**
 * Resolves every middleware name of the table up front, so a typo fails when the app is
 * built (at deploy and in tests), never silently at request time.
 *
 * @example
 * ```ts
 * const resolved = resolveRoutes(routes, routeMiddlewares);
 * resolveRoutes([{ name: "x", path: "/x", middlewares: ["nope"], handler }], routeMiddlewares);
 * // throws Error("Unknown route middleware: nope")
 * ```
 */
export function resolveRoutes(
  table: readonly RouteDefinition[],
  registry: Readonly<Record<string, RouteMiddleware>>,
): ResolvedRoute[] {
  return table.map((route) => ({
    route,
    middlewares: (route.middlewares ?? []).map((name) => {
      const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
      return middleware;
    }),
  }));
}

/** A failed check is a fatal not-found (or the status the check gives). */
const validityGuard =
  (route: RouteDefinition): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set("route", routeMeta(route));
    const verdict = route.check ? route.check(c) : true;
    if (verdict !== true) {
      throw pageNotFound(new URL(c.req.url).pathname, verdict === false ? 404 : verdict.status);
    }
    await next();
  };

/**
 * Mounts every resolved route as a GET route (Hono answers HEAD with it): its validity check
 * first (which also names the route on the context), then its middlewares, then its handler.
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.use(withGeneration);
 * registerRoutes(app, resolveRoutes(routes, routeMiddlewares)); // after feeds and discovery
 * ```
 */
export function registerRoutes(app: Hono<AppEnv>, resolved: readonly ResolvedRoute[]): void {
  for (const { route, middlewares } of resolved) {
    app.get(route.path, validityGuard(route), ...middlewares, route.handler);
  }
}

/**
 * A feature's page routes as a Hono app of their own, to mount with `app.route("/", …)`: the
 * table is resolved when the feature's module is loaded, so a middleware name it does not know
 * fails at deploy and in tests, never on a request.
 *
 * @example
 * ```ts
 * // worker/pages/index.ts
 * export const pages = routesApp(PAGE_ROUTES);
 * // worker/app.ts
 * app.route("/", pages);
 * ```
 */
export function routesApp(
  table: readonly RouteDefinition[],
  registry: Readonly<Record<string, RouteMiddleware>> = routeMiddlewares,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  registerRoutes(app, resolveRoutes(table, registry));
  return app;
}

import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { trimTrailingSlash } from "hono/trailing-slash";
import { builds } from "./api/builds.ts";
import { feeds } from "./api/feeds.ts";
import type { AppEnv } from "./app-env.ts";
import { siteSettings } from "./config/site.ts";
import { fullPath, handleError } from "./errors/handle-error.tsx";
import { unmatchedPath } from "./errors/page-error.ts";
import { securityHeaders } from "./headers/security-headers.ts";
import { readOnlyMethods } from "./routes/method-guard.ts";
import type { RouteMiddleware } from "./routes/middlewares.ts";
import { routeMiddlewares } from "./routes/middlewares.ts";
import { registerRoutes, resolveRoutes } from "./routes/register-routes.ts";
import { type RouteDefinition, routes } from "./routes/route-table.ts";

/** Builds the worker's app from a route table; tests pass their own tables. */
export function createApp(
  table: readonly RouteDefinition[] = routes,
  registry: Readonly<Record<string, RouteMiddleware>> = routeMiddlewares,
): Hono<AppEnv> {
  // Resolve the table first: an unknown middleware name fails here, not on a request.
  const resolved = resolveRoutes(table, registry);
  const app = new Hono<AppEnv>();

  app.use(securityHeaders);
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("site", siteSettings(c.env));
    await next();
  });
  app.use(readOnlyMethods);
  // "/contact/" → 301 "/contact", without rendering a not-found page first.
  app.use(trimTrailingSlash({ alwaysRedirect: true }));

  app.route("/_app/builds", builds);
  // Before the page routes: "/sitemap.xml" would otherwise match "/:slug".
  app.route("/", feeds);
  registerRoutes(app, resolved);

  app.notFound((c) => handleError(unmatchedPath(fullPath(c)), c));
  app.onError(handleError);
  return app;
}

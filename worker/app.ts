import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { trimTrailingSlash } from "hono/trailing-slash";
import type { AppEnv } from "./app-env.ts";
import { builds } from "./endpoints/builds.ts";
import { fullPath, handleError } from "./errors/handle-error.tsx";
import { unmatchedPath } from "./errors/page-error.ts";
import { feeds } from "./feeds/index.ts";
import { canonicalHost } from "./middleware/canonical-host/index.ts";
import { readOnlyMethods } from "./middleware/read-only-methods/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { siteSettings } from "./middleware/site-settings/index.ts";
import { registerRoutes, resolveRoutes } from "./routes/register-routes.ts";
import type { RouteDefinition } from "./routes/route-definition.ts";
import { type RouteMiddleware, routeMiddlewares } from "./routes/route-middlewares.ts";
import { routes } from "./routes/route-table.ts";

/**
 * Builds the worker's app: global middleware, the `/_app` endpoints and feeds, then the page
 * routes of the table. Tests pass their own table and registry.
 */
export function createApp(
  table: readonly RouteDefinition[] = routes,
  registry: Readonly<Record<string, RouteMiddleware>> = routeMiddlewares,
): Hono<AppEnv> {
  // Resolve the table first: an unknown middleware name fails here, not on a request.
  const resolved = resolveRoutes(table, registry);
  const app = new Hono<AppEnv>();

  app.use(securityHeaders);
  app.use(requestId());
  app.use(canonicalHost);
  app.use(readOnlyMethods);
  // "/contact/" → 301 "/contact", without rendering a not-found page first.
  app.use(trimTrailingSlash({ alwaysRedirect: true }));

  app.route("/_app/builds", builds);
  // Everything below shows the owner's settings.
  app.use(siteSettings);
  // Before the page routes: "/sitemap.xml" would otherwise match "/:slug".
  app.route("/", feeds);
  registerRoutes(app, resolved);

  app.notFound((c) => handleError(unmatchedPath(fullPath(c)), c));
  app.onError(handleError);
  return app;
}

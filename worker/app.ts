import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { trimTrailingSlash } from "hono/trailing-slash";
import { builds } from "./builds/endpoints.ts";
import { configure } from "./config/middleware.ts";
import { paths } from "./content/paths.ts";
import { discovery } from "./discovery/index.ts";
import { unmatchedPath } from "./errors/page-error.ts";
import { feeds } from "./feeds/index.ts";
import { inquiryEndpoints } from "./inquiries/endpoints.ts";
import { submitInquiry } from "./inquiries/submit.tsx";
import { cacheHeaders } from "./middleware/cache-headers/index.ts";
import { canonicalHost } from "./middleware/canonical-host/index.ts";
import { withGeneration } from "./middleware/generation/index.ts";
import { headRequests } from "./middleware/head-requests/index.ts";
import { allowMethods, readOnlyMethods } from "./middleware/read-only-methods/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { preview } from "./preview/endpoints.ts";
import { previewMode } from "./preview/middleware.ts";
import { purgePublicSite, sanityWebhook } from "./publishing/webhook.ts";
import { handleError } from "./render/error-page.tsx";
import type { AppEnv } from "./request/app-env.ts";
import { fullPath } from "./request/context.ts";
import { registerRoutes, resolveRoutes } from "./routes/register-routes.ts";
import type { RouteDefinition } from "./routes/route-definition.ts";
import { type RouteMiddleware, routeMiddlewares } from "./routes/route-middlewares.ts";
import { routes } from "./routes/route-table.ts";

export interface AppOptions {
  /** The page routes (tests pass their own). */
  routes?: readonly RouteDefinition[];
  /** The middlewares routes may name. */
  middlewares?: Readonly<Record<string, RouteMiddleware>>;
}

/**
 * Builds the worker's app. In order: preview mode and the security headers wrap everything;
 * the publish webhook, the preview switches and the contact form's POST come before the
 * read-only guard (they take POST and set cookies); then the cache headers (around every public answer, refusals and
 * redirects included), the build endpoints, the content generation and the site settings, and
 * finally feeds and the page routes of the table.
 *
 * @example
 * ```ts
 * // worker/index.ts: the one app, behind the gateway and in the cached entrypoint
 * const app = createApp();
 * export default createGateway(app);
 *
 * // A route table of its own (tests/worker/errors.test.ts):
 * const app = createApp({ routes: [{ name: "boom", path: "/boom", handler: () => { throw … } }] });
 * ```
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  // Resolve the table first: an unknown middleware name fails here, not on a request.
  const resolved = resolveRoutes(options.routes ?? routes, options.middlewares ?? routeMiddlewares);
  const app = new Hono<AppEnv>();

  app.use(headRequests);
  app.use(configure);
  app.use(previewMode);
  app.use(securityHeaders);
  app.use(requestId());
  app.route("/_app/hooks", sanityWebhook(purgePublicSite));
  app.route("/_app/preview", preview);
  app.use(cacheHeaders);
  app.use(canonicalHost);
  // The contact form's POST: the one page address that takes a body (every other stays 405).
  app.use(paths.contact(), allowMethods("GET", "HEAD", "POST"));
  app.post(paths.contact(), withGeneration, submitInquiry());
  app.use(readOnlyMethods);
  // "/contact/" → 301 "/contact", without rendering a not-found page first.
  app.use(trimTrailingSlash({ alwaysRedirect: true }));

  app.route("/_app/builds", builds);
  app.route("/_app/inquiries", inquiryEndpoints);
  // Everything below reads content, keyed by the generation.
  app.use(withGeneration);
  // Before the page routes: "/sitemap.xml" would otherwise match "/:slug".
  app.route("/", feeds);
  app.route("/", discovery);
  registerRoutes(app, resolved);

  app.notFound((c) => handleError(unmatchedPath(fullPath(c)), c));
  app.onError(handleError);
  return app;
}

import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { trimTrailingSlash } from "hono/trailing-slash";
import { getPath } from "hono/utils/url";
import { builds } from "./builds/index.ts";
import { configure } from "./config/middleware.ts";
import { splitLanguage } from "./content/paths.ts";
import { discovery } from "./discovery/index.ts";
import { unmatchedPath } from "./errors/page-error.ts";
import { feeds } from "./feeds/index.ts";
import { galleries, galleryPrints } from "./galleries/index.ts";
import { inquiries } from "./inquiries/index.ts";
import { cacheHeaders } from "./middleware/cache-headers/index.ts";
import { canonicalAddress } from "./middleware/canonical-address/index.ts";
import { headRequests } from "./middleware/head-requests/index.ts";
import { language } from "./middleware/language/index.ts";
import { allowedMethods } from "./middleware/methods/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { unreadBody } from "./middleware/unread-body/index.ts";
import { pages } from "./pages/index.ts";
import { photoViewer } from "./photo-viewer/index.ts";
import { preview, previewMode } from "./preview/index.ts";
import { publishing } from "./publishing/index.ts";
import { handleError } from "./render/error-page.tsx";
import type { AppEnv } from "./request/app-env.ts";
import { fullPath } from "./request/context.ts";
import { storeApp } from "./store/index.ts";

/** The path the router matches an address by: without a further language's prefix. */
export const routedPath = (request: Request): string => splitLanguage(getPath(request)).path;

/**
 * Builds the worker's app: the middleware every answer passes through, then each feature, a
 * Hono app of its own in a folder of its own (worker/{feature}/index.ts), mounted in the order
 * Hono matches them. In order: the configuration, preview mode and the security headers wrap
 * everything; the publish webhook and the preview switches come before the cache headers and
 * the method guard (they take POST, set cookies and are never cached); then every public answer
 * gets its cache headers, its one address and the methods its address has; and last the
 * features that read content, the pages after everything else, since `/{slug}` takes any
 * one-segment address. A new feature is a folder exporting its Hono app and one `app.route()`
 * here.
 *
 * Every page is also at a further language's address (`/de/post/a-walk`): the router matches
 * each address without its language prefix, and the language middleware says whether the site
 * is in that language (worker/middleware/language/).
 */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ getPath: routedPath });

  app.use(headRequests);
  app.use(configure);
  app.use(unreadBody);
  app.use(previewMode);
  app.use(securityHeaders);
  app.use(requestId());
  app.route("/_app/hooks", publishing);
  app.route("/_app/preview", preview);
  app.use(cacheHeaders);
  app.use(canonicalAddress);
  app.use(allowedMethods(app));
  // "/contact/" → 301 "/contact", without rendering a not-found page first.
  app.use(trimTrailingSlash({ alwaysRedirect: true }));
  app.use(language);

  app.route("/_app/builds", builds);
  // Before the pages: "/rss.xml", "/sitemap.xml", "/photos", "/contact" and "/g/…" would match
  // "/:slug" (and "/{slug}/photo/{key}").
  app.route("/", feeds);
  app.route("/", discovery);
  app.route("/", inquiries);
  app.route("/", galleries);
  // Before the pages: "/cart" would match "/:slug". After the galleries, whose prints the store
  // sells (the galleries import the store, so the entry hands them over: store/gallery-prints.ts).
  app.route("/", storeApp(galleryPrints));
  app.route("/", photoViewer);
  app.route("/", pages);

  app.notFound((c) => handleError(unmatchedPath(fullPath(c)), c));
  app.onError(handleError);
  return app;
}

import { Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import { getPath } from "hono/utils/url";
import { booking, bookingPayments } from "./booking/index.ts";
import { builds } from "./builds/index.ts";
import { configure } from "./config/middleware.ts";
import { splitLanguage } from "./content/paths.ts";
import { discovery } from "./discovery/index.ts";
import { unmatchedPath } from "./errors/page-error.ts";
import { feeds } from "./feeds/index.ts";
import { galleries, galleryPrints } from "./galleries/index.ts";
import { inquiryForms, inquiryPages } from "./inquiries/index.ts";
import { VIEWER_VIEW_PATH, viewerView } from "./insights/index.ts";
import { cacheHeaders } from "./middleware/cache-headers/index.ts";
import { canonicalAddress } from "./middleware/canonical-address/index.ts";
import { headRequests } from "./middleware/head-requests/index.ts";
import { language } from "./middleware/language/index.ts";
import { allowedMethods } from "./middleware/methods/index.ts";
import { securityHeaders } from "./middleware/security-headers/index.ts";
import { unreadBody } from "./middleware/unread-body/index.ts";
import { pages } from "./pages/index.ts";
import { photoViewer } from "./photo-viewer/index.ts";
import { framedByStudio, preview, previewMode } from "./preview/index.ts";
import { publishing } from "./publishing/index.ts";
import { handleError } from "./render/error-page.tsx";
import type { AppEnv } from "./request/app-env.ts";
import { fullPath } from "./request/context.ts";
import { salesMailRoutes } from "./sales-mail/index.ts";
import { storeApp } from "./store/index.ts";

/** The path the router matches an address by: without a further language's prefix. */
export const routedPath = (request: Request): string => splitLanguage(getPath(request)).path;

/**
 * Each request's id, as the log and the 500 page name it: always the worker's own. Hono's
 * default takes a visitor's `X-Request-Id` (any one, someone else's too) and sends it back, where
 * the edge's cache would keep it with the page.
 */
const ownRequestId = requestId({ headerName: "" });

/** What every answer of either app passes through first. */
function base(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ getPath: routedPath });
  app.use(headRequests);
  app.use(configure);
  app.use(unreadBody);
  return app;
}

/** The last of either app: one address per page, and a further language's prefix. */
function addressing(app: Hono<AppEnv>): void {
  app.use(canonicalAddress);
  app.use(language);
}

function errors(app: Hono<AppEnv>): Hono<AppEnv> {
  app.notFound((c) => handleError(unmatchedPath(fullPath(c)), c));
  app.onError(handleError);
  return app;
}

/**
 * The public site: what every visitor sees alike, so whatever it answers may be kept at the edge
 * (Workers Cache in front of PublicSite, worker/index.ts) and shared. It reads no cookie and
 * takes only GET and HEAD (the gateway sends it nothing else). The features are mounted in the
 * order Hono matches them: the pages last, since `/{slug}` takes any one-segment address.
 *
 * With `preview`, the same site for the owner's draft preview, which the gateway sends only
 * requests with a genuine preview cookie: drafts, past every cache, answered privately.
 *
 * Every page is also at a further language's address (`/de/post/a-walk`): the router matches
 * each address without its language prefix, and the language middleware says whether the site
 * is in that language (worker/middleware/language/).
 */
export function createPublicApp({ preview: drafts = false } = {}): Hono<AppEnv> {
  const app = base();
  if (drafts) app.use(previewMode);
  app.use(securityHeaders);
  app.use(ownRequestId);
  app.use(cacheHeaders);
  addressing(app);
  app.route("/_app/builds", builds);
  // Before the pages: "/rss.xml", "/sitemap.xml", "/photos" and "/contact" would match "/:slug".
  app.route("/", feeds);
  app.route("/", discovery);
  app.route("/", inquiryPages);
  // Before the pages: `/{slug}/photo/{key}` is not a page.
  app.route("/", photoViewer);
  app.route("/", pages);
  return errors(app);
}

/**
 * Said outright, in case a shared cache is ever put in front of the private app; and to every
 * other cache, unless the answer said `private` or `no-store` itself: its not-found and error
 * pages and its redirects are one visitor's too (an order's address is its key).
 */
const privateAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set("Cloudflare-CDN-Cache-Control", "no-store");
  if (!/\b(?:private|no-store)\b/.test(c.res.headers.get("Cache-Control") ?? "")) {
    c.res.headers.set("Cache-Control", "private, no-store");
  }
};

/**
 * The private side: every answer that is one visitor's or the owner's (client galleries, the
 * cart, orders, the contact form's POST), the publish webhook, the preview switches, Stripe's
 * and the lab's calls. The gateway (gateway.ts) sends it every request but a read of an address
 * that it has no page for; nothing it answers passes a shared cache. It knows the public site's
 * routes too, for the methods each address answers (`allowedMethods`): a method the site does
 * not take anywhere is refused here, before anything runs.
 */
export function createPrivateApp(site: Hono<AppEnv>): Hono<AppEnv> {
  const app = base();
  app.use(privateAnswers);
  app.use("/_app/preview/*", framedByStudio);
  app.use(securityHeaders);
  app.use(ownRequestId);
  app.use(allowedMethods(app, site));
  // Before the addresses' redirects: neither is a page, and the preview switches set cookies.
  app.route("/_app/hooks", publishing);
  app.route("/_app/preview", preview);
  app.post(VIEWER_VIEW_PATH, viewerView);
  addressing(app);
  app.route("/", inquiryForms);
  app.route("/", booking);
  app.route("/", galleries);
  app.route("/", salesMailRoutes);
  // The galleries lend the store their prints (the galleries import the store, so the entry
  // hands them over: store/gallery-prints.ts).
  app.route("/", storeApp(galleryPrints, bookingPayments));
  return errors(app);
}

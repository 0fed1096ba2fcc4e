import { groupHandler, photosHandler, tagsHandler } from "../discovery/collections.tsx";
import { searchHandler } from "../discovery/search.tsx";
import { archiveHandler } from "../handlers/archive.tsx";
import { homeHandler } from "../handlers/home.tsx";
import { pageHandler } from "../handlers/page.tsx";
import { postHandler } from "../handlers/post.tsx";
import { blankHandler, notFoundHandler } from "../handlers/utility.ts";
import { contactPage } from "../inquiries/contact-page.tsx";
import { thanksPage } from "../inquiries/thanks.tsx";
import { photoHandler } from "../viewer/photo.tsx";
import { allOf, pageNumberParam, photoKeyParam, slugParam } from "./checks.ts";
import type { RouteDefinition } from "./route-definition.ts";
import type { RouteMiddlewareName } from "./route-middlewares.ts";

/** `/{slug}` for pages, but never `/post`, which is only a prefix of posts' addresses. */
const PAGE_SLUG = ":slug{(?!post$)[^/]+}";

/**
 * Every page route: its path, its validity check and the middlewares it runs, in the order
 * Hono matches them.
 *
 * @example
 * ```ts
 * // worker/app.ts mounts them last, after feeds and discovery:
 * registerRoutes(app, resolveRoutes(routes, routeMiddlewares));
 * // GET /post/autumn-in-the-basque-mountains → slugParam("slug"), htmlCache, postHandler
 * ```
 */
export const routes: readonly RouteDefinition<RouteMiddlewareName>[] = [
  { name: "home", path: "/", middlewares: ["htmlCache"], handler: homeHandler },
  { name: "blank", path: "/200", middlewares: ["noindex", "htmlCache"], handler: blankHandler },
  { name: "not-found", path: "/404", middlewares: ["noindex"], handler: notFoundHandler },
  // Before `/{slug}`: a Sanity page with the slug "archive" would be hidden by it.
  { name: "archive", path: "/archive", middlewares: ["htmlCache"], handler: archiveHandler },
  {
    name: "archive-page",
    path: "/archive/page/:page",
    check: pageNumberParam("page"),
    middlewares: ["htmlCache"],
    handler: archiveHandler,
  },
  // Every photograph, by tag, camera and lens, and search (worker/discovery/). Before
  // `/{slug}` too: these slugs are reserved (see the README).
  { name: "photos", path: "/photos", middlewares: ["htmlCache"], handler: photosHandler },
  {
    name: "photos-page",
    path: "/photos/page/:page",
    check: pageNumberParam("page"),
    middlewares: ["htmlCache"],
    handler: photosHandler,
  },
  { name: "tags", path: "/tags", middlewares: ["htmlCache"], handler: tagsHandler },
  {
    name: "tag",
    path: "/tag/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("tag"),
  },
  {
    name: "tag-page",
    path: "/tag/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("tag"),
  },
  {
    name: "camera",
    path: "/camera/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("camera"),
  },
  {
    name: "camera-page",
    path: "/camera/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("camera"),
  },
  {
    name: "lens",
    path: "/lens/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("lens"),
  },
  {
    name: "lens-page",
    path: "/lens/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("lens"),
  },
  {
    name: "search",
    path: "/search",
    query: ["q"],
    middlewares: ["htmlCache"],
    handler: searchHandler,
  },
  {
    name: "post",
    path: "/post/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: postHandler,
  },
  {
    name: "post-photo",
    path: "/post/:slug/photo/:key",
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["htmlCache"],
    handler: photoHandler("post"),
  },
  // The contact page with the inquiry form, before `/{slug}` (which would serve its text alone).
  // A page with a slug like any other; `?photo=…` names the photograph the form is about.
  {
    name: "contact",
    path: "/:slug{contact}",
    query: ["photo"],
    middlewares: ["htmlCache"],
    handler: contactPage,
  },
  {
    name: "contact-thanks",
    path: "/contact/thanks",
    middlewares: ["noindex", "htmlCache"],
    handler: thanksPage,
  },
  // `/post` itself is not a page slug: without a post slug it is an unmatched path.
  {
    name: "page",
    path: `/${PAGE_SLUG}`,
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: pageHandler,
  },
  {
    name: "page-photo",
    path: `/${PAGE_SLUG}/photo/:key`,
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["htmlCache"],
    handler: photoHandler("page"),
  },
];

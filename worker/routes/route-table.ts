import { archivePage } from "../pages/archive-page.tsx";
import { contentPage } from "../pages/content-page.tsx";
import { homePage } from "../pages/home-page.tsx";
import { photoPage } from "../pages/photo-page.tsx";
import { postPage } from "../pages/post-page.tsx";
import { blankPage, notFoundPage } from "../pages/utility-pages.ts";
import { allOf, pageNumberParam, photoKeyParam, slugParam } from "./checks.ts";
import type { RouteDefinition } from "./route-definition.ts";
import type { RouteMiddlewareName } from "./route-middlewares.ts";

/** `/{slug}` for pages, but never `/post`, which is only a prefix of posts' addresses. */
const PAGE_SLUG = ":slug{(?!post$)[^/]+}";

/** Every page route: its path, its validity check and the middlewares it runs. */
export const routes: readonly RouteDefinition<RouteMiddlewareName>[] = [
  { name: "home", path: "/", middlewares: ["pageCache"], handler: homePage },
  { name: "blank", path: "/200", middlewares: ["noindex", "pageCache"], handler: blankPage },
  { name: "not-found", path: "/404", middlewares: ["noindex"], handler: notFoundPage },
  // Before `/{slug}`: a Sanity page with the slug "archive" would be hidden by it.
  { name: "archive", path: "/archive", middlewares: ["pageCache"], handler: archivePage },
  {
    name: "archive-page",
    path: "/archive/page/:page",
    check: pageNumberParam("page"),
    middlewares: ["pageCache"],
    handler: archivePage,
  },
  {
    name: "post",
    path: "/post/:slug",
    check: slugParam("slug"),
    middlewares: ["pageCache"],
    handler: postPage,
  },
  {
    name: "post-photo",
    path: "/post/:slug/photo/:key",
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["pageCache"],
    handler: photoPage("post"),
  },
  // `/post` itself is not a page slug: without a post slug it is an unmatched path.
  {
    name: "page",
    path: `/${PAGE_SLUG}`,
    check: slugParam("slug"),
    middlewares: ["pageCache"],
    handler: contentPage,
  },
  {
    name: "page-photo",
    path: `/${PAGE_SLUG}/photo/:key`,
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["pageCache"],
    handler: photoPage("page"),
  },
];

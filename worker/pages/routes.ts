import { pageNumberParam, slugParam } from "../routes/checks.ts";
import { PAGE_SLUG } from "../routes/patterns.ts";
import type { RouteDefinition } from "../routes/route-definition.ts";
import type { RouteMiddlewareName } from "../routes/route-middlewares.ts";
import { archiveHandler } from "./archive.tsx";
import { homeHandler } from "./home.tsx";
import { pageHandler } from "./page.tsx";
import { postHandler } from "./post.tsx";
import { blankHandler, notFoundHandler } from "./utility.ts";

/**
 * The site's own pages: home, the utility routes, the archive, posts and every Sanity page by
 * its slug. Mounted last (worker/app.ts): `/{slug}` would take any one-segment address.
 *
 * @example
 * ```ts
 * // GET /post/autumn-in-the-basque-mountains → slugParam("slug"), htmlCache, postHandler
 * ```
 */
export const PAGE_ROUTES: readonly RouteDefinition<RouteMiddlewareName>[] = [
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
  {
    name: "post",
    path: "/post/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: postHandler,
  },
  // `/post` itself is not a page slug: without a post slug it is an unmatched path.
  {
    name: "page",
    path: `/${PAGE_SLUG}`,
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: pageHandler,
  },
];

import { contentPage } from "../pages/content-page.tsx";
import { homePage } from "../pages/home-page.tsx";
import { postPage } from "../pages/post-page.tsx";
import { blankPage, notFoundPage } from "../pages/utility-pages.ts";
import { slugParam } from "./checks.ts";
import type { RouteDefinition } from "./route-definition.ts";
import type { RouteMiddlewareName } from "./route-middlewares.ts";

/** Every page route: its path, its validity check and the middlewares it runs. */
export const routes: readonly RouteDefinition<RouteMiddlewareName>[] = [
  { name: "home", path: "/", middlewares: ["pageCache"], handler: homePage },
  { name: "blank", path: "/200", middlewares: ["noindex", "pageCache"], handler: blankPage },
  { name: "not-found", path: "/404", middlewares: ["noindex"], handler: notFoundPage },
  {
    name: "post",
    path: "/post/:slug",
    check: slugParam("slug"),
    middlewares: ["pageCache"],
    handler: postPage,
  },
  // `/post` itself is not a page slug: without a post slug it is an unmatched path.
  {
    name: "page",
    path: "/:slug{(?!post$)[^/]+}",
    check: slugParam("slug"),
    middlewares: ["pageCache"],
    handler: contentPage,
  },
];

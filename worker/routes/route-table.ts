import type { Handler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { contentPage } from "../pages/content-page.tsx";
import { homePage } from "../pages/home-page.tsx";
import { postPage } from "../pages/post-page.tsx";
import { blankPage, notFoundPage } from "../pages/utility-pages.tsx";
import { slugParam, type ValidityCheck } from "./checks.ts";

/** One row of the route table (SPEC §2). */
export interface RouteDefinition {
  name: string;
  /** Hono path pattern. */
  path: string;
  /** V1: checked before anything else runs. */
  check?: ValidityCheck;
  /** Names from the middleware registry, run in order after the check (E5). */
  middlewares?: readonly string[];
  handler: Handler<AppEnv>;
}

/** What the rendering needs to know about the matched route. */
export interface RouteMeta {
  name: string;
  /** L6: routes with a slug parameter have no slideshow toggle. */
  hasSlug: boolean;
}

export const routeMeta = (route: RouteDefinition): RouteMeta => ({
  name: route.name,
  hasSlug: route.path.includes(":"),
});

export const routes: readonly RouteDefinition[] = [
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
  // `/post` itself is not a page slug: without a post slug it is an unmatched path (E1).
  {
    name: "page",
    path: "/:slug{(?!post$)[^/]+}",
    check: slugParam("slug"),
    middlewares: ["pageCache"],
    handler: contentPage,
  },
];

import type { Handler } from "hono";
import type { AppEnv, RouteMeta } from "../request/app-env.ts";
import type { ValidityCheck } from "./checks.ts";

/**
 * One row of the route table. `Name` is the type of the middleware names it may use: the
 * registry's names for the site's own table, so a typo fails type-checking; tests build tables
 * with any string to prove the run-time check.
 *
 * @example
 * ```ts
 * const row: RouteDefinition<RouteMiddlewareName> = {
 *   name: "post",
 *   path: "/post/:slug",
 *   check: slugParam("slug"),
 *   middlewares: ["htmlCache"],
 *   handler: postHandler,
 * };
 * ```
 */
export interface RouteDefinition<Name extends string = string> {
  name: string;
  /** Hono path pattern. */
  path: string;
  /** Checked before anything else runs; a failure is a fatal not-found. */
  check?: ValidityCheck;
  /** Names from the middleware registry, run in order after the check. */
  middlewares?: readonly Name[];
  /** Query parameters the page reads (the contact page's `photo`, the search's `q`): part of its cache keys. */
  query?: readonly string[];
  handler: Handler<AppEnv>;
}

/**
 * What rendering learns about the matched route (put on the context by its validity check).
 *
 * @example
 * ```ts
 * routeMeta({ name: "post", path: "/post/:slug", handler: postHandler });
 * // { name: "post", slideshowToggle: false, query: [] }
 * ```
 */
export const routeMeta = (route: RouteDefinition): RouteMeta => ({
  name: route.name,
  // The slideshow belongs to the pages of no particular document (the home page, the lists);
  // a page about one document (a slug, a photograph's key) keeps the reader on it.
  slideshowToggle: !route.path.includes(":"),
  query: route.query ?? [],
});

import type { Handler } from "hono";
import type { AppEnv, RouteMeta } from "../request/app-env.ts";
import type { ValidityCheck } from "./checks.ts";

/**
 * One row of the route table. `Name` is the type of the middleware names it may use: the
 * registry's names for the site's own table, so a typo fails type-checking; tests build tables
 * with any string to prove the run-time check.
 */
export interface RouteDefinition<Name extends string = string> {
  name: string;
  /** Hono path pattern. */
  path: string;
  /** Checked before anything else runs; a failure is a fatal not-found. */
  check?: ValidityCheck;
  /** Names from the middleware registry, run in order after the check. */
  middlewares?: readonly Name[];
  /** Query parameters the page reads (the contact page's `photo`): part of its cache keys. */
  query?: readonly string[];
  handler: Handler<AppEnv>;
}

export const routeMeta = (route: RouteDefinition): RouteMeta => ({
  name: route.name,
  hasSlug: route.path.includes(":"),
  query: route.query ?? [],
});

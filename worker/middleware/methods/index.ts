import type { Hono, MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { releaseBody } from "../../lib/request-body.ts";
import type { AppEnv } from "../../request/app-env.ts";

/** The order methods are named in an Allow header. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
/** What an address no route claims answers: it is a page that does not exist (a 404). */
const READ_ONLY = ["GET", "HEAD"];
/** Methods whose body a route may read; any other body is released unread. */
const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * The methods the routes of `apps` take at a path (GET with HEAD; middleware, which Hono lists
 * as ALL, left out), in the order an Allow header names them: none where no route is.
 */
export function routeMethods(...apps: Hono<AppEnv>[]): (path: string) => string[] {
  // Built on first use, once every route of the apps is registered.
  let router: TrieRouter<string[]> | undefined;
  const build = () => {
    const byPath = new Map<string, Set<string>>();
    for (const route of apps.flatMap((app) => app.routes)) {
      if (route.method === "ALL") continue;
      const methods = byPath.get(route.path) ?? new Set<string>();
      methods.add(route.method);
      if (route.method === "GET") methods.add("HEAD");
      byPath.set(route.path, methods);
    }
    const built = new TrieRouter<string[]>();
    for (const [path, methods] of byPath) built.add("ALL", path, [...methods]);
    return built;
  };
  return (path) => {
    router ??= build();
    const found = new Set<string>();
    for (const [methods] of router.match("ALL", path)[0]) {
      for (const method of methods) found.add(method);
    }
    return ORDER.filter((method) => found.has(method));
  };
}

/**
 * The methods each address answers, learnt from the routes `apps` registered (a page's GET, the
 * contact form's POST): OPTIONS gets them in `Allow`, any other method not among them a 405
 * with `Allow`, before any route or error page runs (a read of a form's address too). Addresses
 * no route claims are pages that do not exist, and answer GET and HEAD (with their 404). Only a method that takes a body and
 * is allowed keeps it; every other body is released unread (lib/request-body.ts).
 *
 * Hono ships `methodNotAllowed`, but it decides after the request has run its course to a 404:
 * here that is a rendered not-found page with its content read, for a request it then refuses,
 * and the body it leaves unread breaks the connection on a developer's machine
 * (lib/request-body.ts).
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { allowedMethods } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure);
 * app.use(allowedMethods(app));
 * app.get("/contact", (c) => c.text("the form"));
 * app.post("/contact", (c) => c.text("sent"));
 * // PUT /contact   → 405 Method Not Allowed, Allow: GET, HEAD, POST
 * // OPTIONS /about → 204, Allow: GET, HEAD
 * ```
 */
export function allowedMethods(...apps: Hono<AppEnv>[]): MiddlewareHandler<AppEnv> {
  const methodsAt = routeMethods(...apps);
  return async (c, next) => {
    const method = c.req.method;
    const taken = methodsAt(c.req.path);
    const allowed = taken.length === 0 ? READ_ONLY : taken;
    const permitted = allowed.includes(method);
    if (!(permitted && WITH_BODY.has(method))) await releaseBody(c.req.raw, c.var.config);
    if (permitted) return next();
    const allow = allowed.join(", ");
    if (method === "OPTIONS") return c.body(null, 204, { Allow: allow });
    return c.text("405 Method Not Allowed", 405, { Allow: allow });
  };
}

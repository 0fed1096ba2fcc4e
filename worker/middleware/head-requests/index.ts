import type { MiddlewareHandler } from "hono";

/**
 * Answers HEAD without leaving a body behind. Hono answers HEAD by running the GET handler and
 * keeping only its status and headers (`new Response(null, res)`), so the page's body (a React
 * render stream) is dropped unread and still running when the request ends. The runtime then
 * cancels the request's context instead of letting it finish, which under load shows in the
 * log as a cancelled trace session, and the render goes on for nobody. Here the body is
 * cancelled at once, so the render stops and the request ends cleanly.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { headRequests } from "./index.ts";
 *
 * const app = new Hono();
 * app.use(headRequests); // first, around everything
 * app.get("/", (c) => c.html("<p>a long page</p>"));
 * // HEAD / → 200, the GET's headers, no body; the body's stream is cancelled
 * ```
 */
export const headRequests: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== "HEAD") return;
  const { body } = c.res;
  if (!body) return;
  c.res = new Response(null, c.res);
  await body.cancel();
};

import type { MiddlewareHandler } from "hono";
import { releaseBody } from "../../lib/request-body.ts";
import type { AppEnv } from "../../request/app-env.ts";

/**
 * Whatever answered, a request body nobody read is released once the answer is made: left
 * unread at the edge, read to its end on a developer's machine, where workerd resets a
 * connection whose body was left behind (lib/request-body.ts).
 * One place for every refusal that comes before a handler reads its body: a guard, Hono's csrf,
 * an error page.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { unreadBody } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure, unreadBody);
 * app.post("/g/:id/unlock", (c) => c.text("401", 401)); // the posted body is released after
 * ```
 */
export const unreadBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const request = c.req.raw;
  if (request.body && !request.bodyUsed) await releaseBody(request, c.var.config);
};

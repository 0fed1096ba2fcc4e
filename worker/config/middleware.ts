import type { MiddlewareHandler } from "hono";
import { type Config, loadConfig } from "./config.ts";

const NO_ENVIRONMENT = {};

/**
 * The first middleware: puts the worker's configuration (read and checked once per isolate,
 * see loadConfig) on `c.var.config`, where every handler and middleware after it reads its
 * settings. Nothing after it reads `c.env` for a setting.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import type { AppEnv } from "../request/app-env.ts";
 * import { configure } from "./middleware.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure);
 * app.get("/", (c) => c.text(c.var.config.site.title)); // "Jane Doe Photography"
 * ```
 */
export const configure: MiddlewareHandler<{
  Bindings: Env;
  Variables: { config: Config };
}> = async (c, next) => {
  // A module test may send a request without an environment: it gets the defaults.
  c.set("config", loadConfig(c.env ?? NO_ENVIRONMENT));
  await next();
};

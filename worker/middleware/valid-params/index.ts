import { validator } from "hono/validator";
import { pageNotFound } from "../../errors/page-error.ts";

/**
 * Hono's param validator with the site's verdict: each named path parameter must pass its
 * rule, or the answer is the fatal not-found page, before the handler reads any content.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { isSlug } from "../../../shared/slug.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { validParams } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.get("/post/:slug", validParams({ slug: isSlug }), (c) => c.text(c.req.valid("param").slug));
 * // GET /post/Not_A_Slug → throws "Page Not Found: /post/Not_A_Slug" (404, fatal)
 * ```
 */
export const validParams = <Name extends string>(rules: Record<Name, (value: string) => boolean>) =>
  validator("param", (params: Record<Name, string>, c) => {
    for (const name of Object.keys(rules) as Name[]) {
      if (!rules[name](params[name] ?? "")) throw pageNotFound(new URL(c.req.url).pathname);
    }
    return params;
  });

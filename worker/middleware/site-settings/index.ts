import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { siteSettingsFromVars } from "../../config/site-settings.ts";

/** Puts the owner's site settings on the context, for every page and feed of the request. */
export const siteSettings: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("site", siteSettingsFromVars(c.env));
  await next();
};

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { ConfigError } from "../../config/content-config.ts";
import { resolveSiteSettings, siteSettingsFromVars } from "../../config/site-settings.ts";
import { requestContent } from "../../content/request-content.ts";
import { log } from "../../lib/log.ts";

/**
 * Puts the owner's site settings on the context for every page and feed of the request: the
 * Studio's `siteSettings` document (read through the edge cache like any content, so a change
 * there needs no deploy) over the worker's vars. The settings frame every page, so when they
 * cannot be read the vars stand in and the page still renders.
 */
export const siteSettings: MiddlewareHandler<AppEnv> = async (c, next) => {
  const fallback = siteSettingsFromVars(c.env);
  try {
    c.set("site", resolveSiteSettings(fallback, await requestContent(c).settings()));
  } catch (error) {
    c.set("site", fallback);
    // A configuration error is the page's own 500, logged by the error handler.
    if (!(error instanceof ConfigError)) {
      log.warn("Site settings unavailable; using the worker's settings", {
        path: new URL(c.req.url).pathname,
        requestId: c.get("requestId"),
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }
  await next();
};

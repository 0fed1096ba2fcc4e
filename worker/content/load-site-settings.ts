import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { ConfigError } from "../config/content-config.ts";
import {
  resolveSiteSettings,
  type SiteSettings,
  siteSettingsFromVars,
} from "../config/site-settings.ts";
import { errorText, log } from "../lib/log.ts";
import { requestContent } from "./request-content.ts";

/**
 * The owner's site settings for this request, read once and kept on the context: the Studio's
 * `siteSettings` document (read through the edge cache like any content, so a change there
 * needs no deploy) over the worker's vars. Read only by what renders (pages, error pages,
 * feeds), never by a page served from the rendered-page cache. The settings frame every page,
 * so when they cannot be read the vars stand in and the page still renders.
 */
export async function loadSiteSettings(c: Context<AppEnv>): Promise<SiteSettings> {
  const known = c.get("site");
  if (known) return known;
  const fallback = siteSettingsFromVars(c.env);
  let site = fallback;
  try {
    site = resolveSiteSettings(fallback, await requestContent(c).settings());
  } catch (error) {
    // A configuration error is the page's own 500, logged by the error handler.
    if (!(error instanceof ConfigError)) {
      log.warn("Site settings unavailable; using the worker's settings", {
        path: new URL(c.req.url).pathname,
        requestId: c.get("requestId"),
        error: errorText(error),
      });
    }
  }
  c.set("site", site);
  return site;
}

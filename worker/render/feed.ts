import type { Context } from "hono";
import type { ContentSource } from "../content/content-source.ts";
import type { SiteSettings } from "../content/site-settings.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";

const RETRY_AFTER_SECONDS = "30";

/**
 * Browsers and a reader's proxies ask again each time, as for pages (a feed kept five minutes
 * there would outlive a publish); the edge keeps feeds as it keeps pages, purged on publish.
 */
export const FEED_CACHE_CONTROL = "no-cache";

/**
 * A feed built from its content, the site's origin (URLs in feeds are absolute) and the
 * owner's settings.
 */
export type Feed<T> = (
  c: Context<AppEnv>,
  content: T,
  origin: string,
  site: SiteSettings,
) => Response;

/** A valid date as a Date, or undefined; content dates are never trusted blindly. */
export function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * When a post last changed as its readers see it: its publication, or an edit after it (an edit
 * made before a scheduled publication changes nothing). Its page, the sitemap and the feed agree.
 */
export const postModified = <Published extends string | null>(post: {
  publishedAt: Published;
  _updatedAt?: string | null | undefined;
}): string | Published => {
  const published = Date.parse(post.publishedAt ?? "");
  return post._updatedAt && (Date.parse(post._updatedAt) > published || Number.isNaN(published))
    ? post._updatedAt
    : post.publishedAt;
};

export function latest(dates: (Date | undefined)[]): Date | undefined {
  let newest: Date | undefined;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}

/** Loads a feed's content, answering 503 (and logging one line) when the content service fails. */
export function feed<T>(name: string, load: (source: ContentSource) => Promise<T>, build: Feed<T>) {
  return async (c: Context<AppEnv>) => {
    let content: T;
    let site: SiteSettings;
    try {
      [content, site] = await Promise.all([load(contentFor(c)), siteSettingsFor(c)]);
    } catch (error) {
      log.error("Feed unavailable: the content service failed", {
        feed: name,
        path: new URL(c.req.url).pathname,
        requestId: c.get("requestId"),
        error: errorText(error),
      });
      return c.text("Service temporarily unavailable. Please try again shortly.\n", 503, {
        "Retry-After": RETRY_AFTER_SECONDS,
        "Cache-Control": "no-store",
      });
    }
    return build(c, content, siteOrigin(c), site);
  };
}

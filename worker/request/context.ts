/**
 * The request-facing adapters: where Hono's `Context` meets the layers below it. Handlers,
 * middleware and rendering call these; the data layer underneath takes plain inputs (the env,
 * a read mode, a sink for background work) and never sees a `Context`.
 */
import type { Context } from "hono";
import type { BackgroundTasks } from "../content/content-cache.ts";
import { type ContentSource, createContentSource } from "../content/content-source.ts";
import type { SiteSettingsDocument } from "../content/model.ts";
import { localNames } from "../content/names.ts";
import { inLanguage } from "../content/paths.ts";
import {
  readSiteSettings,
  resolveSiteSettings,
  type SiteSettings,
} from "../content/site-settings.ts";
import { type Translator, translator } from "../i18n/translator.ts";
import { canonicalUrl as canonicalUrlOf } from "../seo/canonical.ts";
import type { AppEnv } from "./app-env.ts";

/** The request's path. */
export const pathOf = (c: Context): string => new URL(c.req.url).pathname;

/** The path with its query string, as the visitor sent it. */
export function fullPath(c: Context): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

/** Where the request's background work goes: the runtime's `waitUntil`, when there is one. */
function backgroundTasks(c: Context): BackgroundTasks {
  try {
    return c.executionCtx;
  } catch {
    // No execution context (app.request in a module test): background work just runs.
    return { waitUntil: (promise) => void promise.catch(() => {}) };
  }
}

/**
 * The request's content source, created on first use and then shared by the page and the
 * backdrop, so what one request read is judged as a whole.
 */
export function contentFor(c: Context<AppEnv>): ContentSource {
  const existing = c.get("source");
  if (existing) return existing;
  const preview = c.get("preview") ?? false;
  const source = createContentSource(c.var.config, backgroundTasks(c), pathOf(c), {
    preview,
    uncached: c.get("uncached") === true,
    language: () => c.get("language"),
  });
  c.set("source", source);
  return source;
}

/** The site settings document, read once per request (null when it cannot be read). */
export function settingsDocumentFor(c: Context<AppEnv>): Promise<SiteSettingsDocument | null> {
  const known = c.get("settingsDocument");
  if (known) return known;
  const read = readSiteSettings(() => contentFor(c).settings(), {
    path: pathOf(c),
    requestId: c.get("requestId"),
  });
  c.set("settingsDocument", read);
  return read;
}

/**
 * The owner's site settings for this request, in its language (the address's prefix, put on
 * the context by the language middleware, else the site's own), kept on the context, by what
 * renders (pages, error pages, feeds).
 */
export async function siteSettingsFor(c: Context<AppEnv>): Promise<SiteSettings> {
  const known = c.get("site");
  if (known) return known;
  const site = resolveSiteSettings(
    c.var.config.site,
    await settingsDocumentFor(c),
    c.get("language"),
  );
  c.set("site", site);
  return site;
}

/** `path` of the site in the request's language (`/de/…` on a German page). */
export async function localPath(c: Context<AppEnv>, path: string): Promise<string> {
  const site = await siteSettingsFor(c);
  return inLanguage(path, site.language, site.baseLanguage);
}

/**
 * The page's words, dates and numbers, in the request's language (the site settings'), the
 * names of tags and places in it (content/names.ts), and the owner's time zone.
 */
export async function i18nFor(
  c: Context<AppEnv>,
): Promise<Translator & { name(stored: string): string; timeZone: string }> {
  const site = await siteSettingsFor(c);
  const words = translator(site.language);
  return { ...words, name: localNames(site, words.locale), timeZone: site.timeZone };
}

/**
 * The origin pages, feeds and social cards name: SITE_URL when the owner set it (so the
 * `*.workers.dev` copy never calls itself canonical), else the origin the visitor asked.
 */
export const siteOrigin = (c: Context<AppEnv>): string =>
  c.var.config.siteUrl ?? new URL(c.req.url).origin;

/** The canonical URL of `path` (the request's own by default). */
export const canonicalUrl = (c: Context<AppEnv>, path = pathOf(c)): string =>
  canonicalUrlOf(siteOrigin(c), path);

/**
 * The request-facing adapters: where Hono's `Context` meets the layers below it. Handlers,
 * middleware and rendering call these; the data layer underneath takes plain inputs (the env,
 * a read mode, a sink for background work) and never sees a `Context`.
 */
import type { Context } from "hono";
import { type ContentSource, createContentSource } from "../content/content-source.ts";
import type { BackgroundTasks } from "../content/edge-cache.ts";
import { readGeneration } from "../content/generation.ts";
import { loadSiteSettings, type SiteSettings } from "../content/site-settings.ts";
import { errorText, log } from "../lib/log.ts";
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
 * The content generation of this request (the publish webhook advances it), read on first use
 * and once only: the content cache keys and the rendered-page cache key hold it, so nothing
 * cached before a publish is used after it. Only what reads content asks, so the build and
 * stamp endpoints never do. Draft preview reads from no cache and does not ask. When the
 * generation cannot be read, the request still renders, but from and into no cache (null).
 * The read is timed in `Server-Timing` (`generation;dur=…`), one entry per view.
 */
export function generationFor(c: Context<AppEnv>): Promise<number | null> {
  const known = c.get("generation");
  if (known !== undefined) return Promise.resolve(known);
  const pending = c.get("generationRead");
  if (pending) return pending;
  const read = readGenerationOnce(c);
  c.set("generationRead", read);
  return read;
}

async function readGenerationOnce(c: Context<AppEnv>): Promise<number | null> {
  if (c.get("preview")) return null;
  const started = Date.now();
  let generation: number | null;
  try {
    generation = await readGeneration(c.env);
  } catch (error) {
    generation = null;
    log.warn("Content generation unavailable; reading without caches", {
      path: pathOf(c),
      requestId: c.get("requestId"),
      error: errorText(error),
    });
  }
  c.set("generation", generation);
  c.header("Server-Timing", `generation;dur=${Date.now() - started}`, { append: true });
  return generation;
}

/**
 * The request's content source, created on first use and then shared by the page, the
 * backdrop and the rendered-HTML cache, so what one request read is judged as a whole.
 */
export function contentFor(c: Context<AppEnv>): ContentSource {
  const existing = c.get("source");
  if (existing) return existing;
  const source = createContentSource(c.var.config, backgroundTasks(c), pathOf(c), {
    generation: () => generationFor(c),
    preview: c.get("preview") ?? false,
  });
  c.set("source", source);
  return source;
}

/**
 * The owner's site settings for this request, read once and kept on the context. Read only
 * by what renders (pages, error pages, feeds), never by a page served from the rendered-HTML
 * cache.
 */
export async function siteSettingsFor(c: Context<AppEnv>): Promise<SiteSettings> {
  const known = c.get("site");
  if (known) return known;
  const site = await loadSiteSettings(() => contentFor(c).settings(), c.var.config.site, {
    path: pathOf(c),
    requestId: c.get("requestId"),
  });
  c.set("site", site);
  return site;
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

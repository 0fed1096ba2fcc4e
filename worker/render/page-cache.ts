import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { siteOrigin } from "../seo/canonical.ts";

/**
 * Rendered pages, kept in the isolate's memory for exactly as long as the content they were
 * built from is fresh, so a warm page view is a lookup instead of a React render (the render
 * is most of a page's CPU time; see the README's Performance section).
 *
 * Memory rather than the Cache API: what this saves is CPU in this isolate, and content is
 * already shared across isolates by the edge cache. A deploy (new code or new settings)
 * starts new isolates, so no page outlives the build and settings that rendered it.
 * Only complete 200 pages are kept: not errors, not a page whose slideshow lookup failed
 * (any failed or stale read makes `freshUntil` 0), never the drafts perspective.
 */

export interface CachedPage {
  body: string;
  headers: Record<string, string>;
  expires: number;
}

/** The headers that belong to the page itself; the rest are set per request around it. */
const PAGE_HEADERS = ["Content-Type", "Cache-Control"] as const;

/** Least recently used first (a Map iterates in insertion order; a hit moves to the end). */
export class PageStore {
  readonly #pages = new Map<string, CachedPage>();
  #chars = 0;

  readonly maxPages: number;
  /** In string length, which is close to bytes for HTML. */
  readonly maxChars: number;

  // Bounded so that many distinct pages cannot grow the isolate's memory (128 MB in all).
  constructor(maxPages = 200, maxChars = 16 * 1024 * 1024) {
    this.maxPages = maxPages;
    this.maxChars = maxChars;
  }

  get size(): number {
    return this.#pages.size;
  }

  get(key: string, now: number): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#delete(key);
    if (page.expires <= now) return undefined;
    this.#pages.set(key, page);
    this.#chars += page.body.length;
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.body.length > this.maxChars) return;
    this.#delete(key);
    this.#pages.set(key, page);
    this.#chars += page.body.length;
    for (const [oldest] of this.#pages) {
      if (this.#pages.size <= this.maxPages && this.#chars <= this.maxChars) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#chars -= page.body.length;
    this.#pages.delete(key);
  }
}

// One store per environment: a deployed isolate has one; the worker tests run many
// environments (content services, settings) side by side in one isolate.
const stores = new WeakMap<object, PageStore>();

function storeFor(env: object): PageStore {
  let store = stores.get(env);
  if (!store) {
    store = new PageStore();
    stores.set(env, store);
  }
  return store;
}

const serverTiming = (outcome: "hit" | "miss") => `page-cache;desc="${outcome}"`;

/**
 * Route middleware "pageCache". The key is the origin (canonical URLs and social cards name
 * it) and the path; the query string is left out, as pages do not read it.
 */
export const pageCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const store = storeFor(c.env);
  const key = `${siteOrigin(c)}${c.req.path}`;
  const cached = store.get(key, Date.now());
  if (cached) {
    c.header("Server-Timing", serverTiming("hit"));
    return c.body(cached.body, 200, cached.headers);
  }

  await next();
  const freshUntil = c.get("content")?.freshUntil() ?? 0;
  if (c.res.status !== 200 || freshUntil <= Date.now()) return;

  const body = await c.res.text();
  const headers: Record<string, string> = {};
  for (const name of PAGE_HEADERS) {
    const value = c.res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  store.set(key, { body, headers, expires: freshUntil });
  c.res = new Response(body, c.res);
  c.header("Server-Timing", serverTiming("miss"));
};

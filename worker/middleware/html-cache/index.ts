import type { Context, MiddlewareHandler } from "hono";
import type { Provenance } from "../../content/content-source.ts";
import { ByteLru } from "../../lib/byte-lru.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { generationFor, siteOrigin } from "../../request/context.ts";

/**
 * Rendered pages, kept in the isolate's memory for exactly as long as the content they were
 * built from is fresh, so a warm page view is a lookup instead of a React render (the render
 * is most of a page's CPU time; see docs/performance.md).
 *
 * Memory rather than the Cache API: what this saves is CPU in this isolate, and content is
 * already shared across isolates by the edge cache. A deploy (new code or new settings)
 * starts new isolates, so no page outlives the build and settings that rendered it.
 * Only complete 200 pages are kept: not errors, not a page whose slideshow lookup failed
 * (any failed or stale read makes `freshUntil` 0), never draft preview. The key holds the
 * content generation, so a publish leaves every kept page behind.
 */

export interface CachedPage {
  body: string;
  headers: Record<string, string>;
  expires: number;
  /** What the page was built from (its cache tags and how long it is true), for the edge. */
  provenance?: Provenance;
}

/** The headers that belong to the page itself; the rest are set per request around it. */
const PAGE_HEADERS = ["Content-Type", "Cache-Control", "Link"] as const;

/** The size of all kept pages, per isolate (which has 128 MB in all); string length is close to bytes for HTML. */
const MAX_CHARS = 16 * 1024 * 1024;

/** The page kept under `key`, if it is still fresh at `now`. */
export function freshPage(
  store: ByteLru<CachedPage>,
  key: string,
  now: number,
): CachedPage | undefined {
  const page = store.get(key);
  if (page && page.expires <= now) {
    store.delete(key);
    return undefined;
  }
  return page;
}

// One store per configuration: a deployed isolate has one; the worker tests run many
// (content services, settings) side by side in one isolate.
const stores = new WeakMap<object, ByteLru<CachedPage>>();

function storeFor(config: object): ByteLru<CachedPage> {
  let store = stores.get(config);
  if (!store) {
    store = new ByteLru<CachedPage>(MAX_CHARS);
    stores.set(config, store);
  }
  return store;
}

const serverTiming = (outcome: "hit" | "miss") => `html-cache;desc="${outcome}"`;

/** The query parameters the matched route's page reads, as a query string ("" for none). */
function readQuery(c: Context<AppEnv>): string {
  const names = c.get("route")?.query ?? [];
  const url = new URL(c.req.url);
  const read = new URLSearchParams();
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value !== null) read.set(name, value);
  }
  const text = read.toString();
  return text ? `?${text}` : "";
}

/**
 * Route middleware "htmlCache": answers a page from memory while the content it was rendered
 * from is fresh, and keeps a freshly rendered page. The key is the origin (canonical URLs and
 * social cards name it), the path, the query parameters the route says its page reads (the
 * contact page's `photo`; all others are left out) and the content generation, which it reads
 * (generationFor); it keeps nothing when the generation cannot be read.
 *
 * @example
 * ```ts
 * // A row of the route table names it (a feature's routes.ts, e.g. worker/pages/routes.ts):
 * { name: "home", path: "/", middlewares: ["htmlCache"], handler: homeHandler }
 *
 * // Mounted by hand:
 * const app = new Hono<AppEnv>();
 * app.use(configure);
 * app.get("/contact", htmlCache, pageHandler);
 * // first view: Server-Timing: html-cache;desc="miss"; the next: html-cache;desc="hit"
 * ```
 */
export const htmlCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("preview")) return next();
  const generation = await generationFor(c);
  if (generation === null) return next();
  const store = storeFor(c.var.config);
  const key = `${siteOrigin(c)}${c.req.path}${readQuery(c)}#${generation}`;
  const cached = freshPage(store, key, Date.now());
  if (cached) {
    if (cached.provenance) c.set("keptHtml", cached.provenance);
    c.header("Server-Timing", serverTiming("hit"), { append: true });
    return c.body(cached.body, 200, cached.headers);
  }

  await next();
  const content = c.get("source");
  const freshUntil = content?.freshUntil() ?? 0;
  if (c.res.status !== 200 || freshUntil <= Date.now()) return;

  const body = await c.res.text();
  const headers: Record<string, string> = {};
  for (const name of PAGE_HEADERS) {
    const value = c.res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  store.set(
    key,
    {
      body,
      headers,
      expires: freshUntil,
      ...(content ? { provenance: content.provenance() } : {}),
    },
    body.length,
  );
  c.res = new Response(body, c.res);
  c.header("Server-Timing", serverTiming("miss"), { append: true });
};

import type { ContentConfig } from "../config/content-config.ts";

/**
 * Content results in the Workers Cache API, with stale-while-revalidate and stale-if-error
 * kept by hand (the Cache API implements neither): each entry records when it was stored;
 * fresh entries are served as they are, stale ones are served at once while a background
 * refresh runs, and a failed refresh leaves the stale entry in place.
 *
 * A result may also carry a moment it must not outlive (a scheduled post going live): after
 * it, the entry is refreshed before it is used again, and served only if the refresh fails.
 */

interface Entry<T> {
  storedAt: number;
  result: T;
  /** Epoch ms after which the result is wrong, whatever its age (absent: only age counts). */
  expiresAt?: number;
}

export interface CacheContext {
  waitUntil(promise: Promise<unknown>): void;
}

// The Cache API keys on URLs; this host is never fetched.
const KEY_ORIGIN = "https://content-cache.invalid";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function cacheKey(
  config: ContentConfig,
  query: string,
  params: Record<string, unknown>,
): Promise<Request> {
  const identity = JSON.stringify([
    config.apiHost ?? "sanity",
    config.projectId,
    config.dataset,
    config.apiVersion,
    config.perspective,
    query,
    params,
  ]);
  return new Request(`${KEY_ORIGIN}/${await sha256Hex(identity)}`);
}

/** The query gave up: it took longer than this request may wait. */
export class QueryTimeout extends Error {
  override name = "QueryTimeout";
}

/**
 * Fetches shared by concurrent requests in this isolate, so a burst makes one content call.
 * The request that starts a fetch hands it to `waitUntil`, so the fetch runs to its end even
 * when that request finishes first; every request waits only as long as its own limit allows.
 */
const inFlight = new Map<string, Promise<unknown>>();

function shared<T>(key: string, ctx: CacheContext, start: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const promise = start().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  ctx.waitUntil(promise.catch(() => {}));
  return promise;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueryTimeout(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function store<T>(
  cache: Cache,
  key: Request,
  entry: Entry<T>,
  staleSeconds: number,
): Promise<Entry<T>> {
  await cache.put(
    key,
    new Response(JSON.stringify(entry), {
      headers: {
        "Content-Type": "application/json",
        // Kept for the whole stale window; freshness is judged from storedAt.
        "Cache-Control": `public, max-age=${staleSeconds}`,
      },
    }),
  );
  return entry;
}

export interface CachedQuery<T> {
  result: T;
  /**
   * Until when (epoch ms) the result counts as fresh: 0 when it is already stale or was never
   * cached (drafts), so anything built from it should not be kept either.
   */
  freshUntil: number;
}

export async function cachedQuery<T>(options: {
  config: ContentConfig;
  ctx: CacheContext;
  query: string;
  params: Record<string, unknown>;
  /** Asks the content service; aborts by itself after `deadlineMs`. */
  load: () => Promise<T>;
  /** The longest this request waits for an answer, its own or one it shares. */
  deadlineMs: number;
  /** The moment the result stops being true, if it has one. */
  expiresAt?: (result: T) => number | undefined;
  onRefreshError: (error: unknown) => void;
  cache?: Cache;
}): Promise<CachedQuery<T>> {
  const { config, ctx, load } = options;
  // Anything but published content may be private or change by the second: never stored.
  if (config.perspective !== "published") {
    return { result: await within(load(), options.deadlineMs), freshUntil: 0 };
  }

  const cache = options.cache ?? caches.default;
  const key = await cacheKey(config, options.query, options.params);
  const freshMs = config.freshSeconds * 1000;
  const freshUntil = (entry: Entry<T>) =>
    Math.min(entry.storedAt + freshMs, entry.expiresAt ?? Number.POSITIVE_INFINITY);
  const refresh = () =>
    shared(key.url, ctx, async (): Promise<Entry<T>> => {
      const result = await load();
      const entry: Entry<T> = { storedAt: Date.now(), result };
      const expiresAt = options.expiresAt?.(result);
      if (expiresAt !== undefined) entry.expiresAt = expiresAt;
      return store(cache, key, entry, config.staleSeconds);
    });
  const loaded = async (): Promise<CachedQuery<T>> => {
    const entry = await within(refresh(), options.deadlineMs);
    return { result: entry.result, freshUntil: freshUntil(entry) };
  };

  const hit = await cache.match(key);
  const entry = hit ? ((await hit.json()) as Entry<T>) : undefined;
  if (!entry) return loaded();

  const now = Date.now();
  if (now < freshUntil(entry)) return { result: entry.result, freshUntil: freshUntil(entry) };
  const servableStale = now - entry.storedAt < config.staleSeconds * 1000;
  if (entry.expiresAt !== undefined && now >= entry.expiresAt) {
    // Past its moment the entry is wrong, not just old: ask again, and fall back to it only
    // when the content service cannot answer.
    try {
      return await loaded();
    } catch (error) {
      if (!servableStale) throw error;
      options.onRefreshError(error);
      return { result: entry.result, freshUntil: 0 };
    }
  }
  if (servableStale) {
    refresh().catch(options.onRefreshError);
    return { result: entry.result, freshUntil: 0 };
  }
  return loaded();
}

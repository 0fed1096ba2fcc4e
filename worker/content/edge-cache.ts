import type { ContentConfig } from "../config/content-config.ts";

/**
 * Content results in the Workers Cache API, with stale-while-revalidate and
 * stale-if-error kept by hand (the Cache API implements neither): each entry records when it
 * was stored; fresh entries are served as they are, stale ones are served at once while a
 * background refresh runs, and a failed refresh leaves the stale entry in place.
 */

interface Entry<T> {
  storedAt: number;
  result: T;
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

/** Fetches shared by concurrent requests in this isolate, so a burst makes one content call. */
const inFlight = new Map<string, Promise<unknown>>();

function coalesce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const promise = load().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

async function store<T>(
  cache: Cache,
  key: Request,
  result: T,
  staleSeconds: number,
): Promise<Entry<T>> {
  const entry: Entry<T> = { storedAt: Date.now(), result };
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
  load: () => Promise<T>;
  onRefreshError: (error: unknown) => void;
  cache?: Cache;
}): Promise<CachedQuery<T>> {
  const { config, ctx, load } = options;
  // Drafts change by the second and may be private: never cached.
  if (config.perspective === "drafts") {
    return { result: await load(), freshUntil: 0 };
  }

  const cache = options.cache ?? caches.default;
  const key = await cacheKey(config, options.query, options.params);
  const freshMs = config.freshSeconds * 1000;
  const fetchAndStore = () =>
    coalesce(key.url, async (): Promise<Entry<T>> => {
      const result = await load();
      return store(cache, key, result, config.staleSeconds);
    });
  const loaded = async (): Promise<CachedQuery<T>> => {
    const entry = await fetchAndStore();
    return { result: entry.result, freshUntil: entry.storedAt + freshMs };
  };

  const hit = await cache.match(key);
  const entry = hit ? ((await hit.json()) as Entry<T>) : undefined;
  if (!entry) return loaded();

  const age = Date.now() - entry.storedAt;
  if (age < freshMs) {
    return { result: entry.result, freshUntil: entry.storedAt + freshMs };
  }
  if (age < config.staleSeconds * 1000) {
    ctx.waitUntil(fetchAndStore().catch(options.onRefreshError));
    return { result: entry.result, freshUntil: 0 };
  }
  return loaded();
}

import type { ContentConfig } from "../config/content-config.ts";

/**
 * Content results in the Workers Cache API, with stale-while-revalidate and stale-if-error
 * kept by hand (the Cache API implements neither): each entry records when it was stored;
 * fresh entries are served as they are, stale ones are served at once while a background
 * refresh runs, and a failed refresh leaves the stale entry in place.
 *
 * A result may also carry a moment it must not outlive (a scheduled post going live): after
 * it, the entry is refreshed before it is used again, and served only if the refresh fails.
 *
 * Keys include the content generation, which the publish webhook advances: after a publish
 * every key is new, so no page is rendered from content cached before it (the Cache API is
 * local to one data centre and cannot be purged from the worker everywhere).
 */

interface Entry<T> {
  storedAt: number;
  result: T;
  /** Epoch ms after which the result is wrong, whatever its age (absent: only age counts). */
  expiresAt?: number;
}

export interface BackgroundTasks {
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
  generation: number,
  query: string,
  params: Record<string, unknown>,
): Promise<Request> {
  const identity = JSON.stringify([
    generation,
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

function shared<T>(key: string, ctx: BackgroundTasks, start: () => Promise<T>): Promise<T> {
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
  /** The moment the result stops being true, when it has one. */
  expiresAt?: number;
  /** Served from the cache past its fresh time (while a refresh runs, or the service fails). */
  stale?: boolean;
}

/**
 * How long past its fresh time a result may still be served at once while it is refreshed in
 * the background. Later, the page waits for the refresh (up to its time limit) and the old
 * result is used only if the content service fails: a quiet data centre never shows days-old
 * content as if it were fresh.
 */
export const REVALIDATE_WINDOW_MS = 5 * 60 * 1000;

export async function cachedQuery<T>(options: {
  config: ContentConfig;
  ctx: BackgroundTasks;
  /** The content generation; null when unknown, and then nothing is read from or stored in the cache. */
  generation: number | null;
  query: string;
  params: Record<string, unknown>;
  /** Asks the content service with these parameters; aborts by itself after its own limit. */
  load: (params: Record<string, unknown>) => Promise<T>;
  /** The longest this request waits for an answer, its own or one it shares. */
  deadlineMs: number;
  /** The moment the result stops being true, if it has one. */
  expiresAt?: (result: T) => number | undefined;
  onRefreshError: (error: unknown) => void;
  cache?: Cache;
}): Promise<CachedQuery<T>> {
  const { config, ctx, generation, params } = options;
  const load = () => options.load(params);
  // Anything but published content may be private or change by the second, and without the
  // generation a stored result could outlive a publish: neither is read from or stored.
  if (config.perspective !== "published" || generation === null) {
    return { result: await within(load(), options.deadlineMs), freshUntil: 0 };
  }

  const cache = options.cache ?? caches.default;
  const key = await cacheKey(config, generation, options.query, params);
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
  const answer = (entry: Entry<T>, stale = false): CachedQuery<T> => ({
    result: entry.result,
    freshUntil: stale ? 0 : freshUntil(entry),
    ...(entry.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
    ...(stale ? { stale } : {}),
  });
  const loaded = async () => answer(await within(refresh(), options.deadlineMs));

  const hit = await cache.match(key);
  const entry = hit ? ((await hit.json()) as Entry<T>) : undefined;
  if (!entry) return loaded();

  const now = Date.now();
  if (now < freshUntil(entry)) return answer(entry);
  const age = now - entry.storedAt;
  const expired = entry.expiresAt !== undefined && now >= entry.expiresAt;
  if (!expired && age < freshMs + REVALIDATE_WINDOW_MS) {
    refresh().catch(options.onRefreshError);
    return answer(entry, true);
  }
  // Past its moment (a scheduled post is due) or long stale: ask again, and fall back to the
  // stored result only when the content service cannot answer.
  try {
    return await loaded();
  } catch (error) {
    if (age >= config.staleSeconds * 1000) throw error;
    options.onRefreshError(error);
    return answer(entry, true);
  }
}

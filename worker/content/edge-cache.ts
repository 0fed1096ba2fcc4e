import { sha256 } from "hono/utils/crypto";
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
 * local to one data centre and cannot be purged from the worker everywhere). The number is the
 * data centre's own copy (generation.ts); while that copy is too old to vouch for what was
 * cached under it, cached results are used only when Sanity fails.
 */

interface Entry<T> {
  storedAt: number;
  result: T;
  /** Epoch ms after which the result is wrong, whatever its age (absent: only age counts). */
  expiresAt?: number;
}

/** This data centre's generation: its number, and whether its copy is recent enough to vouch for cached content. */
export interface LocalGeneration {
  value: number;
  trusted: boolean;
}

export interface BackgroundTasks {
  waitUntil(promise: Promise<unknown>): void;
}

// The Cache API keys on URLs; this host is never fetched.
const KEY_ORIGIN = "https://content-cache.invalid";

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
  return new Request(`${KEY_ORIGIN}/${await sha256(identity)}`);
}

/** The query gave up: it took longer than this request may wait. */
export class QueryTimeout extends Error {
  override name = "QueryTimeout";
}

/** Another request of the isolate fetched this query at the same time, and its fetch failed. */
export class SharedQueryFailed extends Error {
  override name = "SharedQueryFailed";
}

/**
 * Refreshes under way in this isolate: the cache key and until when (epoch ms) the request
 * doing it may still be at it. A burst needs one content call, not one per request, but a
 * Worker may not hand one request's I/O (a fetch, its promise, a timer) to another: workerd
 * throws "Cannot perform I/O on behalf of a different request", and a request whose fetch
 * another one awaits can hang when that one ends. So requests share only this plain record,
 * never a promise. The request that claims a key fetches and stores the result in the Cache
 * API; the others see the claim, serve what they have (a stale entry) or wait for the claim
 * to be released and then read the Cache API themselves, each with its own I/O.
 */
const refreshing = new Map<string, number>();

/** How often a request waiting for another one's fetch looks whether it is done. */
const WAIT_STEP_MS = 15;

/** Claims the refresh of `key` until `until`, unless another request holds a live claim. */
function claim(key: string, until: number, now = Date.now()): boolean {
  const held = refreshing.get(key);
  if (held !== undefined && held > now) return false;
  refreshing.set(key, until);
  return true;
}

function release(key: string, until: number): void {
  // A claim that outlived its time may have been taken over since: that one is not ours.
  if (refreshing.get(key) === until) refreshing.delete(key);
}

/** Waits until nobody holds a claim on `key`, or until `deadline`; true when it was released. */
async function released(key: string, deadline: number): Promise<boolean> {
  for (;;) {
    const held = refreshing.get(key);
    const now = Date.now();
    if (held === undefined || held <= now) return true;
    if (now >= deadline) return false;
    await new Promise((wake) => setTimeout(wake, Math.min(WAIT_STEP_MS, deadline - now)));
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueryTimeout(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
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
  /**
   * This data centre's content generation; null while it has none, and then nothing is read
   * from or stored in the cache. Untrusted, a cached result is used only if Sanity fails.
   */
  generation: LocalGeneration | null;
  query: string;
  params: Record<string, unknown>;
  /** Asks the content service with these parameters; aborts by itself after its own limit. */
  load: (params: Record<string, unknown>) => Promise<T>;
  /** The longest this request waits for an answer, its own or another request's. */
  deadlineMs: number;
  /**
   * The longest `load` runs by its own limit: another request of the isolate waits for a
   * refresh claimed this long ago at most, then fetches itself.
   */
  claimMs: number;
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
  const key = await cacheKey(config, generation.value, options.query, params);
  const id = key.url;
  const freshMs = config.freshSeconds * 1000;
  const freshUntil = (entry: Entry<T>) =>
    Math.min(entry.storedAt + freshMs, entry.expiresAt ?? Number.POSITIVE_INFINITY);
  const answer = (entry: Entry<T>, stale = false): CachedQuery<T> => ({
    result: entry.result,
    freshUntil: stale ? 0 : freshUntil(entry),
    ...(entry.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
    ...(stale ? { stale } : {}),
  });
  const stored = async (): Promise<Entry<T> | undefined> => {
    const hit = await cache.match(key);
    return hit ? ((await hit.json()) as Entry<T>) : undefined;
  };

  /**
   * Asks the content service and stores the answer, under this request's claim. The work is
   * this request's own and is handed to its own `waitUntil`, so it runs to its end (and
   * releases the claim) even when the request answers first.
   */
  const refresh = (until: number): Promise<Entry<T>> => {
    const work = (async () => {
      const result = await load();
      const entry: Entry<T> = { storedAt: Date.now(), result };
      const expiresAt = options.expiresAt?.(result);
      if (expiresAt !== undefined) entry.expiresAt = expiresAt;
      return store(cache, key, entry, config.staleSeconds);
    })().finally(() => release(id, until));
    ctx.waitUntil(work.catch(() => {}));
    return work;
  };

  /**
   * A result newer than the cached one: this request fetches it, unless another request of
   * the isolate already is, in which case it waits for that one to finish and reads what it
   * stored. When that fetch failed, this request fails with it rather than ask a failing
   * service again: a burst costs the service one call, answered or not. Never longer than the
   * request's own limit. `known` is the entry this request already has: only a newer one counts.
   */
  const fresh = async (known?: Entry<T>): Promise<Entry<T>> => {
    const now = Date.now();
    const until = now + options.claimMs;
    if (claim(id, until, now)) return within(refresh(until), options.deadlineMs);
    if (!(await released(id, now + options.deadlineMs))) {
      throw new QueryTimeout(`No answer within ${options.deadlineMs} ms`);
    }
    const entry = await stored();
    if (entry && (!known || entry.storedAt > known.storedAt)) return entry;
    throw new SharedQueryFailed(
      "The content service did not answer this query for another request",
    );
  };

  const entry = await stored();
  if (!entry) return answer(await fresh());

  const now = Date.now();
  if (generation.trusted && now < freshUntil(entry)) return answer(entry);
  const age = now - entry.storedAt;
  const expired = entry.expiresAt !== undefined && now >= entry.expiresAt;
  if (generation.trusted && !expired && age < freshMs + REVALIDATE_WINDOW_MS) {
    // One background refresh per isolate; the rest of a burst serves the stale entry as is.
    const until = now + options.claimMs;
    if (claim(id, until, now)) refresh(until).catch(options.onRefreshError);
    return answer(entry, true);
  }
  // Past its moment (a scheduled post is due), long stale, or cached under a generation this
  // data centre cannot vouch for now: ask again, and fall back to the stored result only when
  // the content service cannot answer.
  try {
    return answer(await fresh(entry));
  } catch (error) {
    if (age >= config.staleSeconds * 1000) throw error;
    options.onRefreshError(error);
    return answer(entry, true);
  }
}

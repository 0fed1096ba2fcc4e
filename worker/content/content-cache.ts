import { sha256 } from "hono/utils/crypto";
import type { ContentConfig } from "../config/content-config.ts";

/**
 * The last good answer to each query, in this data centre's Cache API: what a page is built
 * from when Sanity fails (for up to `staleSeconds`), and, while it is fresh (`freshSeconds`),
 * what is read instead of Sanity. With the publish webhook set nothing is fresh here: a page
 * built after a publish must read Sanity as it is now, and a cache local to one data centre
 * cannot be purged everywhere (docs/performance.md has the figures).
 */

interface Entry<T> {
  storedAt: number;
  result: T;
  /** Epoch ms after which the result is wrong, whatever its age (a scheduled post goes live). */
  expiresAt?: number;
}

export interface BackgroundTasks {
  waitUntil(promise: Promise<unknown>): void;
}

// The Cache API keys on URLs; this host is never fetched.
const KEY_ORIGIN = "https://content-cache.invalid";

async function cacheKey(
  config: ContentConfig,
  query: string,
  params: Record<string, unknown>,
): Promise<Request> {
  const identity = JSON.stringify([
    config.apiHost ?? "sanity",
    config.projectId,
    config.dataset,
    config.apiVersion,
    query,
    params,
  ]);
  return new Request(`${KEY_ORIGIN}/${await sha256(identity)}`);
}

/** The query gave up: it took longer than this request may wait. */
export class QueryTimeout extends Error {
  override name = "QueryTimeout";
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

export interface CachedQuery<T> {
  result: T;
  /** The moment the result stops being true, when it has one. */
  expiresAt?: number;
  /** The last good answer, served because the content service failed. */
  stale?: boolean;
}

export async function cachedQuery<T>(options: {
  config: ContentConfig;
  ctx: BackgroundTasks;
  query: string;
  params: Record<string, unknown>;
  /** Asks the content service; aborts by itself after its own limit. */
  load: () => Promise<T>;
  /** The longest this request waits for the content service. */
  deadlineMs: number;
  /** The longest it waits when it has an older answer to fall back on. */
  fallbackAfterMs: number;
  /** The moment the result stops being true, if it has one. */
  expiresAt?: (result: T) => number | undefined;
  /** Read past the cache: what is checked must be as it is now (a sale, an inquiry's photograph). */
  uncached?: boolean;
  onStale: (error: unknown) => void;
  cache?: Cache;
}): Promise<CachedQuery<T>> {
  const { config } = options;
  // Drafts may be private and change by the second: never read from or stored.
  if (config.perspective !== "published" || options.uncached) {
    return { result: await within(options.load(), options.deadlineMs) };
  }
  const cache = options.cache ?? caches.default;
  const key = await cacheKey(config, options.query, options.params);
  const hit = await cache.match(key);
  const kept = hit ? ((await hit.json()) as Entry<T>) : undefined;
  const now = Date.now();
  const answer = (entry: Entry<T>, stale = false): CachedQuery<T> => ({
    result: entry.result,
    ...(entry.expiresAt === undefined ? {} : { expiresAt: entry.expiresAt }),
    ...(stale ? { stale } : {}),
  });
  if (
    kept &&
    now < kept.storedAt + config.freshSeconds * 1000 &&
    now < (kept.expiresAt ?? Number.POSITIVE_INFINITY)
  ) {
    return answer(kept);
  }
  try {
    const result = await within(
      options.load(),
      kept ? options.fallbackAfterMs : options.deadlineMs,
    );
    const entry: Entry<T> = { storedAt: Date.now(), result };
    const expiresAt = options.expiresAt?.(result);
    if (expiresAt !== undefined) entry.expiresAt = expiresAt;
    const body = JSON.stringify(entry);
    const stored = cache.put(
      key,
      new Response(body, {
        // Kept for as long as it may stand in; freshness is judged from storedAt.
        headers: { "Cache-Control": `public, max-age=${config.staleSeconds}` },
      }),
    );
    // A failed store costs the next view a read; it is not this answer's failure.
    options.ctx.waitUntil(stored.catch(() => {}));
    return answer(entry);
  } catch (error) {
    if (!kept || now - kept.storedAt >= config.staleSeconds * 1000) throw error;
    options.onStale(error);
    return answer(kept, true);
  }
}

import type { BackgroundTasks, LocalGeneration } from "./edge-cache.ts";
import { type ContentGeneration, type Delivery, TRUSTED_MS } from "./generation-store.ts";
import type { PurgeRequest } from "./purge.ts";

/** A data centre's copy of the generation: the number, and when it was read from the object. */
interface Copy {
  value: number;
  readAt: number;
}

type GenerationEnv = { CONTENT_GENERATION?: DurableObjectNamespace<ContentGeneration> };

/** The one instance of the object, which keeps the generation and the webhook's replay window. */
const instance = (env: GenerationEnv) => env.CONTENT_GENERATION?.getByName("site");

// The Cache API keys on URLs; this host is never fetched.
export const COPY_KEY = "https://content-generation.invalid/copy";

/**
 * The isolate's renewal of each copy under way, until when: plain numbers (requests may share
 * no I/O), so a burst starts one read of the object, not one per request. Keyed by the cache
 * the copy lives in (in production only `caches.default`), so a renewal that hangs for one
 * copy never holds back another's.
 */
const renewing = new WeakMap<Cache, number>();

async function readCopy(cache: Cache): Promise<Copy | undefined> {
  const stored = await cache.match(COPY_KEY);
  return stored ? ((await stored.json()) as Copy) : undefined;
}

/**
 * Keeps `copy` unless the one stored is newer: a renewal that read the object before a publish
 * may finish after the webhook stored the publish's number. The generation only grows.
 */
async function storeCopy(cache: Cache, copy: Copy): Promise<void> {
  const kept = await readCopy(cache);
  if (
    kept &&
    (kept.value > copy.value || (kept.value === copy.value && kept.readAt >= copy.readAt))
  )
    return;
  await cache.put(
    COPY_KEY,
    Response.json(copy, { headers: { "Cache-Control": "public, max-age=604800" } }),
  );
}

/**
 * This data centre's content generation, from its copy in the Cache API: never a round trip to
 * the object, which lives in one place in the world. A copy past half its trusted time is
 * renewed in the background (the request does not wait), so a data centre with visitors keeps
 * a trusted copy; a quiet one's first view finds it untrusted and reads its content from
 * Sanity. The copy is null until this data centre has one at all; `renewing` says that this
 * request started a renewal.
 */
export async function localGeneration(
  env: GenerationEnv,
  tasks: BackgroundTasks,
  cache: Cache = caches.default,
  now = Date.now(),
): Promise<{ copy: LocalGeneration | null; renewing: boolean }> {
  const copy = await readCopy(cache);
  const age = copy ? now - copy.readAt : Number.POSITIVE_INFINITY;
  const stub = instance(env);
  let started = false;
  if (stub && age > TRUSTED_MS / 2 && (renewing.get(cache) ?? 0) <= now) {
    started = true;
    const until = now + TRUSTED_MS;
    renewing.set(cache, until);
    const renewal = (async () => {
      // The number is true as of some moment of the call: its start is the safe one to count from.
      const readAt = Date.now();
      await storeCopy(cache, { value: await stub.current(), readAt });
    })().finally(() => {
      if (renewing.get(cache) === until) renewing.delete(cache);
    });
    tasks.waitUntil(renewal.catch(() => {}));
  }
  return {
    copy: copy ? { value: copy.value, trusted: age <= TRUSTED_MS } : null,
    renewing: started,
  };
}

function required(env: GenerationEnv) {
  const stub = instance(env);
  if (!stub) throw new Error("The CONTENT_GENERATION binding is missing (see wrangler.toml)");
  return stub;
}

/**
 * Moves every cache key on for a publish webhook delivery (and schedules `purge` again, see
 * generation-store.ts), and brings this data centre's copy up to date at once (the others
 * within TRUSTED_MS). Null when the delivery was seen before (a replay): nothing moves.
 */
export async function publishDelivery(
  env: GenerationEnv,
  delivery: Delivery,
  purge: PurgeRequest,
  cache: Cache = caches.default,
): Promise<number | null> {
  const value = await required(env).publish(delivery, purge);
  if (value !== null) await storeCopy(cache, { value, readAt: Date.now() });
  return value;
}

/** Forgets a delivery whose purge failed, so that Sanity's retry of it is accepted. */
export async function forgetDelivery(env: GenerationEnv, delivery: Delivery): Promise<void> {
  await required(env).forget(delivery);
}

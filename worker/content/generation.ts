import type { ContentGeneration, Delivery } from "./generation-store.ts";

/** The one instance every request asks. */
const INSTANCE = "site";

type GenerationEnv = { CONTENT_GENERATION?: DurableObjectNamespace<ContentGeneration> };

const instance = (env: GenerationEnv) => env.CONTENT_GENERATION?.getByName(INSTANCE);

function required(env: GenerationEnv) {
  const stub = instance(env);
  if (!stub) throw new Error("The CONTENT_GENERATION binding is missing (see wrangler.toml)");
  return stub;
}

/**
 * The current content generation, or null when it cannot be known (no binding, or the
 * Durable Object did not answer): callers then store nothing they read.
 */
export async function readGeneration(env: GenerationEnv): Promise<number | null> {
  const stub = instance(env);
  if (!stub) return null;
  return stub.current();
}

/**
 * Moves every cache key on for a publish webhook delivery: content cached before this call is
 * never used for a page again. Null when the delivery was seen before (a replay): nothing moves.
 */
export async function publishDelivery(
  env: GenerationEnv,
  delivery: Delivery,
): Promise<number | null> {
  return required(env).publish(delivery);
}

/** Forgets a delivery whose purge failed, so that Sanity's retry of it is accepted. */
export async function forgetDelivery(env: GenerationEnv, delivery: Delivery): Promise<void> {
  await required(env).forget(delivery);
}

import type { ContentGeneration } from "./content-generation.ts";

/** The one instance every request asks. */
const INSTANCE = "site";

type GenerationEnv = { CONTENT_GENERATION?: DurableObjectNamespace<ContentGeneration> };

const instance = (env: GenerationEnv) => env.CONTENT_GENERATION?.getByName(INSTANCE);

/**
 * The current content generation, or null when it cannot be known (no binding, or the
 * Durable Object did not answer): callers then store nothing they read.
 */
export async function readGeneration(env: GenerationEnv): Promise<number | null> {
  const stub = instance(env);
  if (!stub) return null;
  return stub.current();
}

/** Moves every cache key on: content cached before this call is never used for a page again. */
export async function advanceGeneration(env: GenerationEnv): Promise<number> {
  const stub = instance(env);
  if (!stub) throw new Error("The CONTENT_GENERATION binding is missing (see wrangler.toml)");
  return stub.advance();
}

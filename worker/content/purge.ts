/** What a publish must purge from the page cache in front of the worker. */
export type PurgeRequest = { tags: string[] } | { everything: true };

/** `unavailable`: no Workers Cache here (wrangler dev, tests, npm start), nothing to purge. */
export type PurgeResult = "purged" | "unavailable";

/**
 * Purges Workers Cache through the calling entrypoint's `ctx.cache`; a refused purge (rate
 * limited, say) throws, so the webhook answers an error and Sanity delivers it again.
 */
export async function purgeWorkersCache(
  cache: CacheContext | undefined,
  request: PurgeRequest,
): Promise<PurgeResult> {
  if (!cache) return "unavailable";
  const result = await cache.purge(
    "everything" in request ? { purgeEverything: true } : { tags: request.tags },
  );
  if (!result.success) {
    const reasons = result.errors.map((error) => `${error.code}: ${error.message}`).join("; ");
    throw new Error(`Workers Cache refused the purge (${reasons || "no reason given"})`);
  }
  return "purged";
}

/**
 * Runs `work` over every item with at most `limit` at once, starting the next as soon as one
 * ends, and resolves with the results in the items' order. Only the running items' work is in
 * flight, so memory stays flat whatever the number of items. `work` handles its own errors: one
 * that throws stops new starts and rejects the whole once the running ones have ended.
 */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("limit must be a whole number ≥ 1");
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

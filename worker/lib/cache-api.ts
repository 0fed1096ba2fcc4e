/**
 * The answer `key` names in the data centre's Cache API, else the one `make` makes (undefined
 * when there is nothing to make it from), kept there once it is on its way, if it is a success:
 * what is made from R2 (a gallery's sizes and regions, the basemap's tiles) is read from the
 * bucket once per data centre. `hit` says which.
 */
export async function cachedOrMade<Made extends Response | undefined>(
  ctx: Pick<ExecutionContext, "waitUntil">,
  key: Request,
  make: () => Promise<Made>,
): Promise<{ res: Response | Made; hit: boolean }> {
  const cache = caches.default;
  const hit = await cache.match(key);
  if (hit) return { res: hit, hit: true };
  const res = await make();
  if (res?.ok) ctx.waitUntil(cache.put(key, res.clone()));
  return { res, hit: false };
}

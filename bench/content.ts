// Content-service calls per warm page view, counted by the demo content service.
import type { ContentService } from "../demo/server/server.ts";

/** Views `path` twice to warm the edge cache, then `views` times, counting content queries. */
export async function contentCallsPerViews(
  siteUrl: string,
  content: ContentService,
  path: string,
  views = 100,
): Promise<number> {
  const view = async () => {
    const res = await fetch(new URL(path, siteUrl));
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  };
  await view();
  await view();
  const before = content.stats.queries;
  for (let i = 0; i < views; i++) await view();
  return content.stats.queries - before;
}

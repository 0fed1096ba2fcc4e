// What each cache saves, measured on the local site (docs/performance.md, "Caches"). A miss:
// a page no cache holds, rendered from one query with the content service 150 ms away (as
// Sanity is from most data centres), counted and timed per template. The page cache in front of
// the worker (Workers Cache in production, not emulated locally): the render one of its hits
// spares the worker. The content results kept in the Cache API: what a view costs the content
// service while they are fresh, and what a view gets while the service hangs.
import type { ContentService } from "../demo/server/server.ts";
import type { RunningSite } from "../scripts/site-server.ts";
import { percentile } from "./load.ts";
import type { BenchOptions } from "./options.ts";
import { LIGHTHOUSE_PAGES, PAGES } from "./pages.ts";
import type { Row } from "./table.ts";

const SECTION = "caches";

/** How far away the content service is for a miss, and what a miss may take on top of it. */
export const FAR_MS = 150;
const RENDER_BUDGET_MS = 40;

/** Every template: the pages, the feeds and the not-found page. */
const TEMPLATES = [
  ...LIGHTHOUSE_PAGES,
  { type: "feed", path: "/rss.xml" },
  { type: "sitemap", path: "/sitemap.xml" },
  { type: "not found", path: "/a/b/c" },
] as const;

interface View {
  /** Until the answer's headers arrived. */
  firstByteMs: number;
  /** Until its last byte. */
  ms: number;
  status: number;
  /** What the content service was asked meanwhile. */
  calls: number;
}

async function view(url: URL, content: ContentService): Promise<View> {
  const before = content.stats.queries;
  const started = performance.now();
  const res = await fetch(url);
  const firstByteMs = performance.now() - started;
  await res.arrayBuffer();
  return {
    firstByteMs,
    ms: performance.now() - started,
    status: res.status,
    calls: content.stats.queries - before,
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * On an instance whose content service answers 150 ms late and whose content results are never
 * fresh (as on a site with the publish webhook, where every render follows a purge): each
 * template's content requests per view and time to first byte, over `views` views; then, with
 * the service hanging, what a view of the post gets from the content results kept before.
 */
export async function missRows(
  site: RunningSite,
  content: ContentService,
  options: BenchOptions,
  hang: (on: boolean) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  const views = Math.max(5, Math.round(options.views / 5));
  for (const template of TEMPLATES) {
    const url = new URL(template.path, site.url);
    // The first view starts the worker and fills the content cache.
    await view(url, content);
    const seen: View[] = [];
    for (let i = 0; i < views; i++) seen.push(await view(url, content));
    const calls = seen.reduce((sum, each) => sum + each.calls, 0) / seen.length;
    const times = sorted(seen.map((each) => each.firstByteMs));
    rows.push(
      {
        section: SECTION,
        metric: `a miss, ${template.type}: content requests per view`,
        value: calls,
        unit: "",
        digits: 1,
        budget: { op: "<=", limit: 1 },
      },
      {
        section: SECTION,
        metric: `a miss, ${template.type}, content ${FAR_MS} ms away: time to first byte, p50`,
        value: percentile(times, 50),
        unit: "ms",
        digits: 0,
        note: `p99 ${percentile(times, 99).toFixed(0)} ms, ${seen.length} views`,
        budget: { op: "<=", limit: FAR_MS + RENDER_BUDGET_MS },
      },
    );
  }
  const post = PAGES.find((page) => page.type === "post") ?? PAGES[0];
  if (post) {
    hang(true);
    try {
      const during = await view(new URL(post.path, site.url), content);
      rows.push({
        section: SECTION,
        metric: "content results (Cache API): a post's view while the content service hangs",
        // Anything but the page from the last good result is a failed measurement.
        value: during.status === 200 ? during.ms : undefined,
        unit: "ms",
        digits: 0,
        note: `answered ${during.status} from the last good result, after one attempt's wait; without it: the 500 page after 8 s`,
        budget: { op: "<=", limit: 4000 },
      });
    } finally {
      hang(false);
    }
  }
  return rows;
}

/**
 * On the main instance (content next door, the publish webhook set, so no content result is
 * fresh: what the content results are for is the hang row of missRows): what a hit of the page
 * cache spares the worker, a view's whole time (its one query and its render).
 */
export async function cacheRows(
  siteUrl: string,
  content: ContentService,
  options: BenchOptions,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of PAGES) {
    const url = new URL(page.path, siteUrl);
    await view(url, content);
    const times: number[] = [];
    for (let i = 0; i < options.views; i++) times.push((await view(url, content)).ms);
    rows.push({
      section: SECTION,
      metric: `a page cache's hit (Workers Cache), ${page.type}: the render it spares, p50`,
      value: percentile(sorted(times), 50),
      unit: "ms",
      digits: 1,
      note: `p99 ${percentile(sorted(times), 99).toFixed(1)} ms: its one query (content next door) and the render`,
      budget: { op: "<=", limit: RENDER_BUDGET_MS },
    });
  }
  return rows;
}

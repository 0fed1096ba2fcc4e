// What each cache saves, measured on the local site (docs/how-it-works.md, "Caches"): the
// content results in the Cache API (content calls per view with and without them), the render
// a page cache in front of the worker saves (Workers Cache in production; not emulated
// locally, so the figure is what one of its hits spares the worker), and the content
// generation's object, which no page waits for (a page's time with the object 200 ms away).
import type { ContentService } from "../demo/server/server.ts";
import { percentile } from "./load.ts";
import type { BenchOptions } from "./options.ts";
import { PAGES } from "./pages.ts";
import type { Row } from "./table.ts";

const SECTION = "caches";

/** One view: its time to the last byte, whether it started a renewal of the generation's copy. */
async function view(url: URL): Promise<{ ms: number; renewing: boolean }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url.pathname} answered ${res.status}`);
  const timing = res.headers.get("Server-Timing") ?? "";
  return {
    ms: performance.now() - started,
    renewing: /generation;desc="[^"]*renewing/.test(timing),
  };
}

/** Content calls of `views` views of `path`, counted by the demo content service. */
async function calls(site: string, content: ContentService, path: string, views: number) {
  const before = content.stats.queries;
  const times: number[] = [];
  for (let i = 0; i < views; i++) times.push((await view(new URL(path, site))).ms);
  return { calls: content.stats.queries - before, times: times.sort((a, b) => a - b) };
}

/**
 * On a fresh instance: the first view of each page finds no content cached (what every view
 * would cost without the content cache), later warm views find all of it.
 */
export async function cacheRows(
  siteUrl: string,
  content: ContentService,
  options: BenchOptions,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of PAGES) {
    const cold = await calls(siteUrl, content, page.path, 1);
    // The second view may still miss: the data centre's copy of the generation was only
    // renewed by the first.
    await calls(siteUrl, content, page.path, 2);
    const warm = await calls(siteUrl, content, page.path, options.views);
    rows.push(
      {
        section: SECTION,
        metric: `content results (Cache API), ${page.type}: content calls per 100 views without / with`,
        value: (warm.calls * 100) / options.views,
        unit: "",
        digits: 1,
        note: `without: ${cold.calls * 100}`,
        budget: { op: "<=", limit: 1 },
      },
      {
        section: SECTION,
        metric: `a page cache's hit (Workers Cache), ${page.type}: the render it spares, p50`,
        value: percentile(warm.times, 50),
        unit: "ms",
        digits: 1,
        note: `p99 ${percentile(warm.times, 99).toFixed(1)} ms, content cached`,
        budget: { op: "<=", limit: 25 },
      },
    );
  }
  return rows;
}

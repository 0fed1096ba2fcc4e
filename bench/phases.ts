// Each phase of the benchmark measures one thing and returns its table rows.
import type { ContentService } from "../demo/server/server.ts";
import type { RunningSite } from "../scripts/site-server.ts";
import { runtimeErrors } from "../tests/support/server-log.ts";
import { workerBundleSize } from "./bundle.ts";
import { htmlSizes, recordAssets, type Sizes } from "./bytes.ts";
import { publishToPage } from "./content.ts";
import { loadPosts, postToDocument } from "./inquiries.ts";
import { labMetrics } from "./lighthouse.ts";
import { interleavedLoads, type LoadResult, percentile, runLoad } from "./load.ts";
import type { BenchOptions } from "./options.ts";
import { LIGHTHOUSE_PAGES, PAGES } from "./pages.ts";
import { soak } from "./soak.ts";
import type { Row } from "./table.ts";

const kib = (bytes: number) => bytes / 1024;
/** A browser's User-Agent: its page views are counted for insights. */
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const sizeNote = (sizes: Sizes) =>
  `raw ${kib(sizes.raw).toFixed(1)} KiB, brotli ${kib(sizes.brotli).toFixed(1)} KiB`;

/** The first hashed stylesheet the home page links, else the favicon. */
export async function staticAssetPath(siteUrl: string): Promise<string> {
  const html = await (await fetch(siteUrl)).text();
  return /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1] ?? "/favicon.svg";
}

export async function throughputRows(siteUrl: string, options: BenchOptions): Promise<Row[]> {
  const staticPath = await staticAssetPath(siteUrl);
  const targets = [...PAGES.slice(0, options.pages).map((page) => page.path), staticPath];
  const urls = targets.map((path) => new URL(path, siteUrl).href);
  const connections = options.throughputConnections;
  if (options.warmupS > 0) {
    for (const url of urls) await runLoad(url, { connections, duration: options.warmupS });
  }
  process.stderr.write(`bench: throughput ${targets.join(", ")}, / counted\n`);
  // The home page again as a browser asks for it, so its view is counted for insights
  // (autocannon sends no User-Agent, which counts as a crawler's): counting's cost to the answer.
  const counted = { url: new URL("/", siteUrl).href, headers: { "User-Agent": BROWSER } };
  const measured = await interleavedLoads([...urls, counted], {
    connections,
    duration: options.throughputS,
    slices: options.throughputSlices,
  });
  const results = new Map(targets.map((path, i) => [path, measured[i] as LoadResult]));
  const home = results.get("/");
  const countedHome = measured.at(-1);
  const section = "throughput";
  const rows: Row[] = [];
  for (const path of targets) {
    const result = results.get(path) as LoadResult;
    const failed = result.errors + result.non2xx;
    const note = failed ? `${result.errors} errors, ${result.non2xx} non-2xx` : undefined;
    const name = PAGES.find((page) => page.path === path)?.type ?? "static";
    rows.push(
      {
        section,
        metric: `${name} req/s`,
        value: result.rps,
        unit: "req/s",
        note: [name === "static" ? path : undefined, note].filter(Boolean).join("; ") || undefined,
      },
      { section, metric: `${name} p50`, value: result.p50, unit: "ms", digits: 1 },
      { section, metric: `${name} p99`, value: result.p99, unit: "ms", digits: 1 },
    );
  }
  if (home && countedHome) {
    rows.push(
      {
        section,
        metric: "home, its view counted p50",
        value: countedHome.p50,
        unit: "ms",
        digits: 1,
        note: `not counted: ${home.p50.toFixed(1)} ms; the count is sent after the answer`,
      },
      {
        section,
        metric: "home, its view counted p99",
        value: countedHome.p99,
        unit: "ms",
        digits: 1,
        note: `not counted: ${home.p99.toFixed(1)} ms`,
      },
    );
  }
  const failed = measured.reduce((sum, r) => sum + r.errors + r.non2xx, 0);
  rows.push({
    section,
    metric: "errors and non-2xx (all targets)",
    value: failed,
    unit: "",
    budget: { op: "=", limit: 0 },
  });
  const staticRps = (results.get(staticPath) as LoadResult).rps;
  for (const page of PAGES.slice(0, options.pages)) {
    rows.push({
      section,
      metric: `${page.type} ÷ static req/s`,
      // No static answer in a short run on a busy machine: no ratio ("error"), not Infinity.
      value: staticRps > 0 ? (results.get(page.path) as LoadResult).rps / staticRps : undefined,
      unit: "",
      digits: 2,
      // Each page view renders (there is no page cache in the worker: in production, Workers
      // Cache in front of it answers repeated views); see the caches section for a render.
    });
  }
  return rows;
}

/** How long after the publish webhook's answer the changed page is on screen (the next view). */
export async function publishRows(site: RunningSite): Promise<Row[]> {
  const millis = await publishToPage(site);
  return [
    {
      section: "publishing",
      metric: "webhook answered to new page shown",
      value: millis,
      unit: "ms",
      digits: 0,
      budget: { op: "<=", limit: 2000 },
    },
  ];
}

export async function bytesRows(siteUrl: string, options: BenchOptions): Promise<Row[]> {
  const pages = PAGES.slice(0, options.pages);
  const urls = pages.map((page) => new URL(page.path, siteUrl).href);
  const assets = await recordAssets(urls);
  const rows: Row[] = [];
  for (const [i, page] of pages.entries()) {
    const section = "bytes";
    const { js, islands, viewer, css, files } = assets[i] as (typeof assets)[number];
    const html = await htmlSizes(urls[i] as string);
    const scripts = files.filter((file) => file.endsWith(".js")).length - (viewer ? 1 : 0);
    rows.push(
      {
        section,
        metric: `${page.type} JS, gzip`,
        value: kib(js.gzip),
        unit: "KiB",
        digits: 1,
        budget: { op: "<=", limit: 70 },
        note: `what every page runs after its first paint: the entry and what it imports; ${sizeNote(js)}`,
      },
      {
        section,
        metric: `${page.type} JS of the islands (React), gzip`,
        value: kib(islands.gzip),
        unit: "KiB",
        digits: 1,
        note: `a second after the page has loaded, or when a toggle is reached for; ${scripts} script files in all, the viewer not counted; ${sizeNote(islands)}`,
      },
      ...(viewer
        ? [
            {
              section,
              metric: `${page.type}: photo viewer, JS with its styles, gzip`,
              value: kib(viewer.gzip),
              unit: "KiB",
              digits: 1,
              budget: { op: "<=", limit: 8 },
              note: `loaded on demand; ${sizeNote(viewer)}`,
            } satisfies Row,
          ]
        : []),
      {
        section,
        metric: `${page.type} CSS, gzip`,
        value: kib(css.gzip),
        unit: "KiB",
        digits: 1,
        note: sizeNote(css),
      },
      {
        section,
        metric: `${page.type} HTML, gzip`,
        value: kib(html.gzip),
        unit: "KiB",
        digits: 1,
        budget: { op: "<=", limit: 20 },
        note: sizeNote(html),
      },
    );
  }
  return rows;
}

export async function bundleRows(root: string): Promise<Row[]> {
  const size = await workerBundleSize(root);
  return [
    {
      section: "worker",
      metric: "bundle (total upload), gzip",
      value: size.gzipKiB,
      unit: "KiB",
      digits: 1,
      budget: { op: "<=", limit: 300 },
      note: `raw ${size.totalKiB.toFixed(1)} KiB, minified; of it the Stripe SDK's chunk, loaded by checkout and the webhook alone, ${size.stripeKiB?.toFixed(1) ?? "?"} KiB raw`,
    },
  ];
}

/** Each run's own figure, when there is more than one. */
function runsNote(values: number[], digits = 0): string | undefined {
  return values.length > 1 ? `runs: ${values.map((v) => v.toFixed(digits)).join(", ")}` : undefined;
}

/**
 * The main thread after the first paint, unthrottled (this machine's own task times): one task
 * of more than 12 ms here is a long task (over 50 ms) on Lighthouse's phone, which is 4× slower.
 */
export const LONGEST_TASK_BUDGET_MS = 12;
/**
 * All the work after the first paint, which includes decoding the photographs that arrive after
 * it (the raster threads' decodes make the main thread wait at its commits on two cores) and
 * React's evaluation and hydration: 150 ms here is 600 ms on Lighthouse's phone, 1.2 s at 8×.
 * It catches work that grows (a page's own script, a template's layout), not noise.
 */
export const TASK_TIME_BUDGET_MS = 150;

/** A Lighthouse view of every template: the default (4× CPU) or a slower phone (8×). */
interface LabView {
  section: string;
  cpuSlowdownMultiplier?: number;
  /** Only the default view is held to the scores and the largest paint. */
  scored: boolean;
}

const DEFAULT_VIEW: LabView = { section: "lighthouse", scored: true };
/** Lighthouse's phone with the CPU slowed twice as much: where a long task hurts. */
const SLOW_VIEW: LabView = { section: "lighthouse-8x", cpuSlowdownMultiplier: 8, scored: false };

export const lighthouseRows = (siteUrl: string, options: BenchOptions) =>
  labRows(siteUrl, options, DEFAULT_VIEW);
export const slowPhoneRows = (siteUrl: string, options: BenchOptions) =>
  labRows(siteUrl, options, SLOW_VIEW);

async function labRows(siteUrl: string, options: BenchOptions, view: LabView): Promise<Row[]> {
  const runs = options.lighthouseRuns;
  const { section, scored } = view;
  const pages = LIGHTHOUSE_PAGES.slice(0, options.pages);
  if (options.skipLighthouse) {
    return pages.map((page) => ({ section, metric: page.type, unit: "", skipped: true }));
  }
  process.stderr.write(`bench: ${section}, ${runs} run(s) per page\n`);
  const urls = pages.map((page) => new URL(page.path, siteUrl).href);
  const metrics = await labMetrics(urls, {
    runs,
    cpuSlowdownMultiplier: view.cpuSlowdownMultiplier,
  });
  const all = (limit: number) => (scored ? ({ op: ">=", limit } as const) : undefined);
  return pages.flatMap((page, i) => {
    const m = metrics[i] as (typeof metrics)[number];
    const after = m.afterPaint;
    const rows: Row[] = [
      {
        section,
        metric: `${page.type} performance`,
        value: m.performance,
        unit: "",
        budget: all(100),
      },
      { section, metric: `${page.type} FCP`, value: m.fcp, unit: "ms" },
      {
        section,
        metric: `${page.type} LCP`,
        value: m.lcp,
        unit: "ms",
        budget: scored ? { op: "<=", limit: 1000 } : undefined,
        note: [m.lcpElement && `largest paint: ${m.lcpElement}`, runsNote(m.runs.lcp)]
          .filter(Boolean)
          .join("; "),
      },
      {
        section,
        metric: `${page.type} TBT`,
        value: m.tbt,
        unit: "ms",
        budget: scored ? { op: "=", limit: 0 } : undefined,
        note: runsNote(m.runs.tbt),
      },
      {
        section,
        metric: `${page.type} CLS`,
        value: m.cls,
        unit: "",
        digits: 3,
        budget: { op: "=", limit: 0 },
      },
      {
        section,
        metric: `${page.type} longest task after first paint (unthrottled)`,
        value: after.longest,
        unit: "ms",
        digits: 1,
        budget: { op: "<=", limit: LONGEST_TASK_BUDGET_MS },
        note: [
          after.worst && `longest: ${after.worst.duration.toFixed(1)} ms, ${after.worst.source}`,
          runsNote(m.runs.longest, 1),
        ]
          .filter(Boolean)
          .join("; "),
      },
      {
        section,
        metric: `${page.type} task time after first paint (unthrottled)`,
        value: after.total,
        unit: "ms",
        digits: 0,
        budget: { op: "<=", limit: TASK_TIME_BUDGET_MS },
        note: after.bySource
          .slice(0, 3)
          .map(({ source, time }) => `${source} ${time.toFixed(0)} ms`)
          .join(", "),
      },
    ];
    if (scored) {
      rows.push(
        {
          section,
          metric: `${page.type} accessibility`,
          value: m.accessibility,
          unit: "",
          budget: all(100),
        },
        {
          section,
          metric: `${page.type} best practices`,
          value: m.bestPractices,
          unit: "",
          budget: all(100),
        },
        { section, metric: `${page.type} SEO`, value: m.seo, unit: "", budget: all(100) },
      );
    }
    if (scored && page.path === "/") {
      rows.push({
        section,
        metric: "home bytes before the first paint",
        value: kib(m.bytesBeforePaint),
        unit: "KiB",
        digits: 1,
        budget: { op: "<=", limit: 60 },
      });
    }
    return rows;
  });
}

/**
 * Load on a cold `/` while the content service answers slowly; counts what reaches it: every
 * view is a miss here (no page cache locally, and the webhook set), so one query each.
 */
export async function loadRows(
  siteUrl: string,
  content: ContentService,
  options: BenchOptions,
): Promise<Row[]> {
  const section = "load (slow content)";
  const before = content.stats.queries;
  process.stderr.write(`bench: load ${options.loadS} s\n`);
  const result = await runLoad(new URL("/", siteUrl).href, {
    connections: options.loadConnections,
    duration: options.loadS,
  });
  const calls = content.stats.queries - before;
  return [
    {
      section,
      metric: "requests",
      value: result.requests,
      unit: "",
      note: `${result.rps.toFixed(0)} req/s`,
    },
    { section, metric: "p50", value: result.p50, unit: "ms", digits: 1 },
    { section, metric: "p99", value: result.p99, unit: "ms", digits: 1 },
    {
      section,
      metric: "errors and time-outs",
      value: result.errors,
      unit: "",
      budget: { op: "=", limit: 0 },
    },
    { section, metric: "non-2xx", value: result.non2xx, unit: "", budget: { op: "=", limit: 0 } },
    {
      section,
      metric: "content requests per view",
      value: calls / Math.max(1, result.requests),
      unit: "",
      digits: 2,
      note: `${calls} in all`,
      budget: { op: "<=", limit: 1 },
    },
  ];
}

/**
 * The contact form: the time from a POST to its inquiry document in the content service (one at
 * a time, the queue idle), then POST /contact from `inquiryConnections` visitors at once.
 */
export async function inquiryRows(site: RunningSite, options: BenchOptions): Promise<Row[]> {
  const section = "inquiries";
  const delivery = (await postToDocument(site, options.inquirySamples)).sort((a, b) => a - b);
  process.stderr.write(
    `bench: inquiries ${options.inquiryConnections} visitors for ${options.inquiryS} s\n`,
  );
  const load = await loadPosts(site.url, options.inquiryConnections, options.inquiryS);
  return [
    {
      section,
      metric: "POST → document in the content service, median",
      value: percentile(delivery, 50),
      unit: "ms",
      note: `${delivery.length} inquiries one after another; slowest ${Math.round(delivery.at(-1) ?? 0)} ms`,
    },
    {
      section,
      metric: "POST → document in the content service, slowest",
      value: delivery.at(-1) ?? Number.NaN,
      unit: "ms",
      budget: { op: "<=", limit: 2000 },
    },
    {
      section,
      metric: `POST /contact p95, ${options.inquiryConnections} visitors at once`,
      value: load.p95,
      unit: "ms",
      digits: 1,
      budget: { op: "<=", limit: 1000 },
      note: `${load.requests} POSTs in ${load.seconds.toFixed(0)} s (${(load.requests / load.seconds).toFixed(0)}/s); p50 ${load.p50.toFixed(0)} ms, p99 ${load.p99.toFixed(0)} ms`,
    },
    {
      section,
      metric: "POSTs not answered 303",
      value: load.failures,
      unit: "",
      budget: { op: "=", limit: 0 },
    },
  ];
}

/**
 * The soak of the soak test (tests/soak/) as a measurement: `soakConnections` visitors over
 * every route for `soakS` seconds, content expiring every second, the content service slow at
 * times, a publish midway. Every answer complete and no error in the server's log are
 * budgets; throughput, latencies and content calls show a change in either direction.
 */
export async function soakRows(site: RunningSite, options: BenchOptions): Promise<Row[]> {
  const section = "soak";
  const content = site.content;
  if (!content) throw new Error("The soak needs the demo content service");
  process.stderr.write(`bench: soak ${options.soakConnections} visitors for ${options.soakS} s\n`);
  const before = content.stats.queries;
  const result = await soak({
    url: site.url,
    connections: options.soakConnections,
    seconds: options.soakS,
    midway: async () => {
      await publishToPage(site);
    },
  });
  const calls = content.stats.queries - before;
  const fiveHundreds = Object.entries(result.statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  return [
    {
      section,
      metric: "requests",
      value: result.requests,
      unit: "",
      note: `${result.rps.toFixed(0)} req/s; ${JSON.stringify(result.statuses)}`,
    },
    { section, metric: "p50", value: result.p50, unit: "ms", digits: 1 },
    { section, metric: "p99", value: result.p99, unit: "ms", digits: 1 },
    {
      section,
      metric: "answers missing, cut off or 5xx",
      value: result.problems.length + fiveHundreds,
      unit: "",
      budget: { op: "=", limit: 0 },
      note: result.problems[0] ? `${result.problems[0].kind}: ${result.problems[0].request}` : "",
    },
    {
      section,
      metric: "runtime errors in the server's log",
      value: runtimeErrors(site.output()).length,
      unit: "",
      budget: { op: "=", limit: 0 },
    },
    {
      section,
      metric: "content calls per 100 views",
      value: (calls / result.requests) * 100,
      unit: "",
      digits: 1,
      // At most one query a view: every view is a miss here (no page cache locally, and with
      // the webhook set no content result is fresh).
      budget: { op: "<=", limit: 100 },
      note: `${calls} calls in ${result.seconds.toFixed(0)} s`,
    },
  ];
}

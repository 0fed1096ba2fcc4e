// `npm run bench`: builds, serves the production build on the demo content, measures
// throughput, content calls, bytes, lighthouse lab metrics and a slow-content load run,
// prints each figure next to its budget, writes bench/results/latest.md and exits 1 when a
// budget is missed or a measurement failed (2 when the benchmark itself could not run).

import { bookingRows } from "./booking.ts";
import "../tests/support/fresh-connections.ts";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { cpus } from "node:os";
import { dirname, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { ROOT, type RunningSite, type SiteOptions, startSite } from "../scripts/site-server.ts";
import { cacheRows, FAR_MS, missRows } from "./caches.ts";
import { galleryRows } from "./galleries.ts";
import { importRows } from "./import.ts";
import { languageRows } from "./languages.ts";
import { mapRows } from "./map.ts";
import { type BenchOptions, parseOptions } from "./options.ts";
import { PAGES } from "./pages.ts";
import {
  bundleRows,
  bytesRows,
  inquiryRows,
  lighthouseRows,
  loadRows,
  publishRows,
  slowPhoneRows,
  soakRows,
  throughputRows,
} from "./phases.ts";
import { scaleRows } from "./scale.ts";
import { writeScaleDataset } from "./scale-dataset.ts";
import { slowAtTimes } from "./soak.ts";
import { storeRows } from "./store.ts";
import { failures, type Row, renderMarkdown, renderText } from "./table.ts";
import { viewerRows, ZOOM_PAGE } from "./viewer.ts";

const open = new Set<RunningSite>();

/** How the import's photographs are made (bench/import.ts). */
const BENCH_IMPORT_NOTE =
  "4 sharp noise images, the rest variants of them with one quantisation-table entry changed: distinct pixels, so distinct assets";

async function withSite<T>(
  demo: NonNullable<SiteOptions["demo"]>,
  use: (site: RunningSite) => Promise<T>,
  more: Pick<SiteOptions, "traces" | "vars"> = {},
): Promise<T> {
  const site = await startSite({ isolated: true, demo, ...more });
  open.add(site);
  try {
    return await use(site);
  } finally {
    open.delete(site);
    await site.close();
  }
}

/** The sections `--only` names (every section without it). */
let wanted: (section: string) => boolean = () => true;

/** Runs one phase; a failure becomes an "error" row instead of ending the benchmark. */
async function phase(rows: Row[], section: string, measure: () => Promise<Row[]>) {
  if (!wanted(section)) return;
  const started = Date.now();
  try {
    rows.push(...(await measure()));
  } catch (error) {
    // fetch's own message ("fetch failed") says nothing; its cause says what the socket saw.
    const cause =
      error instanceof Error ? (error.cause as NodeJS.ErrnoException | undefined) : undefined;
    const message =
      (error instanceof Error ? error.message : String(error)) +
      (cause ? ` (${cause.code ?? cause.message})` : "");
    process.stderr.write(`bench: ${section} failed: ${message}\n`);
    rows.push({ section, metric: "(failed)", unit: "", note: message.split("\n")[0] });
  }
  process.stderr.write(`bench: ${section} took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

async function build(options: BenchOptions) {
  const built = existsSync(resolve(ROOT, ".wrangler/deploy/config.json"));
  if (!options.build && built) return;
  process.stderr.write("bench: vite build\n");
  await promisify(execFile)(resolve(ROOT, "node_modules/.bin/vite"), ["build"], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** What the rows measure, printed above the table. */
function legend(options: BenchOptions): string[] {
  const scale = options.scale;
  const lighthouse = options.skipLighthouse
    ? "skipped"
    : `${options.lighthouseRuns > 1 ? `median of ${options.lighthouseRuns} runs (after one run that is not counted)` : "1 run"} per metric, default config (mobile, simulated throttling)`;
  return [
    `pages: ${PAGES.map((page) => `${page.type} = ${page.path}`).join(", ")}; static = the hashed CSS of the home page`,
    `throughput: autocannon on loopback, ${options.throughputConnections} connections, ${options.throughputS} s per target in ${options.throughputSlices} interleaved slices after ${options.warmupS} s of warm-up, warm edge cache`,
    `caches: on the first instance (content next door, the publish webhook set), each page's time to its last byte over ${options.views} views after one (what a hit of the page cache in front of the worker, Workers Cache, spares it: its one query and its render; not emulated locally), and the content service's count of queries for ${options.views} views of the cart after its first (one visitor's page, framed from content results up to a minute old); then, on an instance whose content service answers ${FAR_MS} ms late (as Sanity, far away), every template's content requests and time to first byte over ${Math.max(5, Math.round(options.views / 5))} views after one, each a miss (every render of a page the edge keeps reads Sanity with the webhook set), and a post's view while that service hangs`,
    "publishing: a title change on the demo and the signed webhook, as Sanity sends it; then the time the next view of the post takes to arrive with the new title",
    "bytes: what Chromium fetched per page, images blocked (JS, CSS: scripts and stylesheets of the site's origin, the photo viewer counted on its own; HTML: the document); KiB = 1024 bytes; node:zlib defaults (gzip level 6, brotli quality 11), per file",
    `viewer: Chromium; on ${ZOOM_PAGE} (5640 × 3172) + is pressed until the largest zoom, and each step's region requests are counted (pixels: the w asked for × its height; bytes: the bodies received); opening: frames (requestAnimationFrame) from a click on a thumbnail whose page and photograph were seen before until the photograph's box, then the image, is on screen`,
    "worker: `wrangler deploy --dry-run` on the built config",
    `lighthouse: ${lighthouse}; after the first paint: the page's main-thread tasks in the run's trace (recorded unthrottled: simulated throttling multiplies afterwards; Lighthouse's own probes left out), each run's longest and their sum, the source being what a task spent most of its time on`,
    `lighthouse-8x: the same with \`--throttling.cpuSlowdownMultiplier=8\` (a phone twice as slow as Lighthouse's default)`,
    `inquiries: ${options.inquirySamples} contact-form POSTs one at a time, each timed until its document is in the demo content service (the queue and its consumer in between); then ${options.inquiryConnections} visitors posting at once for ${options.inquiryS} s, each POST from an address of its own (the per-visitor limit is not what is measured)`,
    "store: on the stand-ins for Stripe and the lab; first one buyer, then another, before anything else of the store ran (the first checkout loads the Stripe SDK's chunk); then 20 buyers at once each with one print in a cart, timed from POST /cart/checkout to its 303 to Stripe's page; then payments one at a time, each timed until the lab has the order (Stripe's webhook, D1, the fulfilment queue and its consumer in between); the buy page is a photograph's page with its Buy section, and a photograph not for sale is a page that sells nothing",
    "booking: the free times' function (the worker's, in Node) over 90 days of the demo's hours on a 15-minute grid with 60 times taken; then 50 clients holding the first free time of a day at once (a day of its own per round), each from an address of its own, timed from POST /book/portrait/hold to its answer (303 held, 409 just taken), through the calendar's Durable Object; then contracts signed one after another, each on a time of its own with the client's details kept, timed from POST …/sign to its 303 (the PDF made, put in R2, recorded in D1, the calendar asked); the pages' HTML and the JS /book/portrait runs after its first paint",
    `load (slow content): / with ${options.loadConnections} connections for ${options.loadS} s on a second instance whose content service waits ${options.loadLatencyMs} ms per query; edge cache cold at the start`,
    `galleries: an instance of its own; a client gallery of ${options.gallery.photos} generated photographs uploaded with npm run gallery's code (its first page's HTML per photograph: the difference to a gallery of one, over the rest of that page's slice; Lighthouse mobile on it unlocked, and on a gallery of the demo's six camera photographs), a ZIP of ${options.gallery.zipFiles} files of ${(options.gallery.zipFileBytes / 2 ** 20).toFixed(0)} MiB of random bytes streamed from the local R2 (throughput; workerd's resident memory sampled every 100 ms), and a favourite from its POST until the gallery's Sanity document shows it`,
    `soak: ${options.soakConnections} visitors for ${options.soakS} s over every route (GET and HEAD, browsers and bots, searches, made-up addresses, feeds, the contact form's POST) on an instance whose content is fresh for 1 s and whose content service is slow at times (one query in ten waits 0.3–1.5 s, half the deadline of an attempt), a publish midway; the same run as the soak test`,
    `import: \`npm run import\` (a child process) on a folder of ${options.importRun.photos} generated ${options.importRun.width} × ${options.importRun.height} JPEGs (${BENCH_IMPORT_NOTE}) into a demo content service of its own, then again (nothing to do); peak memory is the command's maximum resident set size`,
    `scale: a third instance on the demo content plus ${scale.posts} generated posts holding ${scale.photos ?? 0} generated photographs with ${scale.tags ?? 0} media tags, and a page of ${scale.galleries} galleries × ${scale.imagesPerGallery} photographs (seeded; every generated photograph is a copy of one of the demo's files under a name of its own); cold = the first request for each URL since that instance started (the first one also starts the worker), warm = median of the next ${options.scaleWarmViews}; the archive is crawled from /archive through its numbered page links; the sitemap and the feed are parsed by Chromium's XML parser`,
  ];
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const only = options.only;
  if (only) wanted = (section) => only.has(section);
  const started = Date.now();
  await build(options);
  const rows: Row[] = [];

  await phase(rows, "worker bundle", () => bundleRows(ROOT));
  const base = [
    "caches",
    "bytes",
    "viewer",
    "throughput",
    "lighthouse",
    "lighthouse-8x",
    "publishing",
    "inquiries",
    "store",
    "booking",
    "map",
  ];
  if (base.some(wanted))
    await withSite({ latencyMs: 0 }, async (site) => {
      const content = site.content;
      if (!content) throw new Error("The benchmark needs the demo content service");
      await phase(rows, "caches", () => cacheRows(site.url, content, options));
      await phase(rows, "bytes", () => bytesRows(site.url, options));
      await phase(rows, "languages", () => languageRows(site.url));
      await phase(rows, "viewer", () => viewerRows(site.url, options.screens));
      await phase(rows, "map", () => mapRows(site.url));
      await phase(rows, "throughput", () => throughputRows(site.url, options));
      await phase(rows, "lighthouse", () => lighthouseRows(site.url, options));
      await phase(rows, "lighthouse-8x", () => slowPhoneRows(site.url, options));
      // Last on this instance: they change content (a post, then inquiries).
      await phase(rows, "publishing", () => publishRows(site));
      await phase(rows, "inquiries", () => inquiryRows(site, options));
      await phase(rows, "store", () => storeRows(site, options.quick));
      await phase(rows, "booking", () => bookingRows(site, options.quick));
    });
  if (wanted("caches")) {
    let hanging = false;
    await withSite({ latencyMs: () => (hanging ? 30_000 : FAR_MS) }, async (site) => {
      const content = site.content;
      if (!content) throw new Error("The benchmark needs the demo content service");
      await phase(rows, "caches", () =>
        missRows(site, content, options, (on) => {
          hanging = on;
        }),
      );
    });
  }
  if (wanted("load"))
    await withSite({ latencyMs: options.loadLatencyMs }, async (site) => {
      const content = site.content;
      if (!content) throw new Error("The benchmark needs the demo content service");
      await phase(rows, "load", () => loadRows(site.url, content, options));
    });
  if (wanted("galleries"))
    await withSite({ latencyMs: 0 }, (site) =>
      phase(rows, "galleries", () => galleryRows(site, options)),
    );
  if (wanted("soak"))
    await withSite(
      { latencyMs: slowAtTimes() },
      (site) => phase(rows, "soak", () => soakRows(site, options)),
      { traces: true, vars: { CONTENT_FRESH_SECONDS: "1" } },
    );
  await phase(rows, "import", () => importRows(options));
  await phase(rows, "scale", async () => {
    const dataset = await writeScaleDataset(options.scale);
    try {
      const files = { datasetFile: dataset.datasetFile, imagesDir: dataset.imagesDir };
      return await withSite({ latencyMs: 0, ...files }, (site) =>
        scaleRows(site.url, dataset, options, site.content?.url),
      );
    } finally {
      await dataset.remove();
    }
  });

  const missed = failures(rows);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, Node ${process.versions.node}`;
  const mode = options.quick ? "quick (BENCH_QUICK)" : "full";
  const summary = missed.length
    ? `${missed.length} figure(s) missed their budget or failed: ${missed.map((row) => `${row.section} / ${row.metric}`).join("; ")}`
    : "All budgets met.";

  const notes = legend(options);
  process.stdout.write(`\n${notes.join("\n")}\n\n${renderText(rows)}\n\n${summary}\n`);
  const markdown = [
    `# Benchmark results`,
    "",
    `${new Date().toISOString()} · ${mode} · ${machine} · ${seconds} s`,
    "",
    ...notes.map((note) => `- ${note}`),
    "",
    renderMarkdown(rows),
    "",
    summary,
    "",
  ].join("\n");
  const out = resolve(options.out ?? resolve(ROOT, "bench/results/latest.md"));
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, markdown);
  process.stderr.write(`bench: wrote ${relative(process.cwd(), out)} (${seconds} s in all)\n`);
  return missed.length ? 1 : 0;
}

process.once("unhandledRejection", (error) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
  );
  void Promise.all([...open].map((site) => site.close())).finally(() => process.exit(2));
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.all([...open].map((site) => site.close())).finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    );
    await Promise.all([...open].map((site) => site.close()));
    process.exit(2);
  },
);

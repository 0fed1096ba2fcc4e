// The scale run: the built site on a content service holding many posts and a page of hundreds
// of photographs (see scale-dataset.ts). Sizes of the pages that grow with the content, whether
// the archive and the sitemap reach every post, and how long each URL takes cold and warm.
// Every measurement that fails becomes an "error" row; the others still run.
import { photoIndexQuery, SLIDESHOW_TAG, searchQuery } from "../worker/content/queries.ts";
import { sizesOf } from "./bytes.ts";
import type { BenchOptions } from "./options.ts";
import type { ScaleDataset } from "./scale-dataset.ts";
import type { Row } from "./table.ts";
import { type ParsedXml, parseXml } from "./xml.ts";

const SECTION = "scale";
/** Posts per archive page, as the site lists them; only used to expect the last page. */
export const ARCHIVE_PAGE_SIZE = 50;
/** What the RSS feed should hold: the newest posts, not all of them. */
export const RSS_ITEMS = 30;
/** Stops a crawl of archive pages that link on forever. */
const MAX_ARCHIVE_PAGES = 500;
/** A URL that does not answer within this becomes a failed measurement, not a hung run. */
const FETCH_TIMEOUT_MS = 30_000;

interface Fetched {
  path: string;
  status?: number;
  body?: Uint8Array;
  /** Until the whole body arrived. */
  ms: number;
  error?: string;
}

async function timedFetch(siteUrl: string, path: string): Promise<Fetched> {
  const started = performance.now();
  try {
    const res = await fetch(new URL(path, siteUrl), {
      redirect: "follow",
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    const body = new Uint8Array(await res.arrayBuffer());
    return { path, status: res.status, body, ms: performance.now() - started };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { path, ms: performance.now() - started, error: message };
  }
}

/** The body of a 200 answer, else why there is none. */
function bodyOf(fetched: Fetched | undefined): { body?: Uint8Array; problem?: string } {
  if (!fetched) return { problem: "not fetched" };
  if (fetched.error) return { problem: fetched.error };
  if (fetched.status !== 200) return { problem: `${fetched.path} answered ${fetched.status}` };
  return { body: fetched.body };
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Same-origin paths of the `<a href>` links in an HTML page, without a trailing slash. */
export function linkedPaths(html: string, siteUrl: string): string[] {
  const origin = new URL(siteUrl).origin;
  const paths: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = decodeEntities(match[1] ?? match[2] ?? match[3] ?? "");
    try {
      const url = new URL(raw, siteUrl);
      if (url.origin === origin) paths.push(url.pathname.replace(/(.)\/$/, "$1"));
    } catch {
      // Not a URL: nothing to follow.
    }
  }
  return paths;
}

const archiveHandler = (path: string) => {
  if (path === "/archive") return 1;
  const match = /^\/archive\/page\/(\d+)$/.exec(path);
  return match ? Number(match[1]) : undefined;
};
const archivePath = (page: number) => (page === 1 ? "/archive" : `/archive/page/${page}`);

function postSlug(path: string): string | undefined {
  const match = /^\/post\/([^/]+)$/.exec(path);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const failed = (metric: string, unit: string, problem: string, budget?: Row["budget"]): Row => ({
  section: SECTION,
  metric,
  unit,
  budget,
  note: problem.split("\n")[0],
});

/** An HTML page's gzip size in KiB against a budget. */
function htmlRow(metric: string, fetched: Fetched | undefined, limitKiB?: number): Row {
  const budget = limitKiB === undefined ? undefined : { op: "<=" as const, limit: limitKiB };
  const { body, problem } = bodyOf(fetched);
  if (!body) return failed(metric, "KiB", problem ?? "no body", budget);
  const sizes = sizesOf(body);
  return {
    section: SECTION,
    metric,
    value: sizes.gzip / 1024,
    unit: "KiB",
    digits: 1,
    budget,
    note: `raw ${(sizes.raw / 1024).toFixed(1)} KiB, brotli ${(sizes.brotli / 1024).toFixed(1)} KiB`,
  };
}

interface Crawl {
  pages: number;
  lastLinked: number;
  slugs: Set<string>;
  problems: string[];
}

/** Follows the numbered page links from `/archive`, collecting every post linked. */
async function crawlArchive(siteUrl: string, first: string): Promise<Crawl> {
  const slugs = new Set<string>();
  const problems: string[] = [];
  const seen = new Set<number>([1]);
  const queue: Array<{ page: number; html?: string }> = [{ page: 1, html: first }];
  let lastLinked = 1;
  let pages = 0;
  while (queue.length > 0 && pages < MAX_ARCHIVE_PAGES) {
    const next = queue.shift() as { page: number; html?: string };
    let html = next.html;
    if (html === undefined) {
      const { body, problem } = bodyOf(await timedFetch(siteUrl, archivePath(next.page)));
      if (!body) {
        problems.push(problem ?? "no body");
        continue;
      }
      html = text(body);
    }
    pages++;
    for (const path of linkedPaths(html, siteUrl)) {
      const slug = postSlug(path);
      if (slug) slugs.add(slug);
      const page = archiveHandler(path);
      if (page !== undefined && !seen.has(page)) {
        seen.add(page);
        lastLinked = Math.max(lastLinked, page);
        queue.push({ page });
      }
    }
  }
  return { pages, lastLinked, slugs, problems };
}

/** Parses the sitemap and the feed in Chromium; a failure to launch fails both rows. */
async function parseFeeds(
  sitemap: Uint8Array | undefined,
  rss: Uint8Array | undefined,
): Promise<{ sitemap?: ParsedXml; rss?: ParsedXml; problem?: string }> {
  if (!sitemap && !rss) return {};
  const texts = [sitemap, rss].map((body) => (body ? text(body) : "<none/>"));
  try {
    const [parsedSitemap, parsedRss] = await parseXml(texts, ["loc", "item", "url", "image"]);
    return {
      sitemap: sitemap ? parsedSitemap : undefined,
      rss: rss ? parsedRss : undefined,
    };
  } catch (error) {
    return { problem: `XML parser: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Photographs per slice of /photos, as the site lists them (worker/discovery/collections.tsx). */
export const PHOTOS_PER_SLICE = 48;

/** A tag's page address, as the site makes it from the tag's name. */
const tagSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The demo's language, read as the worker reads a page in the site's own language. */
/** The parameters of a page's query on the site's own language (English), its slideshow included. */
const READ_IN_ENGLISH = { language: "", siteLanguage: "en", tagNames: [SLIDESHOW_TAG] };

/**
 * How long the content service itself takes for a query (median of `runs`, after one that is
 * not counted), over HTTP as the worker asks it: the local GROQ engine over the whole dataset.
 */
async function engineMs(
  contentUrl: string,
  query: string,
  params: Record<string, unknown>,
  runs = 3,
): Promise<{ ms?: number; first?: number; problem?: string }> {
  const url = new URL("/v2025-02-19/data/query/production", contentUrl);
  url.searchParams.set("query", query);
  for (const [name, value] of Object.entries(params))
    url.searchParams.set(`$${name}`, JSON.stringify(value));
  const times: number[] = [];
  let first: number | undefined;
  for (let i = 0; i <= runs; i++) {
    const fetched = await timedFetch(url.origin, url.pathname + url.search);
    if (fetched.error || fetched.status !== 200) {
      return { problem: fetched.error ?? `the content service answered ${fetched.status}` };
    }
    if (i > 0) times.push(fetched.ms);
    else first = fetched.ms;
  }
  return { ms: median(times), first };
}

/**
 * The collection at scale: `/photos` (first and a later slice), a tag page and a search, each
 * cold (the first view since the instance started; the first of them also has the content
 * service build the photo index) and warm; HTML per photograph; the photo index and the
 * search through the local GROQ engine on their own; the sitemap's size and validity.
 */
async function collectionRows(
  siteUrl: string,
  dataset: ScaleDataset,
  options: BenchOptions,
  contentUrl: string | undefined,
): Promise<Row[]> {
  const rows: Row[] = [];
  const photos = dataset.generatedPhotos + 21;
  const lastSlice = Math.ceil(photos / PHOTOS_PER_SLICE);
  const middle = `/photos/page/${Math.max(2, Math.floor(lastSlice / 2))}`;
  const tag = `/tag/${tagSlug(dataset.tagNames[0] ?? "coast")}`;
  const search = `/search?q=${dataset.searchTerm}`;
  // The first view builds the photo index (content service) and renders: after a publish.
  const firstView = await timedFetch(siteUrl, "/photos");
  // The first search since the content service started, on the engine alone (cold), then the
  // same through the site.
  const searchParams = {
    ...READ_IN_ENGLISH,
    terms: [`${dataset.searchTerm}*`],
    hiddenTag: SLIDESHOW_TAG,
    photoLimit: 60,
    documentLimit: 20,
    showScheduled: false,
  };
  const found = contentUrl ? await engineMs(contentUrl, searchQuery, searchParams) : undefined;
  // Cold renders: the index is in the content cache, the page has not been rendered yet.
  const cold = new Map<string, Fetched>();
  for (const path of [middle, tag, search, "/photos/page/2"])
    cold.set(path, await timedFetch(siteUrl, path));
  rows.push({
    section: SECTION,
    metric: "/photos first view after a publish",
    value: firstView.error ? undefined : firstView.ms,
    unit: "ms",
    digits: 0,
    note:
      bodyOf(firstView).problem ??
      "the content service evaluates the photo index; the worker builds the collection",
  });
  for (const [path, fetched] of cold) {
    const times: number[] = [];
    for (let i = 0; i < options.scaleWarmViews; i++) {
      const again = await timedFetch(siteUrl, path);
      if (!again.error && again.status === 200) times.push(again.ms);
    }
    const isSearch = path.startsWith("/search");
    rows.push(
      {
        section: SECTION,
        metric: `${path} cold`,
        value: fetched.error || fetched.status !== 200 ? undefined : fetched.ms,
        unit: "ms",
        digits: 1,
        budget: isSearch ? undefined : { op: "<=", limit: 150 },
        note:
          bodyOf(fetched).problem ??
          (isSearch
            ? "the search query on the content service (its second search), the collection from the content cache"
            : "content from the content cache, page not rendered yet"),
      },
      {
        section: SECTION,
        metric: `${path} warm`,
        value: times.length ? median(times) : undefined,
        unit: "ms",
        digits: 1,
        budget: { op: "<=", limit: 15 },
        note: `median of ${options.scaleWarmViews}`,
      },
    );
  }
  const slice = bodyOf(cold.get("/photos/page/2"));
  if (slice.body) {
    const sizes = sizesOf(slice.body);
    rows.push({
      section: SECTION,
      metric: "/photos HTML per photograph, gzip",
      value: sizes.gzip / PHOTOS_PER_SLICE,
      unit: "B",
      digits: 0,
      budget: { op: "<=", limit: 600 },
      note: `/photos/page/2: ${sizes.gzip} B ÷ ${PHOTOS_PER_SLICE} photographs (raw ${(sizes.raw / 1024).toFixed(1)} KiB)`,
    });
  } else {
    rows.push(
      failed("/photos HTML per photograph, gzip", "B", slice.problem ?? "", {
        op: "<=",
        limit: 600,
      }),
    );
  }
  if (contentUrl) {
    const index = await engineMs(contentUrl, photoIndexQuery, {
      ...READ_IN_ENGLISH,
      showScheduled: false,
    });
    rows.push({
      section: SECTION,
      metric: "photo index through the local GROQ engine",
      value: index.ms,
      unit: "ms",
      digits: 0,
      note:
        index.problem ?? `median of 3: every published photograph of ${photos}, with its placement`,
    });
    rows.push({
      section: SECTION,
      metric: `search "${dataset.searchTerm}" through the local GROQ engine, cold`,
      value: found?.first,
      unit: "ms",
      digits: 0,
      budget: { op: "<=", limit: 300 },
      note:
        found?.problem ??
        `the first search since the content service started, over every asset and document (match and score()); then ${found?.ms?.toFixed(0)} ms (median of 3)`,
    });
  }
  return rows;
}

export async function scaleRows(
  siteUrl: string,
  dataset: ScaleDataset,
  options: BenchOptions,
  contentUrl?: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const cold = new Map<string, Fetched>();
  const first = async (path: string) => {
    const fetched = await timedFetch(siteUrl, path);
    cold.set(path, fetched);
    return fetched;
  };

  // Cold: the first request for each URL since the site started, one after the other.
  const home = await first("/");
  // Before anything else reads every photograph (the sitemap does): its first view is the
  // first since the instance started, as after a publish.
  const collection = await collectionRows(siteUrl, dataset, options, contentUrl);
  const archive = await first("/archive");
  const expectedLast = Math.max(1, Math.ceil(dataset.publishedPosts / ARCHIVE_PAGE_SIZE));
  const archiveHtml = bodyOf(archive).body;
  const linkedPages = archiveHtml
    ? linkedPaths(text(archiveHtml), siteUrl)
        .map(archiveHandler)
        .filter((page): page is number => page !== undefined)
    : [];
  const lastPage = linkedPages.length > 0 ? Math.max(...linkedPages) : expectedLast;
  const lastPath = archivePath(lastPage);
  // With a single archive page, the last page is the first one, already fetched cold.
  const last = lastPath === "/archive" ? archive : await first(lastPath);
  const gallery = await first(dataset.galleryPath);
  const firstGallery = await first(dataset.firstGalleryPath);
  const rss = await first("/rss.xml");
  const sitemap = await first("/sitemap.xml");

  // Warm: the same URLs again, now that the site has them cached.
  const warm = new Map<string, { ms?: number; problem?: string }>();
  for (const path of cold.keys()) {
    const times: number[] = [];
    let problem: string | undefined;
    for (let i = 0; i < options.scaleWarmViews; i++) {
      const fetched = await timedFetch(siteUrl, path);
      problem ??= bodyOf(fetched).problem;
      if (!fetched.error) times.push(fetched.ms);
    }
    warm.set(path, { ms: times.length ? median(times) : undefined, problem });
  }

  rows.push(htmlRow("home HTML, gzip", home, 20));
  rows.push(htmlRow("/archive HTML, gzip", archive, 20));
  const lastNote =
    lastPage === expectedLast
      ? undefined
      : `; ${expectedLast} pages expected for ${dataset.publishedPosts} posts`;
  const lastRow = htmlRow(`last archive page HTML, gzip`, last, 20);
  lastRow.note = `${lastPath}${lastNote ?? ""}${lastRow.note ? `; ${lastRow.note}` : ""}`;
  rows.push(lastRow);

  const wanted = dataset.postSlugs.length;
  const linkedMetric = `posts linked from the archive (of ${wanted})`;
  if (archiveHtml) {
    const crawl = await crawlArchive(siteUrl, text(archiveHtml));
    const found = dataset.postSlugs.filter((slug) => crawl.slugs.has(slug)).length;
    // Archive pages reachable in one step from the first, counting the first itself.
    const direct = new Set([1, ...linkedPages]).size;
    const problems = crawl.problems.length
      ? `; ${crawl.problems.length} pages failed: ${crawl.problems[0]}`
      : "";
    rows.push({
      section: SECTION,
      metric: linkedMetric,
      value: found,
      unit: "",
      budget: { op: "=", limit: wanted },
      note: `${crawl.pages} archive pages crawled, numbered up to ${crawl.lastLinked}; /archive links ${direct} of them${problems}`,
    });
  } else {
    rows.push(failed(linkedMetric, "", bodyOf(archive).problem ?? "", { op: "=", limit: wanted }));
  }

  const galleryRow = htmlRow(`${dataset.galleryPath} HTML, gzip`, gallery);
  galleryRow.note = `${dataset.photographs} photographs; ${galleryRow.note}`;
  rows.push(galleryRow);
  const perPhotoMetric = "HTML per photograph beyond the first gallery, gzip";
  const beyond = dataset.photographs - dataset.firstGalleryPhotographs;
  const full = bodyOf(gallery);
  const one = bodyOf(firstGallery);
  if (full.body && one.body && beyond > 0) {
    const fullGzip = sizesOf(full.body).gzip;
    const oneGzip = sizesOf(one.body).gzip;
    rows.push({
      section: SECTION,
      metric: perPhotoMetric,
      value: (fullGzip - oneGzip) / beyond,
      unit: "B",
      budget: { op: "<=", limit: 600 },
      note: `(${fullGzip} B − ${oneGzip} B with only the first gallery) ÷ ${beyond}`,
    });
  } else {
    const problem =
      full.problem ?? one.problem ?? "the page has no photographs beyond the first gallery";
    rows.push(failed(perPhotoMetric, "B", problem, { op: "<=", limit: 600 }));
  }

  const rssBody = bodyOf(rss);
  const sitemapBody = bodyOf(sitemap);
  if (rssBody.body) {
    const sizes = sizesOf(rssBody.body);
    rows.push({
      section: SECTION,
      metric: "/rss.xml bytes",
      value: sizes.raw / 1024,
      unit: "KiB",
      digits: 1,
      budget: { op: "<=", limit: 100 },
      note: `gzip ${(sizes.gzip / 1024).toFixed(1)} KiB`,
    });
  } else {
    rows.push(failed("/rss.xml bytes", "KiB", rssBody.problem ?? "", { op: "<=", limit: 100 }));
  }

  const parsed = await parseFeeds(sitemapBody.body, rssBody.body);
  const rssItems = "/rss.xml items";
  const rssProblem = rssBody.problem ?? parsed.problem ?? parsed.rss?.error;
  if (parsed.rss && !rssProblem) {
    const rootOk = parsed.rss.root?.name === "rss";
    rows.push({
      section: SECTION,
      metric: rssItems,
      value: parsed.rss.counts.item ?? 0,
      unit: "",
      budget: { op: "=", limit: RSS_ITEMS },
      note: rootOk ? "well-formed RSS" : `root element is <${parsed.rss.root?.name}>, not <rss>`,
    });
  } else {
    const problem = parsed.rss?.error ? `not well-formed XML: ${parsed.rss.error}` : rssProblem;
    rows.push(failed(rssItems, "", problem ?? "", { op: "=", limit: RSS_ITEMS }));
  }

  const sitemapMetric = `/sitemap.xml post URLs (of ${wanted})`;
  const sitemapProblem = sitemapBody.problem ?? parsed.problem ?? parsed.sitemap?.error;
  if (parsed.sitemap && !sitemapProblem) {
    const paths = new Set<string>();
    for (const loc of parsed.sitemap.texts.loc ?? []) {
      try {
        paths.add(new URL(loc).pathname.replace(/(.)\/$/, "$1"));
      } catch {
        // A relative or broken <loc> does not count as the post's URL.
      }
    }
    const found = dataset.postSlugs.filter((slug) => paths.has(`/post/${slug}`)).length;
    const photoPages = [...paths].filter((path) => path.includes("/photo/")).length;
    const root = parsed.sitemap.root;
    const rootOk =
      root?.name === "urlset" && root.namespace === "http://www.sitemaps.org/schemas/sitemap/0.9";
    const sizes = sizesOf(sitemapBody.body as Uint8Array);
    rows.push({
      section: SECTION,
      metric: sitemapMetric,
      value: rootOk ? found : undefined,
      unit: "",
      budget: { op: "=", limit: wanted },
      note: rootOk
        ? `well-formed, ${parsed.sitemap.counts.url} URLs (${photoPages} photo pages, ${parsed.sitemap.counts.image} with image:image), one file (limits: 50,000 URLs, 50 MB); raw ${(sizes.raw / 1024).toFixed(1)} KiB, gzip ${(sizes.gzip / 1024).toFixed(1)} KiB`
        : `root element is <${root?.name}> (${root?.namespace}), not a sitemaps.org <urlset>`,
    });
  } else {
    const problem = parsed.sitemap?.error
      ? `not well-formed XML: ${parsed.sitemap.error}`
      : sitemapProblem;
    rows.push(failed(sitemapMetric, "", problem ?? "", { op: "=", limit: wanted }));
  }

  for (const [path, fetched] of cold) {
    const label = path === lastPath && path !== "/archive" ? `${path} (last)` : path;
    const problem = bodyOf(fetched).problem;
    rows.push({
      section: SECTION,
      metric: `${label} cold`,
      value: fetched.error ? undefined : fetched.ms,
      unit: "ms",
      digits: 1,
      note: problem,
    });
    const again = warm.get(path);
    rows.push({
      section: SECTION,
      metric: `${label} warm`,
      value: again?.ms,
      unit: "ms",
      digits: 1,
      note: [`median of ${options.scaleWarmViews}`, again?.problem].filter(Boolean).join("; "),
    });
  }
  rows.push(...collection);
  return rows;
}

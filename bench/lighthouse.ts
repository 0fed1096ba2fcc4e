// Lab metrics from lighthouse (its default config: the mobile preset with simulated
// throttling), the median of several runs per page, after one run that is not counted.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";

export interface LabMetrics {
  /** 0–100 each. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes transferred for requests finished before the first contentful paint was observed. */
  bytesBeforePaint: number;
  /** The largest paint's element, as lighthouse labels it. */
  lcpElement: string;
}

/** The medians, and the runs' own TBT and LCP, which vary most from run to run. */
export interface LabResult extends LabMetrics {
  runs: { tbt: number[]; lcp: number[] };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One lighthouse run; a failed trace (NO_NAVSTART and the like on a busy machine) is retried. */
async function runOnce(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (result && !error) return result.lhr;
    if (attempt >= attempts) throw new Error(`lighthouse on ${url}: ${error?.message}`);
    process.stderr.write(`bench: lighthouse on ${url} failed (${error?.code}), retrying\n`);
  }
}

type Lhr = Awaited<ReturnType<typeof runOnce>>;

interface NetworkRequest {
  networkEndTime?: number;
  transferSize?: number;
}

/** What the page transferred before its first contentful paint, in the observed (unthrottled) run. */
function bytesBeforePaint(lhr: Lhr): number {
  const metrics = lhr.audits.metrics?.details as {
    items?: { observedFirstContentfulPaint?: number }[];
  };
  const fcp = metrics?.items?.[0]?.observedFirstContentfulPaint ?? Number.NaN;
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] })?.items;
  return (requests ?? [])
    .filter((request) => (request.networkEndTime ?? Number.POSITIVE_INFINITY) <= fcp)
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

function lcpElement(lhr: Lhr): string {
  const details = JSON.stringify(lhr.audits["lcp-breakdown-insight"]?.details ?? {});
  return /"nodeLabel":"((?:[^"\\]|\\.)*)"/.exec(details)?.[1]?.slice(0, 60) ?? "";
}

/**
 * Per metric, the median over `runs` lighthouse runs of each URL (one Chromium for all).
 * Each URL is first loaded once by a run that is not counted: the demo image service renders
 * a photograph's sizes on first request, on the same two cores as the browser, where a real
 * visitor's photographs come from the image CDN's cache.
 */
export async function labMetrics(urls: string[], runs: number): Promise<LabResult[]> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: LabResult[] = [];
    for (const url of urls) {
      if (runs > 1) await runOnce(url, chrome.port);
      const samples: LabMetrics[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(url, chrome.port);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const score = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
        samples.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
          fcp: audit("first-contentful-paint"),
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
          bytesBeforePaint: bytesBeforePaint(lhr),
          lcpElement: lcpElement(lhr),
        });
      }
      const mid = (pick: (sample: LabMetrics) => number) => median(samples.map(pick));
      results.push({
        performance: mid((s) => s.performance),
        accessibility: mid((s) => s.accessibility),
        bestPractices: mid((s) => s.bestPractices),
        seo: mid((s) => s.seo),
        fcp: mid((s) => s.fcp),
        lcp: mid((s) => s.lcp),
        tbt: mid((s) => s.tbt),
        cls: mid((s) => s.cls),
        bytesBeforePaint: mid((s) => s.bytesBeforePaint),
        lcpElement: samples[0]?.lcpElement ?? "",
        runs: { tbt: samples.map((s) => s.tbt), lcp: samples.map((s) => s.lcp) },
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

// Lab metrics from lighthouse (its default config: the mobile preset with simulated
// throttling, optionally with a slower CPU), the median of several runs per page, after one
// run that is not counted.
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";
import { type AfterPaint, summarize, tasksAfterPaint } from "./main-thread.ts";

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
  /** The main thread after the first paint, from the run's (unthrottled) trace. */
  afterPaint: AfterPaint;
}

/** The main thread after the first paint: the medians over the runs, and the worst run's task. */
export interface AfterPaintResult {
  /** Median over the runs of each run's longest task, in ms. */
  longest: number;
  /** The longest task of all runs, and what it spent its time on. */
  worst: { duration: number; source: string } | undefined;
  /** Median over the runs of the total task time after the first paint, in ms. */
  total: number;
  /** What most of that time went to, in the run with the median total. */
  bySource: AfterPaint["bySource"];
}

/** The medians, and the runs' own TBT, LCP and longest task, which vary most from run to run. */
export interface LabResult extends Omit<LabMetrics, "afterPaint"> {
  runs: { tbt: number[]; lcp: number[]; longest: number[] };
  afterPaint: AfterPaintResult;
}

export interface LabOptions {
  /** Runs per URL that count (the median is reported). */
  runs: number;
  /** Lighthouse's CPU slowdown; its default is 4 (a mid-range phone). */
  cpuSlowdownMultiplier?: number;
  /** Headers sent with every request of the page (a private page's session cookie). */
  extraHeaders?: Record<string, string>;
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
async function runOnce(url: string, flags: Flags, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { ...flags, output: "json", logLevel: "error" });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (result && !error) return result;
    if (attempt >= attempts) throw new Error(`lighthouse on ${url}: ${error?.message}`);
    process.stderr.write(`bench: lighthouse on ${url} failed (${error?.code}), retrying\n`);
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof runOnce>>>["lhr"];

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

/** The runs' main-thread figures: medians, and the single longest task seen in any run. */
function afterPaintOf(runs: AfterPaint[]): AfterPaintResult {
  const longest = runs.map((run) => run.longest?.duration ?? 0);
  const totals = runs.map((run) => run.total);
  const total = median(totals);
  const typical = runs[totals.indexOf(median(totals))] ?? runs[0];
  const worst = runs
    .map((run) => run.longest)
    .reduce<AfterPaint["longest"]>(
      (a, b) => (!a || (b && b.duration > a.duration) ? b : a),
      undefined,
    );
  return {
    longest: median(longest),
    worst: worst && { duration: worst.duration, source: worst.source },
    total,
    bySource: typical?.bySource ?? [],
  };
}

/**
 * Per metric, the median over `runs` lighthouse runs of each URL (one Chromium for all).
 * Each URL is first loaded once by a run that is not counted: the demo image service renders
 * a photograph's sizes on first request, on the same two cores as the browser, where a real
 * visitor's photographs come from the image CDN's cache.
 */
export async function labMetrics(urls: string[], options: LabOptions): Promise<LabResult[]> {
  const { runs } = options;
  const chrome = await launch({
    chromePath: chromiumPath({ full: true }),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  const flags: Flags = {
    port: chrome.port,
    ...(options.cpuSlowdownMultiplier
      ? { throttling: { cpuSlowdownMultiplier: options.cpuSlowdownMultiplier } }
      : {}),
    ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
  };
  try {
    const results: LabResult[] = [];
    for (const url of urls) {
      if (runs > 1) await runOnce(url, flags);
      const samples: LabMetrics[] = [];
      for (let i = 0; i < runs; i++) {
        const { lhr, artifacts } = await runOnce(url, flags);
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
          afterPaint: summarize(tasksAfterPaint(artifacts.Trace)),
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
        runs: {
          tbt: samples.map((s) => s.tbt),
          lcp: samples.map((s) => s.lcp),
          longest: samples.map((s) => s.afterPaint.longest?.duration ?? 0),
        },
        afterPaint: afterPaintOf(samples.map((s) => s.afterPaint)),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

// Lab metrics from lighthouse (its default config: the mobile preset with simulated
// throttling), the median of several runs per page.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";

export interface LabMetrics {
  /** 0–100. */
  performance: number;
  /** Milliseconds. */
  lcp: number;
  tbt: number;
  cls: number;
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
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
    if (result && !error) return result.lhr;
    if (attempt >= attempts) throw new Error(`lighthouse on ${url}: ${error?.message}`);
    process.stderr.write(`bench: lighthouse on ${url} failed (${error?.code}), retrying\n`);
  }
}

/** Per metric, the median over `runs` lighthouse runs of each URL (one Chromium for all). */
export async function labMetrics(urls: string[], runs: number): Promise<LabMetrics[]> {
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  try {
    const results: LabMetrics[] = [];
    for (const url of urls) {
      const samples: LabMetrics[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(url, chrome.port);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          performance: (lhr.categories.performance?.score ?? Number.NaN) * 100,
          lcp: audit("largest-contentful-paint"),
          tbt: audit("total-blocking-time"),
          cls: audit("cumulative-layout-shift"),
        });
      }
      results.push({
        performance: median(samples.map((s) => s.performance)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

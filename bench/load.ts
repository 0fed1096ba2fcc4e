// HTTP load with autocannon on loopback: throughput, latency, errors.
import autocannon from "autocannon";

export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
  /** Request headers (autocannon sends no User-Agent of its own). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Completed requests per second. */
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Socket errors and time-outs. */
  errors: number;
  non2xx: number;
  seconds: number;
  /** Every response time (ms), so slices of load can be merged. */
  latencies: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

function summarize(parts: Omit<LoadResult, "rps" | "p50" | "p99">): LoadResult {
  const sorted = [...parts.latencies].sort((a, b) => a - b);
  return {
    ...parts,
    rps: parts.requests / parts.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

export async function runLoad(url: string, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    ...(options.headers ? { headers: options.headers } : {}),
  }).on("response", (_client, _status, _bytes, responseTimeMs) => {
    latencies.push(responseTimeMs);
  });
  const result = await instance;
  return summarize({
    requests: latencies.length,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    seconds: result.duration,
    latencies,
  });
}

/** One result for slices of load on the same target. */
export function mergeLoads(results: LoadResult[]): LoadResult {
  return summarize({
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    seconds: results.reduce((sum, r) => sum + r.seconds, 0),
    latencies: results.flatMap((r) => r.latencies),
  });
}

/**
 * Loads each target for `totalSeconds`, in interleaved slices (round-robin, the order
 * rotating each round), so that a change in the machine's background load affects all
 * targets alike and their ratios hold.
 */
export async function interleavedLoads(
  urls: (string | { url: string; headers: Record<string, string> })[],
  options: LoadOptions & { slices: number },
): Promise<LoadResult[]> {
  const slices: LoadResult[][] = urls.map(() => []);
  const duration = options.duration / options.slices;
  for (let round = 0; round < options.slices; round++) {
    for (let k = 0; k < urls.length; k++) {
      const i = (round + k) % urls.length;
      const target = urls[i] ?? "";
      const [url, headers] = typeof target === "string" ? [target] : [target.url, target.headers];
      slices[i]?.push(
        await runLoad(url, { ...options, duration, ...(headers ? { headers } : {}) }),
      );
    }
  }
  return slices.map(mergeLoads);
}

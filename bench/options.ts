// Command-line and environment switches of `npm run bench`, and the durations they imply.
import type { ScaleSize } from "./scale-dataset.ts";

export interface BenchOptions {
  /** `--quick` or BENCH_QUICK=1: tiny durations, one lighthouse run (for the smoke test). */
  quick: boolean;
  /** `--skip-lighthouse` or BENCH_SKIP_LIGHTHOUSE=1. */
  skipLighthouse: boolean;
  /** `--no-build`: measure the existing build (still builds when there is none). */
  build: boolean;
  /** `--out=<file>`: where the markdown table goes (default bench/results/latest.md). */
  out: string | undefined;
  /** `--only=scale,lighthouse`: run only these sections (all when absent). */
  only: ReadonlySet<string> | undefined;
  /**
   * How many of the measured pages (bench/pages.ts) the bytes and throughput runs take, and how
   * many screens the viewer run zooms on: all of them, but a quick run's smoke test needs only
   * one of each kind.
   */
  pages: number;
  screens: number;
  /** Seconds of unmeasured load before each throughput run. */
  warmupS: number;
  /** Seconds per target, in `throughputSlices` interleaved slices. */
  throughputS: number;
  throughputSlices: number;
  throughputConnections: number;
  loadS: number;
  loadConnections: number;
  /** Artificial latency of the content service during the load run. */
  loadLatencyMs: number;
  /** Client galleries (bench/galleries.ts): a page of `photos`, a ZIP of `zipFiles` × `zipFileBytes`. */
  gallery: { photos: number; zipFiles: number; zipFileBytes: number };
  /** Seconds and visitors of the soak (bench/soak.ts). */
  soakS: number;
  soakConnections: number;
  lighthouseRuns: number;
  /** Visitors posting the contact form at once, for how long, and how many single deliveries. */
  inquiryConnections: number;
  inquiryS: number;
  inquirySamples: number;
  /** Sequential warm views per page when counting content calls. */
  views: number;
  /** What the scale run generates on top of the demo content. */
  scale: ScaleSize;
  /** Sequential views per URL after the cold one; the scale run prints their median. */
  scaleWarmViews: number;
  /** What `npm run import` is measured on: how many generated photographs, of what size. */
  importRun: { photos: number; width: number; height: number };
}

const on = (value: string | undefined) => value !== undefined && value !== "" && value !== "0";

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const known = ["--quick", "--skip-lighthouse", "--no-build", "--out=<file>", "--only=<sections>"];
  const unknown = argv.filter(
    (arg) => !known.includes(arg) && !/^--out=./.test(arg) && !/^--only=./.test(arg),
  );
  const only = argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
  if (unknown.length > 0) {
    throw new Error(`Unknown option ${unknown.join(" ")} (known: ${known.join(", ")})`);
  }
  const quick = argv.includes("--quick") || on(env.BENCH_QUICK);
  return {
    quick,
    skipLighthouse: argv.includes("--skip-lighthouse") || on(env.BENCH_SKIP_LIGHTHOUSE),
    build: !argv.includes("--no-build"),
    out: argv.find((arg) => arg.startsWith("--out="))?.slice("--out=".length),
    only: only ? new Set(only.split(",").map((section) => section.trim())) : undefined,
    pages: quick ? 2 : Number.POSITIVE_INFINITY,
    screens: quick ? 1 : Number.POSITIVE_INFINITY,
    warmupS: quick ? 0 : 1,
    throughputS: quick ? 1 : 10,
    throughputSlices: quick ? 1 : 5,
    throughputConnections: 10,
    loadS: quick ? 1 : 60,
    loadConnections: 50,
    loadLatencyMs: 200,
    gallery: quick
      ? { photos: 4, zipFiles: 3, zipFileBytes: 1024 * 1024 }
      : { photos: 1000, zipFiles: 103, zipFileBytes: 10 * 1024 * 1024 },
    soakS: quick ? 1 : 60,
    soakConnections: 20,
    lighthouseRuns: quick ? 1 : 3,
    inquiryConnections: 50,
    inquiryS: quick ? 1 : 20,
    inquirySamples: quick ? 3 : 20,
    views: quick ? 20 : 100,
    // Quick runs still need several archive pages and more than one gallery to measure.
    scale: quick
      ? { posts: 120, galleries: 2, imagesPerGallery: 25, photos: 600, tags: 20 }
      : { posts: 1000, galleries: 20, imagesPerGallery: 25, photos: 5000, tags: 200 },
    scaleWarmViews: quick ? 3 : 10,
    // 24 megapixels (6000 × 4000), about 10 MB each as JPEG; the smoke run a handful of small ones.
    importRun: quick
      ? { photos: 6, width: 1200, height: 800 }
      : { photos: 500, width: 6000, height: 4000 },
  };
}

// The worker bundle as `wrangler deploy --dry-run` reports it, on the built config, offline.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

export interface BundleSize {
  /** KiB, as wrangler prints them. */
  totalKiB: number;
  gzipKiB: number;
  /** The Stripe SDK's chunk (raw KiB), loaded only by checkout and Stripe's webhook. */
  stripeKiB: number | undefined;
}

export function parseUploadLine(output: string): BundleSize {
  const match = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (!match?.[1] || !match[2]) {
    throw new Error(`No "Total Upload: … KiB / gzip: … KiB" line in wrangler's output:\n${output}`);
  }
  const stripe = /assets\/stripe[^\s│]*\s*│\s*esm\s*│\s*([\d.]+)\s*KiB/.exec(output)?.[1];
  return {
    totalKiB: Number(match[1]),
    gzipKiB: Number(match[2]),
    stripeKiB: stripe === undefined ? undefined : Number(stripe),
  };
}

export async function workerBundleSize(root: string): Promise<BundleSize> {
  const outdir = await mkdtemp(join(tmpdir(), "bench-bundle-"));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      resolve(root, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir],
      {
        cwd: root,
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
        env: {
          ...process.env,
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_SEND_METRICS: "false",
          NO_COLOR: "1",
          FORCE_COLOR: "0",
        },
      },
    );
    return parseUploadLine(`${stdout}\n${stderr}`);
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

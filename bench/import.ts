// `npm run import` at scale: a folder of large generated photographs imported into a demo
// content service of its own (Sanity's upload API, in this process), the command run as a
// person runs it. Measures the whole run, photographs per second, and the command's peak
// memory, which must stay flat however many files the folder holds (files are streamed).
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startContentService } from "../demo/server/server.ts";
import { ROOT } from "../scripts/site-server.ts";
import type { BenchOptions } from "./options.ts";
import type { Row } from "./table.ts";

const TOKEN = "sk-bench-import-token-0123456789";
/** Distinct noise images generated; the others are variants of them (see jpegVariant). */
const BASES = 4;

/** A valid JPEG whose pixels differ from `base`'s: one entry of its first quantisation table changed. */
function jpegVariant(base: Buffer, n: number): Buffer {
  const out = Buffer.from(base);
  let offset = 2;
  while (offset < out.length - 4) {
    const marker = out[offset + 1];
    const length = out.readUInt16BE(offset + 2);
    if (marker === 0xdb) {
      // The table's last (highest-frequency) coefficient, 8-bit precision: any of 1–255 decodes.
      const at = offset + 2 + 1 + 63;
      out[at] = (((((out[at] as number) - 1 + n) % 255) + 255) % 255) + 1;
      return out;
    }
    offset += 2 + length;
  }
  throw new Error("no quantisation table in the generated JPEG");
}

async function writePhotos(folder: string, options: BenchOptions["importRun"]): Promise<number> {
  let bytes = 0;
  for (let b = 0; b < Math.min(BASES, options.photos); b++) {
    const base = await sharp({
      create: {
        width: options.width,
        height: options.height,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 110 + 10 * b, sigma: 25 },
      },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    for (let i = b; i < options.photos; i += BASES) {
      const file = jpegVariant(base, Math.floor(i / BASES));
      await writeFile(path.join(folder, `photo-${String(i + 1).padStart(4, "0")}.jpg`), file);
      bytes += file.length;
    }
  }
  return bytes;
}

/** Prints the process's peak resident memory (kB) as it exits: read from the child's stderr. */
const PEAK_RSS_HOOK =
  "data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kb '+process.resourceUsage().maxRSS+'\\n'))";

function runImportCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; ms: number; stdout: string; peakRssKb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ["--import", PEAK_RSS_HOOK, path.join(ROOT, "cli/import.ts"), ...args],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once("error", reject);
    child.once("close", (code) => {
      const peak = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1]);
      if (code !== 0) {
        reject(new Error(`the import exited ${code}: ${stdout.slice(-300)}${stderr.slice(-300)}`));
        return;
      }
      resolve({ code, ms: performance.now() - started, stdout, peakRssKb: peak });
    });
  });
}

export async function importRows(options: BenchOptions): Promise<Row[]> {
  const run = options.importRun;
  const folder = await mkdtemp(path.join(tmpdir(), "bench-import-"));
  const service = await startContentService({
    datasetFile: path.join(ROOT, "demo/dataset/production.ndjson"),
    imagesDir: path.join(ROOT, "demo/dataset/images"),
    token: TOKEN,
  });
  try {
    process.stderr.write(
      `bench: import: writing ${run.photos} photographs of ${run.width} × ${run.height}\n`,
    );
    const bytes = await writePhotos(folder, run);
    const env = {
      PATH: process.env.PATH ?? "",
      SANITY_PROJECT_ID: "demo",
      SANITY_DATASET: "production",
      SANITY_API_HOST: service.url,
      SANITY_TOKEN: TOKEN,
      IMPORT_LOCATION: "off",
    };
    const args = [folder, "--post", "bench-import", "--gallery", "Bench", "--order", "name"];
    process.stderr.write(`bench: import: ${(bytes / 1e9).toFixed(2)} GB into the demo service\n`);
    const first = await runImportCommand(args, env);
    const imported = Number(/^(\d+) imported,/m.exec(first.stdout)?.[1]);
    const second = await runImportCommand(args, env);
    const unchanged = Number(/(\d+) unchanged,/m.exec(second.stdout)?.[1]);
    const section = "import";
    const megapixels = Math.round((run.width * run.height) / 1e6);
    const note = `${run.photos} × ${megapixels} MP, ${(bytes / run.photos / 1e6).toFixed(1)} MB each on average`;
    return [
      {
        section,
        metric: `photographs imported (of ${run.photos})`,
        value: imported,
        unit: "",
        budget: { op: "=", limit: run.photos },
        note,
      },
      { section, metric: "first run, total", value: first.ms / 1000, unit: "s", digits: 1 },
      {
        section,
        metric: "photographs per second",
        value: (run.photos * 1000) / first.ms,
        unit: "/s",
        digits: 2,
        budget: { op: ">=", limit: run.photos >= 100 ? 2 : 1 },
        note: `${(bytes / 1e6 / (first.ms / 1000)).toFixed(0)} MB/s; 3 at a time; the demo service (same machine) hashes, stores and computes each one's metadata`,
      },
      {
        section,
        metric: "peak memory (RSS) of the command",
        value: first.peakRssKb / 1024,
        unit: "MB",
        budget: { op: "<=", limit: 300 },
        // Flat: reading alone plateaus at the same height for 48 or 500 files (V8 collects the
        // streams' spent chunks in batches); nothing grows with the folder.
        note: "files streamed; flat whatever the number of files",
      },
      {
        section,
        metric: `second run: unchanged (of ${run.photos})`,
        value: unchanged,
        unit: "",
        budget: { op: "=", limit: run.photos },
        note: `${(second.ms / 1000).toFixed(1)} s: every file read again, nothing uploaded; peak ${(second.peakRssKb / 1024).toFixed(0)} MB`,
      },
    ];
  } finally {
    await service.close();
    await rm(folder, { recursive: true, force: true });
  }
}

// `npm run bench` works end to end: a quick run (tiny durations, no lighthouse) prints the
// table and writes the markdown. Budgets may pass or fail here; the script must not crash.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOptions } from "../../bench/options.ts";
import { scaleRows } from "../../bench/scale.ts";
import { scaleDocuments, writeScaleDataset } from "../../bench/scale-dataset.ts";
import { statusOf } from "../../bench/table.ts";
import { parseNdjson, type SanityDocument } from "../../demo/server/dataset.ts";

const ROOT = resolve(import.meta.dirname, "../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The benchmark's process while it runs: stopped (closing its sites) if the test gives up. */
let bench: ChildProcess | undefined;

function runBench(args: string[]): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["bench/run.ts", ...args], {
      cwd: ROOT,
      env: { ...process.env, BENCH_QUICK: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", fail);
    child.once("close", (code) => done({ code, stdout, stderr }));
    bench = child;
  });
}

describe("npm run bench --quick", () => {
  let dir = "";
  let run: Run;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    run = await runBench(["--skip-lighthouse", "--no-build", `--out=${join(dir, "latest.md")}`]);
    // About 70 s alone on the two-core machine, and up to five times that beside the other
    // suites of npm test on a machine shared with other work: the limit is for a run that hangs.
  }, 600_000);

  afterAll(async () => {
    if (bench && bench.exitCode === null) {
      const exited = new Promise((done) => bench?.once("close", done));
      bench.kill("SIGTERM");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it("exits 0 (budgets met) or 1 (a budget missed), not with a crash", () => {
    expect([0, 1], run.stderr).toContain(run.code);
  });

  it("prints every section with a value, a budget and a status", () => {
    expect(run.stdout).toMatch(/section\s+metric\s+value\s+budget\s+status/);
    for (const section of [
      "worker",
      "caches",
      "bytes",
      "throughput",
      "load",
      "galleries",
      "store",
      "booking",
      "soak",
      "import",
      "scale",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^${section}\\b`, "m"));
    }
    // Of 50 clients asking for one time at once, exactly one holds it.
    expect(run.stdout).toMatch(
      /^booking\s+times held per round \(of one asked for by all\)\s+1\s+= 1\s+ok/m,
    );
    expect(run.stdout).toMatch(/^lighthouse\s+home\s+skipped/m);
    expect(run.stdout).toMatch(/^lighthouse-8x\s+home\s+skipped/m);
    expect(run.stdout).toMatch(
      /^galleries\s+unlocked gallery \(6 camera photographs\) LCP\s+skipped/m,
    );
    // A ratio, or "error" when the quick run's few seconds of load got no static file back.
    expect(run.stdout).toMatch(/home ÷ static req\/s\s+([\d.]+|error)\s+—/);
    expect(run.stdout).toMatch(
      /^caches\s+a page cache's hit \(Workers Cache\), home: the render it spares, p50\s+[\d.]+ ms\s+≤ 40 ms\s+(ok|MISS)/m,
    );
    expect(run.stdout).toMatch(
      /^caches\s+a miss, photo: content requests per view\s+[\d.]+\s+≤ 1\s+(ok|MISS)/m,
    );
    expect(run.stdout).toMatch(
      /^caches\s+a miss, photo, content 150 ms away: time to first byte, p50\s+[\d.]+ ms\s+≤ 190 ms\s+(ok|MISS)/m,
    );
    expect(run.stdout).toMatch(/home JS, gzip\s+[\d.]+ KiB\s+≤ 70 KiB\s+(ok|MISS)/);
    expect(run.stdout).toMatch(/content requests per view\s+[\d.]+\s+≤ 1\s+(ok|MISS)/);
    expect(run.stdout).toMatch(/^soak\s+answers missing, cut off or 5xx\s+\d+\s+= 0\s+(ok|MISS)/m);
    expect(run.stdout).toMatch(
      /^soak\s+runtime errors in the server's log\s+\d+\s+= 0\s+(ok|MISS)/m,
    );
    expect(run.stdout).toMatch(
      /^galleries\s+the worker's memory growth while the ZIP streams \(again\)\s+[\d.]+ MiB\s+≤ 64 MiB\s+(ok|MISS)/m,
    );
    // The importer on its smoke size: every photograph in, then nothing to do on a second run.
    expect(run.stdout).toMatch(/^import\s+photographs imported \(of 6\)\s+6\s+= 6\s+ok/m);
    expect(run.stdout).toMatch(/^import\s+peak memory \(RSS\) of the command\s+\d+ MB\s+≤ 300 MB/m);
    expect(run.stdout).toMatch(/^import\s+second run: unchanged \(of 6\)\s+6\s+= 6\s+ok/m);
    // No phase failed: a failed measurement shows as "error".
    expect(run.stdout).not.toMatch(/\(failed\)/);
  });

  it("prints the scale run: every measurement with its budget, on the smaller quick dataset", () => {
    // The archive and the feed limit belong to the site: until it has them, their rows show
    // "error" or "MISS", which is the benchmark doing its job.
    const measured = "(ok|MISS|error)";
    for (const pattern of [
      `home HTML, gzip\\s+[\\d.]+ KiB\\s+≤ 20 KiB\\s+${measured}`,
      `/archive HTML, gzip\\s+([\\d.]+ KiB|error)\\s+≤ 20 KiB\\s+${measured}`,
      `last archive page HTML, gzip\\s+([\\d.]+ KiB|error)\\s+≤ 20 KiB\\s+${measured}`,
      `posts linked from the archive \\(of 120\\)\\s+(\\d+|error)\\s+= 120\\s+${measured}`,
      `/scale-gallery HTML, gzip\\s+[\\d.]+ KiB\\s+—\\s+50 photographs`,
      `HTML per photograph beyond the first gallery, gzip\\s+-?\\d+ B\\s+≤ 600 B\\s+(ok|MISS)`,
      `/rss.xml bytes\\s+[\\d.]+ KiB\\s+≤ 100 KiB\\s+(ok|MISS)`,
      `/rss.xml items\\s+(\\d+|error)\\s+= 30\\s+${measured}`,
      `/sitemap.xml post URLs \\(of 120\\)\\s+\\d+\\s+= 120\\s+(ok|MISS)`,
      `/ cold\\s+[\\d.]+ ms`,
      `/sitemap.xml warm\\s+[\\d.]+ ms`,
      `/photos HTML per photograph, gzip\\s+\\d+ B\\s+≤ 600 B\\s+(ok|MISS)`,
      `/photos/page/\\d+ cold\\s+[\\d.]+ ms\\s+≤ 150 ms\\s+(ok|MISS)`,
      `/search\\?q=lighthouse warm\\s+[\\d.]+ ms\\s+≤ 15 ms\\s+(ok|MISS)`,
      `search "lighthouse" through the local GROQ engine, cold\\s+\\d+ ms\\s+≤ 300 ms\\s+(ok|MISS)`,
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^scale\\s+${pattern}`, "m"));
    }
  });

  it("writes the same table as markdown", async () => {
    const markdown = await readFile(join(dir, "latest.md"), "utf8");
    expect(markdown).toContain("| section | metric | value | budget | status | note |");
    expect(markdown).toMatch(/\| bytes \| home HTML, gzip \| [\d.]+ KiB \| ≤ 20 KiB \|/);
  });
});

describe("the scale run's dataset", () => {
  let demo: SanityDocument[];
  const size = { posts: 30, galleries: 3, imagesPerGallery: 25 };

  beforeAll(async () => {
    const file = join(ROOT, "demo/dataset/production.ndjson");
    demo = parseNdjson(await readFile(file, "utf8"), file);
  });

  it("is the same on every run", () => {
    expect(JSON.stringify(scaleDocuments(demo, size))).toBe(
      JSON.stringify(scaleDocuments(demo, size)),
    );
  });

  it("has posts shaped like the demo's, all published, on the demo's photographs", () => {
    const assets = new Set(
      demo.filter((doc) => doc._type === "sanity.imageAsset").map((doc) => doc._id),
    );
    // A post in the demo's language alone: the generated posts have no translations.
    const demoPost = demo.find(
      (doc) => doc._type === "post" && !("titleTranslations" in doc),
    ) as SanityDocument;
    const posts = scaleDocuments(demo, size).filter((doc) => doc._type === "post");
    expect(posts).toHaveLength(30);
    const slugs = new Set(posts.map((post) => (post.slug as { current: string }).current));
    expect(slugs.size).toBe(30);
    expect([...slugs][0]).toBe("scale-post-0001");
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(Object.keys(demoPost).sort());
      expect(Date.parse(post.publishedAt as string)).toBeLessThan(Date.now());
      const image = post.mainImage as { asset: { _ref: string }; alt: string };
      expect(assets.has(image.asset._ref)).toBe(true);
      expect(image.alt).toBeTruthy();
    }
  });

  it("has a page of galleries and the same page with only the first gallery", () => {
    const docs = scaleDocuments(demo, size);
    const page = (slug: string) =>
      docs.find((doc) => (doc.slug as { current: string }).current === slug) as SanityDocument;
    type Photo = { _type: string; _key: string; alt: string; caption: string };
    type Gallery = { _type: string; _key: string; images: Photo[] };
    const galleries = (doc: SanityDocument) =>
      (doc.body as Gallery[]).filter((block) => block._type === "gallery");
    const all = galleries(page("scale-gallery"));
    expect(all).toHaveLength(3);
    expect(galleries(page("scale-gallery-one"))).toEqual(all.slice(0, 1));
    const photos = all.flatMap((gallery) => gallery.images);
    expect(photos).toHaveLength(75);
    for (const field of ["_key", "alt", "caption"] as const) {
      expect(new Set(photos.map((photo) => photo[field])).size, field).toBe(75);
    }
    // The same fields as the demo portfolio's photographs, nothing else.
    const portfolio = demo.find((doc) => doc._id === "page-portfolio") as SanityDocument;
    const demoFields = new Set(
      galleries(portfolio).flatMap((gallery) => gallery.images.flatMap((p) => Object.keys(p))),
    );
    for (const photo of photos) {
      expect(photo._type).toBe("image");
      for (const key of Object.keys(photo)) expect(demoFields).toContain(key);
    }
  });

  it("turns a site without any of the pages into failed rows, not a crash", async () => {
    const server = createServer((_req, res) => res.writeHead(404).end("Not Found"));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const dataset = await writeScaleDataset({ posts: 5, galleries: 2, imagesPerGallery: 2 });
    try {
      const { port } = server.address() as AddressInfo;
      const options = { ...parseOptions([], {}), scaleWarmViews: 1 };
      const rows = await scaleRows(`http://127.0.0.1:${port}`, dataset, options);
      const budgeted = rows.filter((row) => row.budget);
      expect(budgeted.length).toBeGreaterThanOrEqual(8);
      for (const row of budgeted) expect(statusOf(row), row.metric).toBe("error");
      expect(rows.find((row) => row.metric === "/archive HTML, gzip")?.note).toMatch(/404/);
    } finally {
      await dataset.remove();
      await new Promise((done) => server.close(done));
    }
  });
});

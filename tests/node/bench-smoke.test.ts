// `npm run bench` works end to end: a quick run (tiny durations, no lighthouse) prints the
// table and writes the markdown. Budgets may pass or fail here; the script must not crash.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

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
  });
}

describe("npm run bench --quick", () => {
  let dir = "";
  let run: Run;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-smoke-"));
    run = await runBench(["--skip-lighthouse", "--no-build", `--out=${join(dir, "latest.md")}`]);
  }, 90_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("exits 0 (budgets met) or 1 (a budget missed), not with a crash", () => {
    expect([0, 1], run.stderr).toContain(run.code);
  });

  it("prints every section with a value, a budget and a status", () => {
    expect(run.stdout).toMatch(/section\s+metric\s+value\s+budget\s+status/);
    for (const section of ["worker", "content service", "bytes", "throughput", "load"]) {
      expect(run.stdout).toMatch(new RegExp(`^${section}\\b`, "m"));
    }
    expect(run.stdout).toMatch(/^lighthouse\s+home\s+skipped/m);
    expect(run.stdout).toMatch(/home ÷ static req\/s\s+[\d.]+\s+≥ 0\.5/);
    expect(run.stdout).toMatch(/home JS, gzip\s+[\d.]+ KiB\s+≤ 70 KiB\s+(ok|MISS)/);
    expect(run.stdout).toMatch(/content calls during the run\s+\d+\s+≤ 5\s+(ok|MISS)/);
    // No phase failed: a failed measurement shows as "error".
    expect(run.stdout).not.toMatch(/\(failed\)/);
  });

  it("writes the same table as markdown", async () => {
    const markdown = await readFile(join(dir, "latest.md"), "utf8");
    expect(markdown).toContain("| section | metric | value | budget | status | note |");
    expect(markdown).toMatch(/\| bytes \| home HTML, gzip \| [\d.]+ KiB \| ≤ 20 KiB \|/);
  });
});

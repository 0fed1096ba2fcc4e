// `npm run deploy` works the way the README tells the owner to run it, on the machine's own
// Node.js even when that is older than wrangler needs (the script fetches a newer one), and
// builds a worker that wrangler accepts. `--dry-run` stops before anything is uploaded. It runs
// in a copy of the repository: its build replaces dist/, which other suites serve meanwhile.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyOfRepository } from "../support/repository-copy.ts";

/** The machine's PATH without the Node.js the test itself runs on. */
const machinePath = (process.env.PATH ?? "")
  .split(":")
  .filter((dir) => !dir.includes(".cache/node24"))
  .join(":");

let outdir = "";
let copy = "";
afterAll(async () => {
  for (const dir of [outdir, copy]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe("npm run deploy -- --dry-run", () => {
  it("builds and bundles the worker without uploading it", async () => {
    outdir = await mkdtemp(join(tmpdir(), "deploy-"));
    copy = await copyOfRepository("deploy-repo-");
    const run = await new Promise<{ code: number | null; output: string }>((done, fail) => {
      const child = spawn("npm", ["run", "deploy", "--", "--dry-run", "--outdir", outdir], {
        cwd: copy,
        env: { ...process.env, PATH: machinePath, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      child.once("error", fail);
      child.once("close", (code) => done({ code, output }));
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("--dry-run: exiting now.");
    expect(await readdir(outdir)).toContain("index.js");
  }, 120_000);
});

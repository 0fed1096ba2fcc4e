// `npm run dev`, the command the README gives developers, works as it says: the Vite dev server
// with the worker in workerd running the current source (never the last build), on the demo
// content, serving pages whose client entry is the source (for hot reload). It runs in a copy
// of the repository: a developer's .dev.vars (their own Sanity project, say) is not the demo's.
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/site-server.ts";
import { copyOfRepository } from "../support/repository-copy.ts";

describe("npm run dev", () => {
  let dev: ChildProcess;
  let copy = "";
  let url = "";
  let output = "";

  beforeAll(async () => {
    copy = await copyOfRepository("dev-repo-");
    const port = await freePort();
    dev = spawn("npm", ["run", "dev"], {
      cwd: copy,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      // Only the demo: no owner settings from this machine's environment.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
      },
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    dev.stdout?.on("data", collect);
    dev.stderr?.on("data", collect);
    // A guard against a hang, not a measure: on a new clone under npm test's other suites, Vite's
    // first bundling of the worker's dependencies was seen to take over a minute.
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      if (dev.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
      // Where Vite says it listens: on the port asked, or the next one free should another
      // server have taken it meanwhile.
      url = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(stripVTControlCharacters(output))?.[1] ?? "";
      try {
        if (url && (await fetch(`${url}/_app/builds/latest.json`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((wait) => setTimeout(wait, 250));
    }
    throw new Error(`npm run dev did not answer within 240 s:\n${output}`);
  }, 250_000);

  afterAll(async () => {
    if (dev?.pid !== undefined && dev.exitCode === null) {
      const exited = new Promise((done) => dev.once("exit", done));
      process.kill(-dev.pid, "SIGTERM");
      await exited;
    }
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it("answers the home page on the demo content", async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="intro-title"');
  });

  it("renders pages on the demo content, with the client entry from source", async () => {
    const res = await fetch(`${url}/portfolio`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1");
    expect(html).toContain('class="backdrop"');
    // The head script starts the entry after the first paint, from this address.
    expect(html).toContain('<meta name="entry" content="/client/entry.ts"/>');
    expect(html).toContain('src="/@vite/client"');
  });

  it("serves the islands' source through Vite", async () => {
    const res = await fetch(`${url}/shared/islands/theme/ThemeToggle.tsx`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("ThemeToggle");
  });

  it("keeps the error pages and headers of the real worker", async () => {
    const res = await fetch(`${url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});

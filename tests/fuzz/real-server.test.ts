// A seeded fuzz of the real local server, the one `npm start` runs (workerd on the build, on the
// demo content), over sockets: every target × every method × bodies of 0 B,
// 64 KiB and (a sample) 10 MiB × hostile query values and path segments × a browser's, a bot's
// and other user agents. Every answer is checked (tests/fuzz/checks.ts), and a failure is
// reported as one line per kind with the first request that showed it. FUZZ_SEED=<n> replays
// another seed; the request's #id is its place in that seed's order (tests/fuzz/cases.ts).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { runtimeErrors } from "../support/server-log.ts";
import {
  type BuildFacts,
  type Case,
  DEFAULT_SEED,
  fuzzSeed,
  generateCases,
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  hex,
  LARGE_BODY,
  LONG,
  METHODS,
  ROOT,
  SEGMENT_PLACES,
  SMALL_BODY,
  targets,
  USER_AGENTS,
  XSS_MARKER,
} from "./cases.ts";
import {
  CHECKS,
  type Check,
  type CheckContext,
  checkAnswer,
  checkPair,
  describeCase,
  type Failure,
  report,
  staticHeaderRules,
} from "./checks.ts";
import { type Answer, pool, send } from "./client.ts";

const SEED = fuzzSeed();
/** Requests in flight at once: enough to keep both cores of a CI machine busy. */
const CONCURRENCY = 8;
const CLIENT_DIR = resolve(ROOT, "dist/client");

interface Run {
  build: BuildFacts;
  cases: Case[];
  answers: Answer[];
  failures: Failure[];
  ms: number;
}

let site: RunningSite | undefined;
let run: Run | undefined;

/** Every file under dir, as a path on the site ("/assets/entry-….js"). */
function siteFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory()
      ? siteFiles(file, `${prefix}/${name}`)
      : [`${prefix}/${name}`];
  });
}

/** The answers of one request sent with several user agents, by agent. */
function pairs(cases: readonly Case[], answers: readonly Answer[]) {
  const byPair = new Map<string, Map<string, { c: Case; a: Answer }>>();
  for (const c of cases) {
    const group = byPair.get(c.pair) ?? new Map();
    if (!group.has(c.ua)) group.set(c.ua, { c, a: answers[c.id] as Answer });
    byPair.set(c.pair, group);
  }
  return byPair.values();
}

async function fuzz(running: RunningSite): Promise<Run> {
  const url = new URL(running.url);
  const server = { host: url.hostname, port: Number(url.port) };
  const latest = (await (await fetch(`${running.url}/_app/builds/latest.json`)).json()) as {
    id: string;
  };
  // What Workers Static Assets serves: not its configuration, nor what .assetsignore names.
  const ignoreFile = resolve(CLIENT_DIR, ".assetsignore");
  const ignored = (existsSync(ignoreFile) ? readFileSync(ignoreFile, "utf8") : "")
    .split(/\r?\n/)
    .filter(Boolean);
  const files = siteFiles(CLIENT_DIR).filter(
    (file) =>
      !/\/[._]/.test(file) &&
      !ignored.some((name) => file === `/${name}` || file.startsWith(`/${name}/`)),
  );
  const build: BuildFacts = { buildId: latest.id, assets: files };
  const context: CheckContext = {
    origin: running.url,
    root: ROOT,
    secrets: [running.vars.SANITY_TOKEN ?? "", running.vars.SANITY_WEBHOOK_SECRET ?? ""].filter(
      (secret) => secret.length >= 8,
    ),
    staticHeaders: staticHeaderRules(
      readFileSync(resolve(CLIENT_DIR, "_headers"), "utf8"),
      new Set(files),
    ),
  };

  const cases = generateCases(SEED, build);
  const answers: Answer[] = new Array(cases.length);
  const started = Date.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const main = cases.filter((c) => c.phase !== "large");
    const mainAnswers = await pool(main, CONCURRENCY, (c) => send(server, c, agent));
    main.forEach((c, i) => {
      answers[c.id] = mainAnswers[i] as Answer;
    });
  } finally {
    agent.destroy();
  }
  // The 10 MiB uploads last, one at a time, each on a connection of its own: whatever one
  // does to the local proxy then shows on a 10 MiB upload, not on an unrelated request.
  for (const c of cases.filter((c) => c.phase === "large")) {
    answers[c.id] = await send(server, c, false);
  }
  const ms = Date.now() - started;

  const failures: Failure[] = [];
  for (const c of cases) {
    const answer = answers[c.id] as Answer;
    for (const problem of checkAnswer(c, answer, context)) {
      failures.push({ ...problem, case: c, status: answer.status });
    }
  }
  for (const group of pairs(cases, answers)) {
    const browser = group.get("browser");
    if (!browser) continue;
    for (const [ua, other] of group) {
      if (ua === "browser") continue;
      const problem = checkPair(browser.a, other.a, other.c.method);
      if (problem) failures.push({ ...problem, case: other.c, status: other.a.status });
    }
  }
  if (process.env.FUZZ_REPORT) {
    // Every failure, one JSON line each, for a closer look than the summary's examples.
    const lines = failures.map((f) =>
      JSON.stringify({
        check: f.check,
        kind: f.kind,
        request: describeCase(f.case),
        status: f.status,
        detail: f.detail,
      }),
    );
    writeFileSync(process.env.FUZZ_REPORT, `${lines.join("\n")}\n`);
  }
  return { build, cases, answers, failures, ms };
}

beforeAll(async () => {
  const started = Date.now();
  // Content expires every second, so the run keeps meeting the moment a result is fetched
  // again while other requests want it (where one request touching another's I/O would show).
  site = await startSite({
    isolated: true,
    traces: true,
    vars: { CONTENT_FRESH_SECONDS: "1" },
  });
  run = await fuzz(site);
  const counts = Object.keys(CHECKS)
    .map((check) => [check, run?.failures.filter((f) => f.check === check).length ?? 0] as const)
    .filter(([, count]) => count > 0)
    .map(([check, count]) => `${check} ${count}`);
  console.log(
    `fuzz: ${run.cases.length} requests in ${(run.ms / 1000).toFixed(1)} s ` +
      `(${Math.round(run.cases.length / (run.ms / 1000))}/s, ${CONCURRENCY} in flight; ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s with the server's start), ` +
      `seed ${hex(SEED)} (FUZZ_SEED=${hex(SEED)} replays it); ${phases(run.cases)}; ` +
      `failing checks: ${counts.join(", ") || "none"}`,
  );
  // A fixed number of requests: about 30 s alone, 255 s with one core kept busy beside npm
  // test's other suites. The limit is for a run that hangs.
}, 600_000);

afterAll(async () => {
  await site?.close();
});

/** How many requests each phase sent, and the slowest answer. */
function phases(cases: readonly Case[]): string {
  const counts = new Map<string, number>();
  for (const c of cases) counts.set(c.phase, (counts.get(c.phase) ?? 0) + 1);
  return [...counts].map(([phase, count]) => `${phase} ${count}`).join(", ");
}

function ran(): Run {
  if (!run) throw new Error("The fuzz run did not happen (see the error of beforeAll)");
  return run;
}

describe("the fuzz covers what it says", () => {
  it("draws the same requests in the same order for the same seed", () => {
    const { build, cases } = ran();
    expect(generateCases(SEED, build)).toEqual(cases);
    expect(generateCases(SEED + 1, build)).not.toEqual(cases);
    expect(fuzzSeed("0x2a")).toBe(42);
    expect(fuzzSeed("")).toBe(DEFAULT_SEED);
    expect(() => fuzzSeed("seed")).toThrow(/FUZZ_SEED/);
  });

  it("reaches every target: a browser's GET answers with the status the target names", () => {
    const { build, cases, answers } = ran();
    const wrong: string[] = [];
    for (const target of targets(build)) {
      const c = cases.find(
        (c) =>
          c.phase === "matrix" &&
          c.path === target.path &&
          c.method === "GET" &&
          c.ua === "browser",
      );
      const status = c ? answers[c.id]?.status : undefined;
      if (status !== target.expect) wrong.push(`${target.path}: ${status}, not ${target.expect}`);
    }
    expect(wrong).toEqual([]);
    expect(build.assets.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  });

  it("sends the whole matrix: every target, method, body size, agent, value and segment", () => {
    const { build, cases } = ran();
    const sent = (test: (c: Case) => boolean) => cases.some(test);
    const missing: string[] = [];
    for (const target of targets(build)) {
      for (const method of METHODS) {
        if (!sent((c) => c.path === target.path && c.method === method && c.ua === "browser"))
          missing.push(`${method} ${target.path}`);
      }
      if (!sent((c) => c.phase === "query" && c.target === target.name))
        missing.push(`hostile query values on ${target.path}`);
      for (const name of target.params ?? []) {
        for (const value of HOSTILE_VALUES) {
          if (!sent((c) => c.path === `${target.path}?${name}=${value}`))
            missing.push(`${target.path}?${name}=${value.slice(0, 20)}`);
        }
      }
    }
    for (const value of HOSTILE_VALUES) {
      if (!sent((c) => c.phase === "query" && c.path.endsWith(value)))
        missing.push(`the value ${value.slice(0, 20)}`);
    }
    for (const place of SEGMENT_PLACES) {
      for (const segment of HOSTILE_SEGMENTS) {
        if (!sent((c) => c.path === place(segment))) missing.push(place(segment.slice(0, 20)));
      }
    }
    expect(missing).toEqual([]);
    expect(new Set(cases.map((c) => c.bodySize))).toEqual(new Set([0, SMALL_BODY, LARGE_BODY]));
    expect(new Set(cases.map((c) => c.ua))).toEqual(new Set(Object.keys(USER_AGENTS)));
  });
});

describe("every answer of the real server", () => {
  it("leaves no error of the runtime in the server's log (uncaught, unhandled, cross-request I/O)", () => {
    ran();
    const errors = runtimeErrors(site?.output() ?? "");
    expect(errors.slice(0, 5), `${errors.length} error line(s) in the server's log`).toEqual([]);
  });

  for (const [check, description] of Object.entries(CHECKS) as [Check, string][]) {
    it(description, () => {
      const { failures, cases } = ran();
      const lines = report(failures.filter((failure) => failure.check === check));
      expect(
        lines,
        `${lines.length} kind(s) of failure in ${cases.length} requests (FUZZ_SEED=${hex(SEED)})`,
      ).toEqual([]);
    });
  }
});

describe("the checks catch what they look for (a check that never fires proves nothing)", () => {
  const origin = "http://127.0.0.1:8787";
  const SAFE: Record<string, string> = {
    "Content-Security-Policy":
      "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    "Content-Type": "text/html; charset=utf-8",
  };
  const answer = (status: number, body = "", extra: Record<string, string> = {}): Answer => {
    const all = { ...SAFE, ...extra };
    const headers = new Headers();
    const raw = new Map<string, string[]>();
    for (const [name, value] of Object.entries(all)) {
      raw.set(name.toLowerCase(), [value]);
      try {
        headers.set(name, value);
      } catch {
        // A control character: only the raw value holds it, as from a real socket.
      }
    }
    return { status, headers, raw, body, ms: 1 };
  };
  const get = (path: string, method = "GET"): Case => ({
    id: 0,
    phase: "matrix",
    target: "test",
    method,
    path,
    bodySize: 0,
    ua: "browser",
    headers: {},
    pair: path,
  });
  const rules = staticHeaderRules(
    "/*\n  X-Content-Type-Options: nosniff\n  Cache-Control: no-cache\n/*.svg\n  Content-Security-Policy: default-src 'none'\n",
    new Set(["/favicon.svg"]),
  );
  const context: CheckContext = {
    origin,
    root: "/work/project",
    secrets: ["s3cret-token-value"],
    staticHeaders: rules,
  };
  const kinds = (c: Case, a: Answer) => checkAnswer(c, a, context).map((p) => p.check);

  it("passes a good answer, escaped payloads included", () => {
    const body = `<p>Page not found: /&lt;script&gt;${XSS_MARKER}()&lt;/script&gt; onerror=${XSS_MARKER}</p>`;
    expect(kinds(get("/x"), answer(404, body))).toEqual([]);
    const attribute = `<input name="q" value="&quot;&gt;&lt;img src=x onerror=${XSS_MARKER}()&gt;"/>`;
    expect(kinds(get("/x"), answer(200, attribute))).toEqual([]);
    expect(kinds(get("/x"), answer(303, "", { Location: "/contact" }))).toEqual([]);
    expect(kinds(get("/x/"), answer(301, "", { Location: `${origin}/x` }))).toEqual([]);
    expect(kinds(get("/x", "OPTIONS"), answer(204, "", { Allow: "GET, HEAD" }))).toEqual([]);
  });

  it("catches 5xx, no answer, leaks and secrets", () => {
    expect(kinds(get("/"), answer(500))).toContain("answer");
    expect(kinds(get("/"), answer(503))).toContain("answer");
    // The site's "try again": a service it needs did not answer in time.
    expect(kinds(get("/"), answer(503, "", { "Retry-After": "5" }))).toEqual([]);
    expect(kinds(get("/"), { ...answer(0), error: "ECONNRESET" })).toEqual(["answer"]);
    expect(kinds(get("/"), { ...answer(200, "<!DOCTYPE html><p>Half"), cutOff: true })).toEqual([
      "answer",
    ]);
    const proxy =
      "Error: Network connection lost.\n    at async Object.fetch (file:///work/project/node_modules/miniflare/dist/src/workers/core/entry.worker.js:1:2)";
    expect(kinds(get("/"), answer(500, proxy, { "Content-Type": "text/plain" }))).toContain("leak");
    expect(kinds(get("/"), answer(200, "TypeError: x is undefined"))).toEqual(["leak"]);
    expect(kinds(get("/"), answer(200, "at render (/work/project/worker/app.ts:12:3)"))).toEqual([
      "leak",
    ]);
    expect(kinds(get("/"), answer(200, "token s3cret-token-value"))).toEqual(["leak"]);
  });

  it("catches the runtime's own errors in the server's log, not the worker's log lines nor the local trace collector's", () => {
    const log = [
      "[mf:info] GET /contact 200 OK (12ms)",
      '\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1m{"level":"error","message":"Page not found: /x","status":404}\u001b[0m',
      '▲ [WARNING] {"level":"warn","message":"Content unavailable; serving the last good result","error":"Error: Network connection lost."}',
      "✘ [ERROR] NOSENTRY V8 message callback; message = Uncaught Error: Cannot perform I/O on behalf of a different request. (I/O type: UserTraceAsyncContext)",
      "✘ [ERROR] kj::getCaughtExceptionAsKj() = rust/cxx/kj-rs-io/ffi.rs:176: disconnected: write(): Broken pipe (os error 32)",
      "Uncaught (in promise) Error: Network connection lost.",
      "✘ [ERROR] exception = workerd/io/trace-stream.c++:841: disconnected: jsg.Error: The destination execution context for this tail session was canceled while the call was still running.",
      "✘ [ERROR] The Workers runtime canceled this request because it detected that your Worker's code had hung and would never generate a response.",
    ].join("\n");
    const errors = runtimeErrors(log);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain("Cannot perform I/O");
    expect(errors.join("\n")).not.toContain('"level"');
  });

  it("catches redirects off the origin and control characters in Location", () => {
    for (const location of [
      "/\t/evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
    ]) {
      expect(kinds(get("/"), answer(303, "", { Location: location })), location).toEqual([
        "redirect",
      ]);
    }
    expect(kinds(get("/"), answer(303, "", { Location: "/a\nb" }))).toEqual(["redirect"]);
  });

  it("catches unescaped payloads, long echoes and injected headers", () => {
    for (const body of [
      `<p><script>${XSS_MARKER}()</script></p>`,
      `<p>"><img src=x onerror=${XSS_MARKER}()></p>`,
      `<input value=""><img alt="x" src=x onerror=${XSS_MARKER}()>`,
      `<img src=x onerror='${XSS_MARKER}()'>`,
      `<p>'><svg/onload=${XSS_MARKER}()></p>`,
      `<a href="javascript:${XSS_MARKER}()">`,
      `<p>${LONG}</p>`,
    ]) {
      expect(kinds(get("/"), answer(404, body)), body.slice(0, 40)).toEqual(["reflection"]);
    }
    expect(kinds(get("/"), answer(404, "", { "Set-Cookie": "fuzz=1" }))).toContain("reflection");
  });

  it("catches missing security headers, on worker answers and static files", () => {
    const bare = answer(404);
    bare.headers.delete("Content-Security-Policy");
    expect(kinds(get("/"), bare)).toEqual(["headers"]);
    expect(rules("/favicon.svg?x=1")).toEqual(
      new Map([
        ["x-content-type-options", "nosniff"],
        ["content-security-policy", "default-src 'none'"],
      ]),
    );
    expect(rules("/contact")).toBeUndefined();
    const svg = answer(200, "<svg/>", { "Content-Security-Policy": "default-src 'none'" });
    expect(kinds(get("/favicon.svg"), svg)).toEqual([]);
    svg.headers.delete("X-Content-Type-Options");
    expect(kinds(get("/favicon.svg"), svg)).toEqual(["headers"]);
  });

  it("catches writes not refused as read-only pages refuse them", () => {
    expect(kinds(get("/", "DELETE"), answer(200))).toEqual(["methods"]);
    expect(kinds(get("/", "DELETE"), answer(405, "", { Allow: "GET, HEAD" }))).toEqual([]);
    expect(kinds(get("/", "HEAD"), answer(200, "body"))).toEqual(["methods"]);
  });

  it("catches answers that differ by user agent and may be shared at the edge", () => {
    const edge = { "Cloudflare-CDN-Cache-Control": "public, max-age=60" };
    const page = answer(404, "<!DOCTYPE html><p>Not found</p>", edge);
    const plain = answer(404, "404 Page Not Found", { ...edge, "Content-Type": "text/plain" });
    expect(checkPair(page, plain, "GET")?.check).toBe("vary");
    expect(checkPair(page, plain, "HEAD")?.check).toBe("vary");
    expect(checkPair(page, page, "GET")).toBeUndefined();
    expect(checkPair(page, plain, "POST")).toBeUndefined();
    const marked = {
      Vary: "Accept-Encoding, User-Agent",
      "Cloudflare-CDN-Cache-Control": "private, no-store",
    };
    expect(
      checkPair(
        answer(404, "<p>Not found</p>", marked),
        answer(404, "404", { ...marked, "Content-Type": "text/plain" }),
        "GET",
      ),
    ).toBeUndefined();
    // One of the two past a rate limit: refused whoever asks, and kept from the edge.
    const limited = answer(429, "<p>Too many searches</p>", {
      "Cloudflare-CDN-Cache-Control": "no-store",
    });
    expect(checkPair(answer(200, "<p>Found</p>", edge), limited, "GET")).toBeUndefined();
    const shared = answer(429, "<p>Too many</p>", edge);
    expect(checkPair(answer(200, "<p>Found</p>", edge), shared, "GET")?.check).toBe("vary");
  });
});

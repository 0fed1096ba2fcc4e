import { beforeAll, describe, expect, it } from "vitest";
import { securityHeaderProblems } from "../support/security-headers.ts";
import { type Answer, BOT_UA, BROWSER_UA, captureLogs, POST_PATH, request } from "./harness.ts";

// A deterministic fuzz of hostile input through the real worker: what a visitor sends comes
// back escaped, no answer carries an error's details or lacks the security headers, and no
// file is served by path traversal. The generator is a seeded PRNG, so a failure names a
// request that can be replayed exactly.

/** mulberry32: small, fast, and the same sequence for the same seed on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const LONG = "a".repeat(10_000);

/** Hostile path segments and query parts, raw (the URL parser encodes what it must). */
const PAYLOADS = [
  // Path traversal.
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%2e%2e/%2e%2e/wrangler.toml",
  "..%5c..%5cwindows%5cwin.ini",
  "..\\..\\etc\\passwd",
  "%252e%252e%252f",
  ".env",
  ".dev.vars",
  // Encoded NUL and control characters.
  "%00",
  "contact%00.html",
  "%00%01%02%1f%7f",
  "a%0d%0aSet-Cookie:%20pwned=1",
  "%0d%0aLocation:%20https://evil.example",
  "a\tb",
  // Malformed percent-escapes.
  "%",
  "%%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "%ED%A0%80",
  "%FF%FE",
  "100%",
  // Long input.
  LONG,
  `${"%41".repeat(3000)}`,
  `${"../".repeat(3000)}`,
  // Unicode, right-to-left marks, emoji, homoglyphs.
  "caf\u00e9",
  "\u202Egnp.exe",
  "\u200Fcontact",
  "contact\u200B",
  "\u{1F4F8}\u{1F3D4}\uFE0F",
  "%F0%9F%93%B8",
  "\uFF43ontact",
  "\u0000",
  "\uD800",
  // Doubled slashes and dots.
  "/contact",
  "//evil.example/x",
  "post//x",
  "./contact",
  "contact/.",
  // Script and attribute payloads, raw and pre-encoded (the worker decodes parameters).
  "<script>alert(1)</script>",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  '"><img src=x onerror=alert(1)>',
  "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
  "'><svg onload=alert(1)>",
  "javascript:alert(1)",
  "javascript%3Aalert(1)",
  "</title><script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
  // A template-literal injection, spelled so that it is not one here.
  "$" + "{alert(1)}",
  "__proto__",
  "constructor",
  "Bad_Slug",
  "UPPER",
  "a--b",
  "-a",
] as const;

/** Where a payload goes: every route pattern, the query string, the API and the feeds. */
const PLACES: readonly ((payload: string) => string)[] = [
  (p) => `/${p}`,
  (p) => `/post/${p}`,
  (p) => `/a/${p}/c`,
  (p) => `/${p}/`,
  (p) => `/?q=${p}`,
  (p) => `/contact?${p}`,
  (p) => `${POST_PATH}?x=${p}#${p}`,
  (p) => `/_app/builds/meta/${p}.json`,
  (p) => `/rss.xml?${p}`,
  (p) => `/${p}/sitemap.xml`,
];

// TRACE is forbidden by the Fetch standard and FOO is unknown: a runtime may refuse to build
// those requests, which then never reach the worker (counted as handled, not as sent).
const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "FOO",
  "PROPFIND",
  "TRACE",
];

const USER_AGENTS = [
  BROWSER_UA,
  BOT_UA,
  "",
  "<script>alert(1)</script>",
  // Header values are ASCII: an encoded right-to-left mark and emoji, as a client would send them.
  "Mozilla/5.0 %E2%80%AE (compatible; %F0%9F%93%B8)",
  "x".repeat(8000),
];

/** Header-ish payloads in request headers the worker might read or reflect. */
const HEADER_SETS: readonly Record<string, string>[] = [
  {},
  { Accept: "text/html" },
  { Accept: "application/json", "Accept-Language": "<script>alert(1)</script>" },
  { Referer: "javascript:alert(1)", Cookie: "session=<script>alert(1)</script>" },
  {
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "gopher",
    Forwarded: "host=evil.example",
  },
  { "X-HTTP-Method-Override": "DELETE", "X-Original-URL": "/../../etc/passwd" },
  { "If-None-Match": '"><img src=x onerror=alert(1)>', Range: "bytes=0-1,5-" },
  { "Content-Type": "application/json" },
];

interface Outcome {
  request: string;
  problems: string[];
}

/** The headers of a real page: a baseline for testing the checks themselves. */
let KNOWN_GOOD_HEADERS: [string, string][] = [];
beforeAll(async () => {
  const res = await request("/200");
  KNOWN_GOOD_HEADERS = [...res.headers].filter(([name]) => name !== "set-cookie");
});

const STACK_TRACE = /at \S+ \(.*:\d+:\d+\)/;
const ERROR_WITH_FILE = /Error:[^<\n]*?[\w./-]+\.(?:ts|tsx|js|mjs|cjs):\d+/;
const BOUND_MS = 5_000;

/** Sends one request; returns undefined when the runtime refuses to build it (handled). */
async function probe(
  path: string,
  method: string,
  userAgent: string,
  headers: Record<string, string>,
): Promise<Outcome | undefined> {
  const body = method === "GET" || method === "HEAD" ? undefined : "<script>alert(1)</script>";
  const described = `${method} ${path.length > 120 ? `${path.slice(0, 120)}… (${path.length} chars)` : path} UA=${JSON.stringify(userAgent.slice(0, 40))} headers=${Object.keys(headers).join(",") || "-"}`;
  const started = Date.now();
  let res: Answer | undefined;
  try {
    // If the runtime rejects the request, the visitor never reaches us.
    res = await request(path, { method, userAgent, headers, body, refusable: true });
  } catch (error) {
    return { request: described, problems: [`the worker threw: ${String(error)}`] };
  }
  if (!res) return undefined;
  const elapsed = Date.now() - started;
  const problems = problemsOf(path, res.status, res.headers, res.body);
  if (elapsed >= BOUND_MS) problems.push(`took ${elapsed} ms`);
  return { request: described, problems };
}

/** What must never be in an answer to hostile input. */
function problemsOf(path: string, status: number, headers: Headers, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (text.includes("<script>alert")) problems.push("unescaped <script>alert in the body");
  if (/<img src=x/i.test(text)) problems.push("unescaped <img src=x in the body");
  if (/<svg onload/i.test(text)) problems.push("unescaped <svg onload in the body");
  // Inside a tag, an event handler runs; as escaped text it is harmless.
  if (/<[a-z][^<>]*\son\w+=\s*["']?alert/i.test(text))
    problems.push("an event handler attribute with alert(");
  if (/(?:href|src|action)=["']?\s*javascript:/i.test(text))
    problems.push("a javascript: URL in an attribute");
  if (STACK_TRACE.test(text)) problems.push("a stack trace in the body");
  if (ERROR_WITH_FILE.test(text)) problems.push("an error with a file path in the body");
  if (text.includes(LONG)) problems.push("the 10,000-character input echoed in full");
  if (headers.get("Set-Cookie")) problems.push(`Set-Cookie: ${headers.get("Set-Cookie")}`);
  const location = headers.get("Location");
  if (location !== null) {
    try {
      const target = new URL(location, "http://localhost/");
      if (target.origin !== "http://localhost") problems.push(`redirect off-site to ${location}`);
    } catch {
      problems.push(`unparseable Location ${location.slice(0, 80)}`);
    }
  }
  for (const [name, value] of headers) {
    if (/[\r\n]/.test(value)) problems.push(`header ${name} holds a line break`);
    if (/evil\.example/.test(value) && !path.includes("evil.example")) {
      problems.push(`header ${name} reflects a forwarded host: ${value.slice(0, 80)}`);
    }
  }
  if (/evil\.example/.test(text) && !path.includes("evil.example")) {
    problems.push("the body reflects a forwarded host");
  }
  const missing = securityHeaderProblems(headers);
  if (missing.length > 0) problems.push(`security headers: ${missing.join("; ")}`);
  return problems;
}

/** Runs the probes one by one and reports every failing request at once. */
async function run(
  cases: { path: string; method: string; userAgent: string; headers: Record<string, string> }[],
) {
  const failures: string[] = [];
  let sent = 0;
  const refused = new Set<string>();
  for (const { path, method, userAgent, headers } of cases) {
    const outcome = await probe(path, method, userAgent, headers);
    if (!outcome) {
      refused.add(method);
      continue;
    }
    sent += 1;
    if (outcome.problems.length > 0)
      failures.push(`${outcome.request}: ${outcome.problems.join(", ")}`);
  }
  return { failures, sent, refused };
}

describe("bad input through the real worker", () => {
  it("the checks catch what they look for (a check that never fires proves nothing)", () => {
    const safe = new Headers(KNOWN_GOOD_HEADERS);
    expect(
      problemsOf(
        "/",
        200,
        safe,
        "<p>Page not found: /&lt;script&gt;alert(1)&lt;/script&gt; onerror=alert(1)</p>",
      ),
    ).toEqual([]);
    const caught = (text: string, headers: Headers = safe, status = 200) =>
      problemsOf("/", status, headers, text).length > 0;
    expect(caught("<p><script>alert(1)</script></p>")).toBe(true);
    expect(caught('<p>"><img src=x onerror=alert(1)></p>')).toBe(true);
    expect(caught('<a title="x" onmouseover=alert(1)>')).toBe(true);
    expect(caught('<a href="javascript:alert(1)">')).toBe(true);
    expect(caught("TypeError: x is undefined\n    at render (/work/worker/app.ts:12:3)")).toBe(
      true,
    );
    expect(caught("", safe, 500)).toBe(true);
    expect(caught("", new Headers())).toBe(true);
    const offSite = new Headers(KNOWN_GOOD_HEADERS);
    offSite.set("Location", "//evil.example/");
    expect(caught("", offSite)).toBe(true);
  });

  it("every payload in every place, as a browser", async () => {
    captureLogs();
    const cases = PAYLOADS.flatMap((payload) =>
      PLACES.map((place) => ({
        path: place(payload),
        method: "GET",
        userAgent: BROWSER_UA,
        headers: {},
      })),
    );
    const { failures, sent } = await run(cases);
    expect(sent).toBeGreaterThanOrEqual(500);
    expect(failures.slice(0, 25), `${failures.length} failing requests`).toEqual([]);
  });

  it("seeded random requests: payloads, methods, user agents and header payloads", async () => {
    captureLogs();
    const random = prng(0x5eed_2026);
    const ALPHABET = [
      "a",
      "z",
      "0",
      "-",
      "_",
      "/",
      ".",
      "%",
      "%2f",
      "%00",
      "<",
      ">",
      '"',
      "'",
      "?",
      "&",
      "=",
      "#",
      "\\",
      " ",
      "\u202E",
      "\u200F",
      "\u{1F4F8}",
      "é",
      "..",
      "//",
    ];
    const cases = Array.from({ length: 600 }, (_, i) => {
      // Half the time a known payload, otherwise a random string of nasty characters, sometimes spliced.
      let payload =
        random.next() < 0.5
          ? random.pick(PAYLOADS)
          : Array.from({ length: 1 + random.int(24) }, () => random.pick(ALPHABET)).join("");
      if (random.next() < 0.2) payload += random.pick(PAYLOADS);
      return {
        path: random.pick(PLACES)(payload),
        // Every method, evenly; the rest is random.
        method: METHODS[i % METHODS.length] as string,
        userAgent: random.pick(USER_AGENTS),
        headers: random.pick(HEADER_SETS),
      };
    });
    const { failures, sent, refused } = await run(cases);
    expect(sent).toBeGreaterThanOrEqual(500);
    // workerd refuses to build a Request with a method it does not know (FOO) and may refuse
    // the forbidden TRACE; every other request reached the worker and was checked.
    expect([...refused].filter((method) => method !== "FOO" && method !== "TRACE")).toEqual([]);
    expect(failures.slice(0, 25), `${failures.length} failing requests`).toEqual([]);
  });

  it("answers read-only methods on hostile paths with the right statuses", async () => {
    for (const path of [
      "/%zz",
      "/..%2f..%2fetc%2fpasswd",
      `/${LONG}`,
      "/<script>alert(1)</script>",
    ]) {
      expect((await request(path, { method: "POST" })).status, path).toBe(405);
      expect((await request(path, { method: "OPTIONS" })).status, path).toBe(204);
      const res = await request(path, { method: "HEAD" });
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).toBe("");
    }
  });

  it("never serves a file by path traversal", async () => {
    for (const path of [
      "/../../etc/passwd",
      "/..%2f..%2fetc%2fpasswd",
      "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/..%5c..%5cetc%5cpasswd",
      "/post/..%2f..%2fwrangler.toml",
      "/%2e%2e/%2e%2e/package.json",
      "/.dev.vars",
      "/.env",
    ]) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/root:x:0:0|SANITY_TOKEN|\[vars\]|"dependencies"/);
    }
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { securityHeaderProblems } from "../support/security-headers.ts";
import {
  type Answer,
  BOT_UA,
  BROWSER_UA,
  captureLogs,
  faultEnv,
  POST_PATH,
  request,
  setFault,
  TEST_TOKEN,
} from "./harness.ts";

/** A malformed setting; visitors get the 500 error page. */
const brokenConfig = (): Env => ({ ...env, SANITY_DATASET: "Not A Valid Dataset!" });

// Every kind of response the worker makes, with the status it must have.
const KINDS: { name: string; path: string; status: number; method?: string; userAgent?: string }[] =
  [
    { name: "home page", path: "/", status: 200 },
    { name: "content page", path: "/contact", status: 200 },
    { name: "portfolio page", path: "/portfolio", status: 200 },
    { name: "post page", path: POST_PATH, status: 200 },
    { name: "HEAD of a page", path: "/", status: 200, method: "HEAD" },
    { name: "blank utility page", path: "/200", status: 200 },
    { name: "not-found utility page", path: "/404", status: 404 },
    { name: "unmatched path (404)", path: "/a/b/c", status: 404 },
    { name: "failed validity check (fatal 404)", path: "/Bad_Slug", status: 404 },
    { name: "missing page document (fatal 404)", path: "/no-such-page", status: 404 },
    { name: "missing post document (fatal 404)", path: "/post/no-such-post", status: 404 },
    { name: "bot on an unmatched path", path: "/a/b/c", status: 404, userAgent: BOT_UA },
    { name: "bot on a fatal 404", path: "/Bad_Slug", status: 404, userAgent: BOT_UA },
    { name: "trailing-slash redirect", path: "/contact/", status: 301 },
    { name: "405 on a page", path: "/", status: 405, method: "POST" },
    { name: "405 on JSON", path: "/_app/builds/latest.json", status: 405, method: "DELETE" },
    { name: "OPTIONS", path: "/contact", status: 204, method: "OPTIONS" },
    { name: "JSON", path: "/_app/builds/latest.json", status: 200 },
    { name: "JSON 404", path: "/_app/builds/meta/unknown.json", status: 404 },
    { name: "RSS feed", path: "/rss.xml", status: 200 },
    { name: "sitemap", path: "/sitemap.xml", status: 200 },
    { name: "robots.txt", path: "/robots.txt", status: 200 },
  ];

describe("security headers on every kind of worker response", () => {
  it.each(KINDS)("$name ($path)", async ({ path, status, method, userAgent }) => {
    const res = await request(path, { method, userAgent });
    expect(res.status).toBe(status);
    expect(securityHeaderProblems(res.headers)).toEqual([]);
  });

  it("a 500 error page (malformed configuration), for browsers and bots", async () => {
    captureLogs();
    for (const userAgent of [BROWSER_UA, BOT_UA]) {
      const res = await request("/", { env: brokenConfig(), userAgent });
      expect(res.status).toBe(500);
      expect(securityHeaderProblems(res.headers)).toEqual([]);
    }
  });

  it("a page and a feed while the content service fails", async () => {
    captureLogs();
    await setFault("500");
    const testEnv = faultEnv();
    for (const path of ["/", "/contact", "/rss.xml", "/sitemap.xml"]) {
      const res = await request(path, { env: testEnv });
      expect(res.status, path).toBeGreaterThanOrEqual(500);
      expect(securityHeaderProblems(res.headers), path).toEqual([]);
    }
  });
});

/** The security headers of one answer, value by value (worker/middleware/security-headers/). */
function expectSecurityHeaders(res: Answer) {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toContain("unsafe-eval");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/img-src [^;]*(https:\/\/cdn\.sanity\.io|http:\/\/127\.0\.0\.1)/);
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
  expect(res.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{7,}/);
}

describe("the security headers, value by value", () => {
  it("are on a page", async () => {
    expectSecurityHeaders(await request("/"));
  });

  it("are on an error page", async () => {
    const res = await request("/a/b/c");
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
  });

  it("are on a 405", async () => {
    expectSecurityHeaders(await request("/", { method: "POST" }));
  });

  it("are on a JSON response", async () => {
    const res = await request("/_app/builds/latest.json");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expectSecurityHeaders(res);
  });

  it("allow the inline head script by the hash of exactly what the page contains", async () => {
    const res = await request("/");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? "";
    expect(inline).toContain("color-mode");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inline));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(csp).toContain(`'sha256-${hash}'`);
  });
});

describe("the content token never leaves the worker", () => {
  const PATHS = [
    ...KINDS.map((kind) => kind.path),
    "/imprint",
    "/post",
    "/post/a/b",
    "/?token=1",
    "/_app/builds/meta/x.json",
    "/%00",
    "/%zz",
    "/.env",
    "/.dev.vars",
    "/wrangler.toml",
    "/worker/index.ts",
    "/_app",
    "/_app/builds",
    `/a/${"x".repeat(4000)}`,
  ];

  function leaks(res: Answer): string[] {
    const found: string[] = [];
    if (res.body.includes(TEST_TOKEN)) found.push("body");
    res.headers.forEach((value, name) => {
      if (value.includes(TEST_TOKEN)) found.push(`header ${name}`);
    });
    return found;
  }

  it("is configured for these tests, so the checks below mean something", () => {
    expect(env.SANITY_TOKEN).toBe(TEST_TOKEN);
  });

  it("is in no response body or header, for browsers and bots, under every method", async () => {
    const logs = captureLogs();
    for (const path of PATHS) {
      for (const userAgent of [BROWSER_UA, BOT_UA]) {
        for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
          const res = await request(path, { method, userAgent });
          expect(leaks(res), `${method} ${path.slice(0, 60)} (${userAgent.slice(0, 30)})`).toEqual(
            [],
          );
          expect(res.status, path.slice(0, 60)).toBeLessThan(500);
        }
      }
    }
    expect(logs.text()).not.toContain(TEST_TOKEN);
  });

  it("is in no response or log line when the configuration is malformed", async () => {
    const logs = captureLogs();
    const broken: Env[] = [
      brokenConfig(),
      { ...env, SANITY_PROJECT_ID: "has space" },
      { ...env, SANITY_API_VERSION: "latest" },
      { ...env, SANITY_API_HOST: "ftp://example.com" },
    ];
    // The token's value pasted into the wrong setting: the log may name that setting's bad value
    // (that is how the owner finds the mistake), but a visitor never sees it.
    const misplaced: Env[] = [
      { ...env, SANITY_DATASET: TEST_TOKEN },
      { ...env, SANITY_PROJECT_ID: `${TEST_TOKEN}!` },
    ];
    for (const testEnv of [...broken, ...misplaced]) {
      for (const path of [
        "/",
        "/contact",
        POST_PATH,
        "/a/b/c",
        "/rss.xml",
        "/sitemap.xml",
        "/robots.txt",
      ]) {
        for (const userAgent of [BROWSER_UA, BOT_UA]) {
          const res = await request(path, { env: testEnv, userAgent });
          expect(leaks(res), `${path} (${userAgent.slice(0, 30)})`).toEqual([]);
        }
      }
      if (broken.includes(testEnv)) expect(logs.text()).not.toContain(TEST_TOKEN);
    }
  });

  it("is in no response or log line when the content service fails", async () => {
    const logs = captureLogs();
    for (const mode of ["500", "invalid-json", "wrong-shape"]) {
      await setFault(mode);
      const testEnv = faultEnv();
      for (const path of ["/", "/contact", POST_PATH, "/a/b/c", "/rss.xml", "/sitemap.xml"]) {
        for (const userAgent of [BROWSER_UA, BOT_UA]) {
          const res = await request(path, { env: testEnv, userAgent });
          expect(leaks(res), `${mode}: ${path} (${userAgent.slice(0, 30)})`).toEqual([]);
        }
      }
    }
    expect(logs.text()).not.toContain(TEST_TOKEN);
  });
});

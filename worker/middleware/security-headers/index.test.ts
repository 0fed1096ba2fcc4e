import { describe, expect, it } from "vitest";
import { type Answer, request } from "../../../tests/worker/harness.ts";

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

describe("security headers", () => {
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

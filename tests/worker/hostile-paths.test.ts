// Hostile paths through the real worker in-process, for what a socket cannot send as it is
// (tests/fuzz/ drives the real local server with every route, method and payload).
import { describe, expect, it } from "vitest";
import { ORIGIN, request } from "./harness.ts";

const LONG = "a".repeat(10_000);

describe("hostile paths", () => {
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
      // Another spelling of a path is first sent to its one spelling, on the site.
      const first = await request(path);
      const location = first.status === 301 ? (first.headers.get("Location") ?? "") : undefined;
      if (location !== undefined) expect(new URL(location).origin, path).toBe(ORIGIN);
      const res = location === undefined ? first : await request(location);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/root:x:0:0|SANITY_TOKEN|\[vars\]|"dependencies"/);
    }
  });
});

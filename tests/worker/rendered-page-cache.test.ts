// The rendered-page cache (worker/middleware/html-cache/) through the whole worker: which real
// pages are kept, what a kept page still carries, and which pages are rendered every time.
import { describe, expect, it } from "vitest";
import {
  captureLogs,
  contentCalls,
  faultEnv,
  POST_PATH,
  request,
  resetFaults,
  setFault,
} from "./harness.ts";

const HIT = 'html-cache;desc="hit"';
const MISS = 'html-cache;desc="miss"';

/** The page cache's entry in Server-Timing (which also times the content generation read). */
const htmlCache = (headers: Headers) =>
  headers
    .get("Server-Timing")
    ?.split(/,\s*/)
    .find((entry) => entry.startsWith("html-cache;"));

describe("rendered pages kept while their content is fresh", () => {
  it.each(["/", "/portfolio", "/contact", POST_PATH, "/200"])(
    "serves the second view of %s without rendering it again",
    async (path) => {
      const testEnv = faultEnv();
      const first = await request(path, { env: testEnv });
      expect(first.status).toBe(200);
      expect(htmlCache(first.headers)).toBe(MISS);
      const before = await contentCalls();

      const second = await request(path, { env: testEnv });
      expect(second.status).toBe(200);
      expect(htmlCache(second.headers)).toBe(HIT);
      expect(second.body).toBe(first.body);
      expect(await contentCalls()).toBe(before);
    },
  );

  it("still sends this request's own id and the security headers on a kept page", async () => {
    const testEnv = faultEnv();
    const first = await request("/contact", { env: testEnv });
    const second = await request("/contact", { env: testEnv });
    expect(htmlCache(second.headers)).toBe(HIT);
    expect(second.headers.get("X-Request-Id")).toMatch(/\S/);
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(second.headers.get("Content-Security-Policy")).toBe(
      first.headers.get("Content-Security-Policy"),
    );
    expect(second.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(second.headers.get("Cache-Control")).toBe("no-cache");
  });

  it("keeps /200's noindex header on a kept page", async () => {
    const testEnv = faultEnv();
    await request("/200", { env: testEnv });
    const second = await request("/200", { env: testEnv });
    expect(htmlCache(second.headers)).toBe(HIT);
    expect(second.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("answers HEAD from a kept page with its status and no body", async () => {
    const testEnv = faultEnv();
    await request("/contact", { env: testEnv });
    const head = await request("/contact", { env: testEnv, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(htmlCache(head.headers)).toBe(HIT);
  });

  it("shares one page between query strings, which pages do not read", async () => {
    const testEnv = faultEnv();
    await request("/contact", { env: testEnv });
    const tagged = await request("/contact?utm_source=newsletter", { env: testEnv });
    expect(htmlCache(tagged.headers)).toBe(HIT);
  });

  it("keeps a page per origin, since its canonical URL names the origin", async () => {
    const testEnv = faultEnv();
    await request("http://localhost/contact", { env: testEnv });
    const other = await request("https://photos.example/contact", { env: testEnv });
    expect(htmlCache(other.headers)).toBe(MISS);
    expect(other.body).toContain('href="https://photos.example/contact"');
    expect(other.body).not.toContain("http://localhost/contact");
  });
});

describe("pages that are not kept", () => {
  it("renders again once the content is no longer fresh", async () => {
    const testEnv = faultEnv({ CONTENT_FRESH_SECONDS: "0" });
    await request("/contact", { env: testEnv });
    const second = await request("/contact", { env: testEnv });
    expect(second.status).toBe(200);
    expect(htmlCache(second.headers)).toBeUndefined();
  });

  it("does not keep a page rendered without its slideshow after a failed lookup", async () => {
    const logs = captureLogs();
    const testEnv = faultEnv();
    await setFault("500");
    const degraded = await request("/200", { env: testEnv });
    expect(degraded.status).toBe(200);
    expect(degraded.body).not.toContain('class="backdrop"');
    expect(htmlCache(degraded.headers)).toBeUndefined();
    expect(logs.lines("error")).toHaveLength(1);

    await resetFaults();
    const recovered = await request("/200", { env: testEnv });
    expect(recovered.body).toContain('class="backdrop"');
    expect(htmlCache(recovered.headers)).toBe(MISS);
  });

  it("does not keep not-found pages", async () => {
    const testEnv = faultEnv();
    for (let i = 0; i < 2; i++) {
      const missing = await request("/no-such-page", { env: testEnv });
      expect(missing.status).toBe(404);
      expect(htmlCache(missing.headers)).toBeUndefined();
    }
  });

  it("keeps environments apart", async () => {
    const german = faultEnv({ SITE_LANGUAGE: "de" });
    await request("/contact", { env: faultEnv() });
    const other = await request("/contact", { env: german });
    expect(htmlCache(other.headers)).toBe(MISS);
    expect(other.body).toContain('<html lang="de">');
  });
});

import { describe, expect, it } from "vitest";
import {
  captureLogs,
  contentCalls,
  faultEnv,
  POST_PATH,
  request,
  resetFaults,
  setFault,
} from "../../../tests/worker/harness.ts";
import { ByteLru } from "../../lib/byte-lru.ts";
import { type CachedPage, freshPage } from "./index.ts";

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

describe("the page store", () => {
  const page = (body: string, expires = Number.POSITIVE_INFINITY) => ({
    body,
    headers: {},
    expires,
  });

  it("forgets a page once it expires", () => {
    const store = new ByteLru<CachedPage>(1000);
    store.set("a", page("<p>a</p>", 1000), 8);
    expect(freshPage(store, "a", 999)?.body).toBe("<p>a</p>");
    expect(freshPage(store, "a", 1000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("drops the least recently used page beyond its size", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("b", page("bbbb"), 4);
    freshPage(store, "a", 0);
    store.set("c", page("cccc"), 4);
    expect(freshPage(store, "b", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
    expect(freshPage(store, "c", 0)?.body).toBe("cccc");
    expect(store.bytes).toBe(8);
  });

  it("refuses a page larger than all of it, keeping the others", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("huge", page("x".repeat(11)), 11);
    expect(freshPage(store, "huge", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
  });
});

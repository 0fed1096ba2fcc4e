import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pages, posts } from "../../demo/content.ts";
import { escapeXml } from "../../worker/lib/xml.ts";
import { type Answer, BOT_UA, captureLogs, ORIGIN, request } from "./harness.ts";

/** The text of every element with that tag, in document order. */
function allOf(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "g"))].map(
    (match) => match[1] ?? "",
  );
}

/** A tiny well-formedness check: every open tag is closed in order, and `&` only starts an entity. */
function expectWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  for (const [, closing, name, , selfClosing] of body.matchAll(
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g,
  )) {
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name ?? "");
  }
  expect(stack).toEqual([]);
  expect(body).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i);
}

const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function expectSecurityHeaders(res: Answer): void {
  expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
}

describe("/sitemap.xml", () => {
  it("lists home, every page and every post with absolute URLs and dates", async () => {
    const res = await request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    // Asked again by a browser each time, as pages are: a publish shows on the next read.
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expectSecurityHeaders(res);
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expectWellFormed(xml);

    const locs = allOf(xml, "loc");
    expect(locs[0]).toBe(`${ORIGIN}/`);
    for (const slug of ["contact", "portfolio", "imprint"])
      expect(locs).toContain(`${ORIGIN}/${slug}`);
    for (const page of pages) expect(locs).toContain(`${ORIGIN}/${page.slug}`);
    for (const post of posts) expect(locs).toContain(`${ORIGIN}/post/${post.slug}`);
    // Then the collection pages and every photograph's page (tests/worker/discovery.test.ts).
    const documents = locs.slice(0, 1 + pages.length + posts.length);
    expect(documents.filter((loc) => /\/(photos|tags?|camera|lens)(\/|$)/.test(loc))).toEqual([]);
    for (const loc of locs) expect(loc).toMatch(/^http:\/\/localhost\//);

    const lastmods = allOf(xml, "lastmod");
    expect(lastmods.length).toBeGreaterThanOrEqual(posts.length);
    for (const date of lastmods) expect(Number.isNaN(Date.parse(date))).toBe(false);
  });

  it("uses the request's origin", async () => {
    const res = await request("https://photos.example.org/sitemap.xml", { userAgent: BOT_UA });
    expect(res.status).toBe(200);
    expect(allOf(res.body, "loc")[0]).toBe("https://photos.example.org/");
  });

  it("answers /sitemap-{n}.xml itself: a file past the last one is not found, not a page", async () => {
    // The demo's sitemap is one file: its split files do not exist, and say so plainly.
    const res = await request("/sitemap-1.xml", { userAgent: BOT_UA });
    expect(res.status).toBe(404);
    expect(res.body).toBe("Not found\n");
  });
});

describe("/rss.xml", () => {
  it("is an RSS 2.0 feed of the posts", async () => {
    const res = await request("/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    expectSecurityHeaders(res);
    const xml = res.body;
    expectWellFormed(xml);
    expect(xml).toMatch(
      /<rss version="2\.0" xmlns:atom="http:\/\/www\.w3\.org\/2005\/Atom" xmlns:media="http:\/\/search\.yahoo\.com\/mrss\/">/,
    );
    expect(xml).toContain(
      `<atom:link href="${ORIGIN}/rss.xml" rel="self" type="application/rss+xml"/>`,
    );

    const channel = allOf(xml, "channel")[0] ?? "";
    const head = channel.split("<item>")[0] ?? "";
    expect(allOf(head, "title")[0]).toBe("Jane Doe Photography");
    expect(allOf(head, "link")[0]).toBe(`${ORIGIN}/`);
    expect(allOf(head, "description")[0]).toBe("Capturing moments in time.");

    const items = allOf(channel, "item");
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items).toHaveLength(posts.length);
    for (const item of items) {
      const link = allOf(item, "link")[0] ?? "";
      expect(link).toMatch(/^http:\/\/localhost\/post\/[a-z0-9-]+$/);
      expect(item).toContain(`<guid isPermaLink="true">${link}</guid>`);
      expect(allOf(item, "title")[0]).toBeTruthy();
      expect(allOf(item, "pubDate")[0]).toMatch(RFC_822);
    }
    for (const post of posts) {
      const item = items.find((text) => text.includes(`/post/${post.slug}</link>`));
      expect(item, post.slug).toBeDefined();
      expect(allOf(item ?? "", "title")[0]).toBe(escapeXml(post.title));
      expect(allOf(item ?? "", "description")[0]).toBe(escapeXml(post.excerpt));
    }
    // Newest first.
    const dates = items.map((item) => Date.parse(allOf(item, "pubDate")[0] ?? ""));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });
});

describe("a reader or crawler that has the file already", () => {
  it("is answered 304 without it, for the feed and the sitemap", async () => {
    for (const path of ["/rss.xml", "/sitemap.xml"]) {
      const first = await request(path);
      const tag = first.headers.get("ETag");
      expect(tag, path).toMatch(/^".+"$/);
      const again = await request(path, { headers: { "If-None-Match": tag ?? "" } });
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBe("");
      expect(again.headers.get("Cache-Control"), path).toBe(first.headers.get("Cache-Control"));
      expect((await request(path, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
    }
  });
});

describe("/robots.txt", () => {
  it("is served by the worker and points to the absolute sitemap", async () => {
    const res = await request("/robots.txt", { userAgent: BOT_UA });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expectSecurityHeaders(res);
    const text = res.body;
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);
    // A crawler's reading (RFC 9309: the longest rule that matches wins, `$` ends a rule):
    // the two blank pages are kept out, pages whose names begin as theirs are not.
    const rules = [...text.matchAll(/^(Allow|Disallow): (\S+)$/gm)].map(([, kind, rule = ""]) => ({
      allow: kind === "Allow",
      rule,
      matches: (path: string) =>
        rule.endsWith("$") ? path === rule.slice(0, -1) : path.startsWith(rule),
    }));
    const crawled = (path: string) =>
      rules.filter((rule) => rule.matches(path)).sort((a, b) => b.rule.length - a.rule.length)[0]
        ?.allow ?? true;
    expect(["/200", "/404"].map(crawled)).toEqual([false, false]);
    expect(["/", "/2001", "/404-series/photo/a1", "/post/x"].map(crawled)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});

describe("when the content service fails", () => {
  // An unknown dataset: the demo service answers 404 like Sanity (not retried, not cached).
  const broken = () => ({ ...env, SANITY_DATASET: "feeds-missing-dataset" });

  it.each(["/sitemap.xml", "/rss.xml"])(
    "%s answers 503 with Retry-After and no details",
    async (path) => {
      const logs = captureLogs();
      const res = await request(path, { env: broken(), userAgent: BOT_UA });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
      expectSecurityHeaders(res);
      expect(res.body.length).toBeLessThan(200);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
      expect(res.body).not.toContain("feeds-missing-dataset");
      expect(logs.lines("error")).toHaveLength(1);
      expect(logs.text("error")).toContain(`"path":"${path}"`);
    },
  );

  it("robots.txt needs no content", async () => {
    const res = await request("/robots.txt", { env: broken(), userAgent: BOT_UA });
    expect(res.status).toBe(200);
  });
});

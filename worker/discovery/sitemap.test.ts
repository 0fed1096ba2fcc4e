import { describe, expect, it } from "vitest";
import {
  type SitemapEntry,
  sitemapEntries,
  sitemapIndexXml,
  splitSitemap,
  urlsetXml,
  urlXml,
} from "./sitemap.ts";

const entries = (count: number): SitemapEntry[] =>
  Array.from({ length: count }, (_, i) => ({ loc: `https://example.com/p/${i}` }));

describe("the sitemap's files", () => {
  it("is one file within the limits", () => {
    expect(splitSitemap(entries(3))).toHaveLength(1);
    expect(splitSitemap([])).toEqual([[]]);
  });

  it("splits by the number of addresses, keeping their order", () => {
    const files = splitSitemap(entries(7), { urls: 3, bytes: 1e9 });
    expect(files.map((file) => file.length)).toEqual([3, 3, 1]);
    expect(files.flat()).toEqual(entries(7));
  });

  it("splits by bytes, counting the XML around the addresses, and never leaves a file empty", () => {
    const one = new TextEncoder().encode(urlsetXml(entries(1))).length;
    const line = new TextEncoder().encode(urlXml(entries(1)[0] as SitemapEntry)).length;
    const files = splitSitemap(entries(5), { urls: 1000, bytes: one + line });
    expect(files.map((file) => file.length)).toEqual([2, 2, 1]);
    for (const file of files) {
      expect(new TextEncoder().encode(urlsetXml(file)).length).toBeLessThanOrEqual(one + line);
    }
    // An address longer than the limit still gets a file of its own.
    expect(splitSitemap(entries(2), { urls: 10, bytes: 10 })).toHaveLength(2);
  });

  it("writes photographs with the image extension, escaped", () => {
    const xml = urlsetXml([
      { loc: "https://example.com/a?b=1&c=2", image: "https://cdn.example/i.jpg?w=1&h=2" },
    ]);
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).toContain(
      "<url><loc>https://example.com/a?b=1&amp;c=2</loc><image:image><image:loc>https://cdn.example/i.jpg?w=1&amp;h=2</image:loc></image:image></url>",
    );
  });

  it("indexes its files", () => {
    const xml = sitemapIndexXml([
      { loc: "https://example.com/sitemap-1.xml", lastmod: new Date("2026-01-01T00:00:00Z") },
      { loc: "https://example.com/sitemap-2.xml" },
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain(
      "<sitemap><loc>https://example.com/sitemap-1.xml</loc><lastmod>2026-01-01T00:00:00.000Z</lastmod></sitemap>",
    );
  });
});

describe("the sitemap's addresses", () => {
  it("leave out a page whose address is the site's own, and its photographs' pages", () => {
    const page = (slug: string) => ({ slug, title: slug, _updatedAt: "2026-01-01T09:00:00Z" });
    const entries = sitemapEntries(
      {
        index: { pages: ["about", "map", "de", "404"].map(page), posts: [], nextScheduled: null },
        collection: { photos: [], nextScheduled: null },
      },
      "https://example.com",
      { fixed: () => ({ url: "", width: 0, height: 0 }) },
      { base: "en", languages: ["en", "de"] },
    );
    const listed = entries.map((entry) => entry.loc);
    expect(listed).toContain("https://example.com/about");
    expect(listed).toContain("https://example.com/de/about");
    for (const own of ["/map", "/de/map", "/404", "/de/de"]) {
      expect(listed).not.toContain(`https://example.com${own}`);
    }
    // The German home page once, not a page "de" too.
    expect(listed.filter((loc) => loc === "https://example.com/de")).toHaveLength(1);
  });

  it("date a post edited before its scheduled publication by the publication, and the home page too", () => {
    const entries = sitemapEntries(
      {
        index: {
          pages: [],
          posts: [
            {
              slug: "spring",
              _updatedAt: "2026-01-01T09:00:00Z",
              publishedAt: "2026-01-10T09:00:00Z",
            },
          ],
          nextScheduled: null,
        },
        collection: { photos: [], nextScheduled: null },
      },
      "https://example.com",
      { fixed: () => ({ url: "", width: 0, height: 0 }) },
      { base: "en", languages: ["en"] },
    );
    const published = new Date("2026-01-10T09:00:00Z");
    expect(
      entries.find((entry) => entry.loc === "https://example.com/post/spring")?.lastmod,
    ).toEqual(published);
    expect(entries.find((entry) => entry.loc === "https://example.com/")?.lastmod).toEqual(
      published,
    );
  });
});

import { describe, expect, it } from "vitest";
import { inLanguage, paths, splitLanguage } from "./paths.ts";

describe("paths", () => {
  it("spells every internal address the routes answer", () => {
    expect(paths.home()).toBe("/");
    expect(paths.page("contact")).toBe("/contact");
    expect(paths.post("a-walk")).toBe("/post/a-walk");
    expect(paths.archive()).toBe("/archive");
    expect(paths.archive(1)).toBe("/archive");
    expect(paths.archive(3)).toBe("/archive/page/3");
    expect(paths.rss()).toBe("/rss.xml");
    expect(paths.sitemap()).toBe("/sitemap.xml");
  });

  it("spells the contact page, about a photograph too, and where an inquiry lands", () => {
    expect(paths.contact()).toBe("/contact");
    expect(paths.contact("portfolio/b2i6")).toBe("/contact?photo=portfolio/b2i6");
    expect(paths.contactAbout("page", "portfolio", "b2i6")).toBe("/contact?photo=portfolio/b2i6");
    expect(paths.contactAbout("post", "a-walk", "cover")).toBe("/contact?photo=post/a-walk/cover");
    expect(paths.contactThanks()).toBe("/contact/thanks");
  });

  it("names the document and the photograph in a photograph's address", () => {
    expect(paths.photo("page", "portfolio", "b2i1")).toBe("/portfolio/photo/b2i1");
    expect(paths.photo("post", "a-walk", "cover")).toBe("/post/a-walk/photo/cover");
  });
});

describe("addresses in the site's languages", () => {
  it("gives every address but the language-neutral ones a copy per further language", () => {
    expect(inLanguage("/", "de", "en")).toBe("/de");
    expect(inLanguage("/post/a-walk", "de", "en")).toBe("/de/post/a-walk");
    expect(inLanguage("/search?q=alps#results", "ar", "en")).toBe("/ar/search?q=alps#results");
    expect(inLanguage("/post/a-walk", "en", "en")).toBe("/post/a-walk");
    for (const neutral of [
      "/_app/builds/latest.json",
      "/assets/entry.js",
      "/g/abc",
      "/robots.txt",
    ]) {
      expect(inLanguage(neutral, "de", "en")).toBe(neutral);
    }
    expect(inLanguage("/sitemap-2.xml", "de", "en")).toBe("/sitemap-2.xml");
    expect(inLanguage("/map/data.json?tag=x", "de", "en")).toBe("/map/data.json?tag=x");
    expect(inLanguage("/de/contact", "fr", "en")).toBe("/de/contact");
    expect(inLanguage("#main", "de", "en")).toBe("#main");
    expect(inLanguage("//example.com/x", "de", "en")).toBe("//example.com/x");
  });

  it("reads the language off an address, never off a neutral one", () => {
    expect(splitLanguage("/de/post/a-walk")).toEqual({ language: "de", path: "/post/a-walk" });
    expect(splitLanguage("/de")).toEqual({ language: "de", path: "/" });
    expect(splitLanguage("/design")).toEqual({ path: "/design" });
    expect(splitLanguage("/de/robots.txt")).toEqual({ path: "/de/robots.txt" });
    expect(splitLanguage("/xx/post/a")).toEqual({ path: "/xx/post/a" });
  });
});

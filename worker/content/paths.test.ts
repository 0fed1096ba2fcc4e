import { describe, expect, it } from "vitest";
import { paths } from "./paths.ts";

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

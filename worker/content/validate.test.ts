import { describe, expect, it } from "vitest";
import {
  nextScheduled,
  parseBackgroundImages,
  parseHome,
  parsePage,
  parsePostAnswer,
  parseSiteIndex,
} from "./validate.ts";

const asset = {
  _id: "image-a-10x10-jpg",
  url: "https://cdn.sanity.io/a.jpg",
  width: 10,
  height: 10,
  lqip: null,
  color: null,
  altText: null,
  title: null,
  creditLine: null,
};
const image = (fields: Record<string, unknown>) => ({
  _key: "k",
  _type: "image",
  alt: null,
  caption: null,
  crop: null,
  hotspot: null,
  asset,
  ...fields,
});
const SOON = "2030-01-01T00:00:00Z";

describe("content parsers", () => {
  it("tell a missing document (null) from a malformed answer (undefined)", () => {
    expect(parsePage(null)).toBeNull();
    expect(parsePage({ slug: "a" })).toBeUndefined();
    expect(parsePostAnswer({ post: null, nextScheduled: null })).toEqual({
      post: null,
      nextScheduled: null,
    });
    expect(parsePostAnswer("nonsense")).toBeUndefined();
  });

  it("drop an asset without a size, and a crop or hotspot with a side missing", () => {
    const page = parsePage({
      title: "A",
      slug: "a",
      description: null,
      _updatedAt: "2026-01-01T00:00:00Z",
      body: [
        image({ _key: "whole", crop: { top: 0, bottom: 0.1, left: 0, right: 0 } }),
        image({ _key: "sizeless", asset: { ...asset, width: null } }),
        image({ _key: "half-crop", crop: { top: 0.1 }, hotspot: { x: 0.5, y: 0.5 } }),
        null,
        { _key: "g", _type: "gallery", title: null, images: [image({ _key: "in" }), null] },
      ],
    });
    const body = page?.body ?? [];
    expect(body.map((block) => block._key)).toEqual(["whole", "sizeless", "half-crop", "g"]);
    const [whole, sizeless, halfCrop, gallery] = body;
    expect(whole && "crop" in whole && whole.crop).toMatchObject({ bottom: 0.1 });
    expect(sizeless && "asset" in sizeless && sizeless.asset).toBeNull();
    expect(halfCrop && "crop" in halfCrop && [halfCrop.crop, halfCrop.hotspot]).toEqual([
      null,
      null,
    ]);
    expect(gallery && "images" in gallery && gallery.images?.map((one) => one._key)).toEqual([
      "in",
    ]);
  });

  it("leave an undated post out of a list and keep when the next post goes live", () => {
    const home = parseHome({
      posts: [
        {
          title: "Dated",
          slug: "dated",
          publishedAt: "2026-01-01",
          excerpt: null,
          mainImage: null,
        },
        { title: "Draft", slug: "draft", publishedAt: null, excerpt: null, mainImage: null },
      ],
      nextScheduled: SOON,
    });
    expect(home?.posts.map((post) => post.slug)).toEqual(["dated"]);
    expect(nextScheduled(home)).toBe(Date.parse(SOON));
  });

  it("leave entries without a slug out of the site index", () => {
    const index = parseSiteIndex({
      pages: [
        { slug: "a", title: "A", _updatedAt: "x" },
        { slug: null, title: null },
      ],
      posts: [{ slug: null, publishedAt: null, _updatedAt: "x" }],
      nextScheduled: null,
    });
    expect(index?.pages.map((page) => page.slug)).toEqual(["a"]);
    expect(index?.posts).toEqual([]);
  });

  it("keep only slideshow assets a rendition can be made of", () => {
    expect(parseBackgroundImages([asset, { ...asset, url: null }, 3])).toEqual([asset]);
    expect(parseBackgroundImages({})).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { imageUrls } from "./image-urls.ts";
import type { ImageAsset } from "./model.ts";

const config = { projectId: "demo", dataset: "production", apiHost: undefined };

/** An asset uploaded whole in the Studio, 6000 × 4000, before `npm run import -- --originals`. */
const asset: ImageAsset = {
  _id: `image-${"a".repeat(40)}-6000x4000-jpg`,
  url: "https://cdn.sanity.io/images/demo/production/a-6000x4000.jpg",
  width: 6000,
  height: 4000,
  lqip: null,
  color: null,
  altText: null,
  title: null,
  creditLine: null,
};
const portrait = {
  ...asset,
  _id: `image-${"b".repeat(40)}-4000x6000-jpg`,
  width: 4000,
  height: 6000,
};

/** The width and height every address asks for (`w`, `h`), the long edge of each. */
const longEdges = (urls: string[]) =>
  urls.map((url) => {
    const params = new URL(url).searchParams;
    const w = Number(params.get("w"));
    const h = Number(params.get("h")) || 0;
    return Math.max(w, h);
  });

describe("image addresses", () => {
  it("ask for no more than the public size on the long edge, whatever the asset holds", () => {
    for (const [size, image] of [
      [2048, asset],
      [1600, asset],
      [2048, portrait],
    ] as const) {
      const urls = imageUrls(config, size);
      const source = urls.responsive({ asset: image }, { maxWidth: 6000 });
      const srcset = source.srcSet.split(", ").map((candidate) => candidate.split(" ")[0] ?? "");
      const ratio = image.height / image.width;
      for (const url of srcset) {
        const w = Number(new URL(url).searchParams.get("w"));
        expect(Math.max(w, Math.round(w * ratio)), url).toBeLessThanOrEqual(size);
      }
      expect(Math.max(source.width, source.height)).toBeLessThanOrEqual(size);
      const largest = urls.largest({ asset: image });
      const social = urls.fixed({ asset: image }, 1200, 630);
      expect(Math.max(largest.width, largest.height)).toBeLessThanOrEqual(size);
      expect(longEdges([largest.url, social.url])).toEqual([
        Math.max(largest.width, largest.height),
        1200,
      ]);
    }
  });

  it("shrink a fixed shape to the public size, saying the size it is", () => {
    const card = imageUrls(config, 640).fixed({ asset }, 1200, 630);
    expect([card.width, card.height]).toEqual([640, 336]);
    expect(longEdges([card.url])).toEqual([640]);
  });
});

import { describe, expect, it } from "vitest";
import type { BodyBlock, GalleryBlock, ImageAsset } from "./model.ts";
import { findPhoto, photoSequences } from "./photos.ts";

type Image = NonNullable<GalleryBlock["images"]>[number];

const asset = (id: string): ImageAsset => ({
  _id: id,
  url: `u/${id}`,
  width: 10,
  height: 10,
  lqip: null,
  color: null,
  altText: null,
  title: null,
  creditLine: null,
});
const image = (key: string, withAsset = true): Image => ({
  _key: key,
  _type: "image",
  title: null,
  alt: null,
  caption: null,
  forSale: null,
  crop: null,
  hotspot: null,
  asset: withAsset ? asset(key) : null,
  lang: { title: null, alt: null, caption: null },
});
const gallery = (key: string, ...images: Image[]): BodyBlock => ({
  _key: key,
  _type: "gallery",
  title: `Gallery ${key}`,
  images,
  lang: { title: null },
});
const text: BodyBlock = { _key: "t", _type: "block", children: [] };

const body: BodyBlock[] = [
  image("a"),
  text,
  gallery("g1", image("b"), image("gone", false), image("c")),
  image("d"),
  gallery("g2", image("e")),
];

describe("photo sequences", () => {
  it("browses a page gallery by gallery, and its loose photographs together", () => {
    expect(
      photoSequences("page", { body }).map(({ photos }) => photos.map((photo) => photo.key)),
    ).toEqual([["a", "d"], ["b", "c"], ["e"]]);
  });

  it("browses a post's photographs in order, cover first", () => {
    expect(
      photoSequences("post", { mainImage: image("x"), body }).map(({ photos }) =>
        photos.map((photo) => photo.key),
      ),
    ).toEqual([["cover", "a", "b", "c", "d", "e"]]);
  });

  it("finds a photograph with its neighbours and place", () => {
    const found = findPhoto("page", { body }, "b");
    expect(found?.position).toBe(1);
    expect(found?.count).toBe(2);
    expect(found?.previous).toBeUndefined();
    expect(found?.next?.key).toBe("c");
    expect(found?.galleryTitle).toBe("Gallery g1");
    expect(findPhoto("post", { mainImage: image("x"), body }, "cover")?.next?.key).toBe("a");
  });

  it("finds nothing for a missing key or a photograph whose asset is gone", () => {
    expect(findPhoto("page", { body }, "zzz")).toBeUndefined();
    expect(findPhoto("page", { body }, "gone")).toBeUndefined();
    expect(findPhoto("page", { body: null }, "a")).toBeUndefined();
  });
});

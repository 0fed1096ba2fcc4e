import { describe, expect, it } from "vitest";
import { snap } from "../../shared/location.ts";
import {
  buildCollection,
  cameraGroups,
  groupOf,
  lensGroups,
  sliceOf,
  tagGroups,
  visibleTags,
} from "./collection.ts";
import type { IndexedDocument, IndexedImage } from "./model.ts";

const HIDDEN = "Slideshow Image";

function image(
  key: string,
  id: string,
  facts: Partial<NonNullable<IndexedImage["asset"]>> = {},
): IndexedImage {
  return {
    _key: key,
    alt: `alt ${id}`,
    crop: null,
    hotspot: null,
    asset: {
      _id: `image-${id}-10x10-jpg`,
      url: `https://cdn.sanity.io/images/p/d/${id}-10x10.jpg`,
      width: 10,
      height: 10,
      color: null,
      altText: null,
      lqip: null,
      title: null,
      creditLine: null,
      ...facts,
    },
  };
}

const doc = (
  type: "page" | "post",
  slug: string,
  date: string,
  parts: Partial<Pick<IndexedDocument, "cover" | "images" | "galleries" | "limits">>,
): IndexedDocument => ({
  _type: type,
  slug,
  date,
  cover: parts.cover ?? null,
  images: parts.images ?? [],
  galleries: parts.galleries ?? [],
  limits: parts.limits ?? [],
});

const ids = (photos: { image: { asset: { _id: string } } }[]) =>
  photos.map((photo) => photo.image.asset._id.split("-")[1]);

describe("the collection", () => {
  const portfolio = doc("page", "portfolio", "2026-01-15T09:00:00Z", {
    galleries: [image("g1", "a"), image("g2", "b"), image("g3", "c")],
  });
  const post = doc("post", "walk", "2026-03-01T09:00:00Z", {
    cover: image("ignored", "b"),
    images: [image("i1", "d")],
    galleries: [image("g1", "a")],
  });

  it("lists a photograph used twice once, at its first placement", () => {
    const photos = buildCollection([post, portfolio], HIDDEN);
    expect(ids(photos).sort()).toEqual(["a", "b", "c", "d"]);
    const b = photos.find((photo) => photo.image.asset._id.includes("-b-"));
    // The portfolio (January) placed it before the post (March) made it its cover.
    expect(b).toMatchObject({ kind: "page", slug: "portfolio", key: "g2" });
    const d = photos.find((photo) => photo.image.asset._id.includes("-d-"));
    expect(d).toMatchObject({ kind: "post", slug: "walk", key: "i1" });
  });

  it("calls a post's cover `cover`", () => {
    const photos = buildCollection(
      [doc("post", "p", "2026-01-01T00:00:00Z", { cover: image("x", "z") })],
      HIDDEN,
    );
    expect(photos[0]).toMatchObject({ key: "cover", kind: "post", slug: "p" });
  });

  it("is newest first by the date taken, else by its document's date, keeping a gallery's order", () => {
    const taken = doc("page", "old", "2020-01-01T00:00:00Z", {
      galleries: [image("g1", "t", { takenAt: "2026-06-01T10:00:00.000Z" })],
    });
    const photos = buildCollection([portfolio, post, taken], HIDDEN);
    // t: taken in June; d: the post's (March); a, b, c: the portfolio's (January), in order.
    expect(ids(photos)).toEqual(["t", "d", "a", "b", "c"]);
    expect(photos[0]?.date).toBe("2026-06-01T10:00:00.000Z");
    expect(photos[1]?.date).toBe("2026-03-01T09:00:00.000Z");
  });

  it("takes the page before the post on the same day, then the lower slug", () => {
    const day = "2026-02-02T00:00:00Z";
    const photos = buildCollection(
      [
        doc("post", "a-post", day, { images: [image("i1", "x")] }),
        doc("page", "z-page", day, { images: [image("i1", "x")] }),
        doc("page", "b-page", day, { images: [image("i9", "x")] }),
      ],
      HIDDEN,
    );
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ kind: "page", slug: "b-page", key: "i9" });
  });

  it("leaves out placements without an asset, a usable key or a slug", () => {
    const photos = buildCollection(
      [
        doc("page", "ok", "2026-01-01T00:00:00Z", {
          images: [
            { ...image("i1", "gone"), asset: null },
            image("bad key!", "k"),
            image("i2", "y"),
          ],
        }),
        doc("page", "Not A Slug", "2026-01-01T00:00:00Z", { images: [image("i1", "n")] }),
        { ...doc("page", "no-date", "x", { images: [image("i1", "m")] }) },
      ],
      HIDDEN,
    );
    expect(ids(photos)).toEqual(["y"]);
  });

  it("names cameras and lenses as photographers do, and hides the slideshow's tag", () => {
    const [photo] = buildCollection(
      [
        doc("page", "p", "2026-01-01T00:00:00Z", {
          images: [
            image("i1", "c", {
              make: "NIKON CORPORATION",
              model: "NIKON D850 ",
              lens: "----",
              tags: [HIDDEN, "Landscape", "landscape", null, "Still life"],
            }),
          ],
        }),
      ],
      HIDDEN,
    );
    expect(photo?.camera).toBe("Nikon D850");
    expect(photo?.lens).toBeUndefined();
    expect(photo?.tags).toEqual(["Landscape", "Still life"]);
  });

  it("is the same whatever order the documents come in", () => {
    const one = buildCollection([portfolio, post], HIDDEN);
    const other = buildCollection([post, portfolio], HIDDEN);
    expect(other).toEqual(one);
  });
});

describe("groups of the collection", () => {
  const photos = buildCollection(
    [
      doc("page", "p", "2026-01-01T00:00:00Z", {
        images: [
          image("i1", "a", { tags: ["Macro", "Flowers"], make: "Canon", model: "Canon EOS R5" }),
          image("i2", "b", { tags: ["Macro"], lens: "RF100mm F2.8 L MACRO IS USM" }),
          image("i3", "c", { tags: ["Animals"], make: "Canon", model: "EOS R5" }),
        ],
      }),
    ],
    HIDDEN,
  );

  it("counts tags, the most used first, then by name", () => {
    expect(tagGroups(photos).map((group) => [group.name, group.slug, group.photos.length])).toEqual(
      [
        ["Macro", "macro", 2],
        ["Animals", "animals", 1],
        ["Flowers", "flowers", 1],
      ],
    );
  });

  it("groups cameras by their normalised name and lenses by theirs", () => {
    expect(cameraGroups(photos).map((group) => [group.slug, group.photos.length])).toEqual([
      ["canon-eos-r5", 2],
    ]);
    expect(lensGroups(photos).map((group) => group.slug)).toEqual(["rf100mm-f2-8-l-macro-is-usm"]);
  });

  it("finds one group by its slug, in collection order, or nothing", () => {
    expect(ids(groupOf("tag", photos, "macro")?.photos ?? [])).toEqual(["a", "b"]);
    expect(groupOf("camera", photos, "canon-eos-r5")?.name).toBe("Canon EOS R5");
    expect(groupOf("lens", photos, "rf100mm-f2-8-l-macro-is-usm")?.photos).toHaveLength(1);
    expect(groupOf("tag", photos, "nope")).toBeUndefined();
  });

  it("keeps each tag once by its slug", () => {
    expect(visibleTags(["Still life", "still-life", " Still life ", HIDDEN, "★"], HIDDEN)).toEqual([
      "Still life",
    ]);
  });
});

describe("slices", () => {
  it("cuts a list into numbered slices, at least one", () => {
    const items = Array.from({ length: 5 }, (_, i) => i);
    expect(sliceOf(items, 1, 2)).toEqual({ items: [0, 1], slices: 3 });
    expect(sliceOf(items, 3, 2)).toEqual({ items: [4], slices: 3 });
    expect(sliceOf(items, 4, 2)).toEqual({ items: [], slices: 3 });
    expect(sliceOf([], 1, 2)).toEqual({ items: [], slices: 1 });
  });
});

describe("where each photograph was made, from its stored place", () => {
  const ZUMAIA = { lat: 43.2957, lng: -2.2571 };
  const place = (precision: string, point = ZUMAIA) => ({
    ...snap(point, precision as "1km"),
    precision,
    names: {
      "1km": "Zumaia, Spain",
      "10km": "Zumaia, Spain",
      region: "Basque Country, Spain",
      country: "Spain",
    },
  });
  /** Photographs placed in a page, each with its placement's location level where it has one. */
  const build = (images: (IndexedImage & { location?: string })[]) =>
    buildCollection(
      [
        doc("page", "map", "2026-01-15T09:00:00Z", {
          galleries: images,
          limits: images.flatMap(({ asset, location }) =>
            asset && location ? [{ asset: asset._id, location, zoom: null }] : [],
          ),
        }),
      ],
      HIDDEN,
    );
  const byId = (photos: ReturnType<typeof build>) =>
    Object.fromEntries(photos.map((photo) => [ids([photo])[0], photo.location]));

  it("never shows a place finer than it was stored, and names it at the level shown", () => {
    const located = byId(
      build([
        image("a", "a", { place: place("1km") }),
        image("b", "b", { place: place("region") }),
        { ...image("c", "c", { place: place("1km") }), location: "country" },
        { ...image("d", "d", { place: place("region") }), location: "exact" },
        image("e", "e", { place: place("exact") }),
      ]),
    );
    expect(located.a).toEqual({ ...snap(ZUMAIA, "1km"), precision: "1km", place: "Zumaia, Spain" });
    expect(located.b).toMatchObject({ precision: "region", place: "Basque Country, Spain" });
    expect(located.c).toMatchObject({
      ...snap(ZUMAIA, "country"),
      precision: "country",
      place: "Spain",
    });
    expect(located.d).toMatchObject({ ...snap(ZUMAIA, "region"), precision: "region" });
    expect(located.e).toEqual({ ...ZUMAIA, precision: "exact", place: "Zumaia, Spain" });
  });

  it("names a place with no name at its level by the next coarser name, never a finer one", () => {
    const unnamed = (names: Record<string, string>) => ({
      ...snap(ZUMAIA, "10km"),
      precision: "10km",
      names,
    });
    const located = byId(
      build([
        // A cell with no town of a thousand near its centre: its region names it.
        image("r", "r", { place: unnamed({ "1km": "A hamlet", region: "Basque Country, Spain" }) }),
        image("c", "c", { place: unnamed({ country: "Spain" }) }),
        image("n", "n", { place: unnamed({ "1km": "A hamlet" }) }),
      ]),
    );
    expect(located.r).toMatchObject({ precision: "10km", place: "Basque Country, Spain" });
    expect(located.c).toMatchObject({ precision: "10km", place: "Spain" });
    expect(located.n).toEqual({ ...snap(ZUMAIA, "10km"), precision: "10km" });
  });

  it("snaps a place edited by hand to its level", () => {
    const [photo] = build([image("s", "s", { place: { ...ZUMAIA, precision: "10km" } })]);
    expect(photo?.location).toEqual({ ...snap(ZUMAIA, "10km"), precision: "10km" });
  });

  it("hides a photograph without a place, or placed once as hidden", () => {
    const located = byId(
      build([
        image("n", "n"),
        image("x", "x", { place: { ...place("1km"), precision: "hidden" } }),
        { ...image("h", "h", { place: place("1km") }), location: "hidden" },
        image("t1", "t", { place: place("1km") }),
        { ...image("t2", "t", { place: place("1km") }), location: "hidden" },
      ]),
    );
    expect(located).toEqual({ n: undefined, x: undefined, h: undefined, t: undefined });
  });

  it("holds a placement's level that only another language's copy of a page has", () => {
    const [photo] = buildCollection(
      [
        doc("page", "map", "2026-01-15T09:00:00Z", {
          galleries: [image("g", "g", { place: place("1km") })],
          limits: [{ asset: "image-g-10x10-jpg", location: "country", zoom: null }],
        }),
      ],
      HIDDEN,
    );
    expect(photo?.location).toMatchObject({ precision: "country", place: "Spain" });
  });

  it("keeps the asset's place out of the collection", () => {
    const [photo] = build([image("s", "s", { place: place("1km") })]);
    expect(photo?.image.asset).not.toHaveProperty("place");
  });
});

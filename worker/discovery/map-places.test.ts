import { describe, expect, it } from "vitest";
import { snap } from "../../shared/location.ts";
import type { CollectionPhoto } from "../content/model.ts";
import { mapData, mapPlaces } from "./map-places.ts";

const photo = (n: number, location?: CollectionPhoto["location"]): CollectionPhoto => ({
  kind: "page",
  slug: "portfolio",
  key: `k${n}`,
  date: "2026-01-01T00:00:00.000Z",
  image: {
    alt: null,
    crop: null,
    hotspot: null,
    asset: {
      _id: `image-${n}-10x10-jpg`,
      url: `https://cdn.sanity.io/images/p/d/${n}-10x10.jpg`,
      width: 10,
      height: 10,
      lqip: null,
      color: null,
      altText: null,
      title: null,
      creditLine: null,
    },
  },
  tags: [],
  ...(location ? { location } : {}),
});

describe("the map's places", () => {
  it("groups located photographs by place, the fullest first, and leaves the rest out", () => {
    const zegama = {
      ...snap({ lat: 42.95, lng: -2.34 }, "1km"),
      precision: "1km" as const,
      place: "Zegama, Spain",
    };
    const places = mapPlaces([
      photo(1, zegama),
      photo(2),
      photo(3, { lat: 43.35, lng: -1.771598, precision: "10km" }),
      photo(4, zegama),
    ]);
    expect(places.map((place) => [place.id, place.name, place.photos.length])).toEqual([
      ["place-zegama-spain", "Zegama, Spain", 2],
      ["place-43-35n-1-771598w", "43.35, -1.771598", 1],
    ]);
    expect(mapData(places).points).toEqual([
      [zegama.lng, zegama.lat, 2, 0, 1],
      [-1.771598, 43.35, 1, 1, 2],
    ]);
  });

  it("keeps apart places named in other scripts, and unnamed points either side of the equator", () => {
    const at = (lat: number, lng: number, place?: string) =>
      photo(lat, { lat, lng, precision: "10km", ...(place ? { place } : {}) });
    const places = mapPlaces([
      at(35.7, 139.7, "東京"),
      at(34.7, 135.5, "大阪"),
      at(37.98, 23.73, "Αθήνα"),
      at(-33.86, 151.2),
      at(33.86, 151.2),
      at(33.86, -151.2),
    ]);
    expect(places.map((place) => place.id).sort()).toEqual([
      "place-33-86n-151-2e",
      "place-33-86n-151-2w",
      "place-33-86s-151-2e",
      "place-αθήνα",
      "place-大阪",
      "place-東京",
    ]);
  });

  it("gives each place its point when two places share one (a cell named from either side of a border)", () => {
    const cell = snap({ lat: 42.95, lng: -2.34 }, "region");
    const places = mapPlaces([
      photo(1, { ...cell, precision: "region", place: "Basque Country, Spain" }),
      photo(2, { ...cell, precision: "region", place: "Navarre, Spain" }),
      photo(3, { ...cell, precision: "region", place: "Basque Country, Spain" }),
    ]);
    expect(places.map((place) => place.name)).toEqual(["Basque Country, Spain", "Navarre, Spain"]);
    expect(mapData(places).points).toEqual([
      [cell.lng, cell.lat, 2, 0, 3],
      [cell.lng, cell.lat, 1, 1, 3],
    ]);
  });

  it("keeps 5,000 located photographs' data for the whole world under 100 KB compressed", async () => {
    // Every photograph at a point of its own (the worst case), named after one of 500 places.
    let seed = 1;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const photos = Array.from({ length: 5_000 }, (_, n) =>
      photo(n, {
        ...snap({ lat: random() * 140 - 70, lng: random() * 360 - 180 }, "1km"),
        precision: "1km",
        place: `Town number ${n % 500}, Somewhere`,
      }),
    );
    const json = JSON.stringify(mapData(mapPlaces(photos)));
    const gzipped = await new Response(
      new Blob([json]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    expect(gzipped.byteLength).toBeLessThan(100_000);
  });
});

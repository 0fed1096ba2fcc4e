// The basemap: tiles read from the PMTiles archive in the BASEMAP bucket with range requests,
// served under the site's own origin and kept in the data centre's cache; the map's data says
// which zooms there are, and nothing at all when the bucket has no archive.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writePmtiles } from "../../scripts/basemap/pmtiles-writer.ts";
import { forgetBasemap } from "../../worker/discovery/basemap.ts";
import { request } from "./harness.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const archive = writePmtiles(
  [
    { z: 0, x: 0, y: 0, data: bytes(1, 2, 3) },
    { z: 1, x: 0, y: 0, data: bytes(4, 5) },
    { z: 1, x: 1, y: 0, data: bytes(4, 5) },
    { z: 2, x: 3, y: 1, data: bytes(6) },
  ],
  { minZoom: 0, maxZoom: 2, bounds: [-180, -85, 180, 85], center: [0, 0, 0], metadata: {} },
);

beforeAll(async () => {
  await env.BASEMAP.put("basemap.pmtiles", archive);
  forgetBasemap();
});

afterAll(async () => {
  await env.BASEMAP.delete("basemap.pmtiles");
});

describe("the basemap's tiles", () => {
  it("serves each tile of the archive under the site's origin, as a vector tile", async () => {
    for (const [path, expected] of [
      ["/map/tiles/0/0/0.mvt", [1, 2, 3]],
      ["/map/tiles/1/1/0.mvt", [4, 5]],
      ["/map/tiles/2/3/1.mvt", [6]],
    ] as const) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/vnd.mapbox-vector-tile");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=86400");
      expect([...res.bytes]).toEqual(expected);
    }
  });

  it("answers a tile asked for again from the edge cache, without reading R2", async () => {
    const first = await request("/map/tiles/1/0/0.mvt");
    expect(first.headers.get("X-Tile-Cache")).toBe("miss");
    // With the archive gone from the bucket (the isolate still knows its version), only a tile
    // that does not read R2 is still there.
    await env.BASEMAP.delete("basemap.pmtiles");
    try {
      const again = await request("/map/tiles/1/0/0.mvt");
      expect(again.headers.get("X-Tile-Cache")).toBe("hit");
      expect([...again.bytes]).toEqual([4, 5]);
    } finally {
      await env.BASEMAP.put("basemap.pmtiles", archive);
      forgetBasemap();
    }
  });

  it("answers the open sea with an empty tile, and what is past the archive with a not-found", async () => {
    const sea = await request("/map/tiles/2/0/0.mvt");
    expect(sea.status).toBe(200);
    expect(sea.bytes.length).toBe(0);
    expect((await request("/map/tiles/3/0/0.mvt")).status).toBe(404);
    expect((await request("/map/tiles/1/2/0.mvt")).status).toBe(404);
  });

  it("answers a tile the browser already has with a 304, and a tile has one address", async () => {
    const first = await request("/map/tiles/2/3/1.mvt");
    const tag = first.headers.get("ETag");
    expect(tag).toMatch(/^".+-2-3-1"$/);
    const again = await request("/map/tiles/2/3/1.mvt", {
      headers: { "If-None-Match": tag ?? "" },
    });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get("Cache-Control")).toBe("public, max-age=86400");
    // The same tile written with leading zeros would be a second copy in every cache.
    for (const path of ["/map/tiles/02/3/1.mvt", "/map/tiles/2/03/1.mvt", "/map/tiles/2/3/01.mvt"])
      expect((await request(path)).status, path).toBe(404);
  });

  it("tells the map which zooms the basemap has", async () => {
    const data = JSON.parse((await request("/map/data.json")).body) as { basemap: unknown };
    expect(data.basemap).toEqual({ minZoom: 0, maxZoom: 2, tiles: "/map/tiles/{z}/{x}/{y}.mvt" });
  });

  it("draws no basemap, and serves no tile, when the bucket has no archive", async () => {
    await env.BASEMAP.delete("basemap.pmtiles");
    forgetBasemap();
    try {
      const data = JSON.parse((await request("/map/data.json")).body) as { basemap: unknown };
      expect(data.basemap).toBeNull();
      expect((await request("/map/tiles/0/0/0.mvt")).status).toBe(404);
    } finally {
      await env.BASEMAP.put("basemap.pmtiles", archive);
      forgetBasemap();
    }
  });
});

// The demo's basemap (scripts/basemap.ts): a PMTiles archive the pmtiles reader reads back,
// zoom 0 to 5, whose tiles the map's own reader (client/map/vector-tile.ts) draws.
import { createRequire } from "node:module";
import GeoJSONVT from "geojson-vt";
import { PMTiles } from "pmtiles";
import { describe, expect, it } from "vitest";
import { decodeTile } from "../../client/map/vector-tile.ts";
import { buildBasemap } from "../../scripts/basemap.ts";

const require = createRequire(import.meta.url);
const { fromGeojsonVt } = require("vt-pbf") as {
  fromGeojsonVt: (layers: Record<string, unknown>, options?: { version?: number }) => Uint8Array;
};

describe("the demo's basemap", () => {
  it("is a PMTiles archive of vector tiles, zoom 0 to 5, with land and borders", async () => {
    const bytes = buildBasemap();
    const archive = new PMTiles({
      getKey: () => "basemap",
      getBytes: async (offset: number, length: number) => ({
        data: bytes.slice(offset, offset + length).buffer,
      }),
    });
    const header = await archive.getHeader();
    expect([header.minZoom, header.maxZoom, header.tileType]).toEqual([0, 5, 1]);
    // Europe at zoom 4: countries and the borders between them.
    const tile = await archive.getZxy(4, 8, 5);
    const layers = decodeTile(new Uint8Array(tile?.data ?? new ArrayBuffer(0)));
    expect(layers.get("earth")?.features.length).toBeGreaterThan(3);
    expect(layers.get("boundaries")?.features[0]?.type).toBe(2);
    // The open sea has no tiles: fewer than the 1,365 of zoom 0 to 5.
    expect(header.numAddressedTiles).toBeLessThan(1_365);
    expect(bytes.length).toBeLessThan(2_000_000);
  });

  it("reads what vt-pbf writes: layers, their extent, polygons closed and lines", () => {
    const square = {
      type: "Feature",
      properties: { name: "Square" },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [-90, -45],
            [90, -45],
            [90, 45],
            [-90, 45],
            [-90, -45],
          ],
        ],
      },
    };
    const line = {
      type: "Feature",
      properties: {},
      geometry: {
        type: "LineString",
        coordinates: [
          [-180, 0],
          [180, 0],
        ],
      },
    };
    const options = { maxZoom: 0, extent: 4096, buffer: 0 };
    const tile = fromGeojsonVt(
      {
        earth: new GeoJSONVT(square as never, options).getTile(0, 0, 0),
        boundaries: new GeoJSONVT(line as never, options).getTile(0, 0, 0),
      },
      { version: 2 },
    );
    const layers = decodeTile(tile);
    expect([...layers.keys()]).toEqual(["earth", "boundaries"]);
    const earth = layers.get("earth");
    expect(earth?.extent).toBe(4096);
    expect(earth?.features).toHaveLength(1);
    const [ring] = earth?.features[0]?.parts ?? [];
    expect(earth?.features[0]?.type).toBe(3);
    // A closed ring: the first point again at the end; the square spans half the width.
    expect(ring?.slice(0, 2)).toEqual(ring?.slice(-2));
    const xs = (ring ?? []).filter((_, i) => i % 2 === 0);
    expect(Math.min(...xs)).toBe(1024);
    expect(Math.max(...xs)).toBe(3072);
    const boundary = layers.get("boundaries")?.features[0];
    expect(boundary?.type).toBe(2);
    expect(boundary?.parts[0]).toEqual([0, 2048, 4096, 2048]);
  });
});

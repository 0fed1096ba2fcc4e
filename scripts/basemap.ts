// Makes the demo's basemap: one PMTiles archive of vector tiles, zoom 0 to 5, from Natural
// Earth's countries (1:50m), as the npm package world-atlas (2.0.2) packages them in TopoJSON.
// Natural Earth is in the public domain (https://www.naturalearthdata.com/about/terms-of-use/);
// world-atlas is ISC-licensed. Two layers, named as Protomaps' basemaps name theirs, so the
// site's map draws a real Protomaps extract the same way (docs/map.md): `earth` (the land, one
// polygon per country) and `boundaries` (the borders between countries).
//
//   node scripts/basemap.ts [out.pmtiles]   (default: .wrangler/basemap/world.pmtiles)
//
// `npm start` runs it when the archive is missing and loads it into the local R2 bucket.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import GeoJSONVT from "geojson-vt";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { type Tile, writePmtiles } from "./basemap/pmtiles-writer.ts";

export const BASEMAP_FILE = resolve(import.meta.dirname, "../.wrangler/basemap/world.pmtiles");
/** The object's key in the bucket (the worker reads this one: worker/discovery/basemap.ts). */
export const BASEMAP_KEY = "basemap.pmtiles";
export const MAX_ZOOM = 5;

/** vt-pbf (3.1.3, no types of its own): geojson-vt tiles by layer, as one vector tile. */
type Encode = (layers: Record<string, unknown>, options?: { version?: number }) => Uint8Array;

export function buildBasemap(): Uint8Array {
  const require = createRequire(import.meta.url);
  const { fromGeojsonVt } = require("vt-pbf") as { fromGeojsonVt: Encode };
  const world = require("world-atlas/countries-50m.json") as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const earth = feature(world, world.objects.countries);
  const borders = mesh(world, world.objects.countries, (a, b) => a !== b);
  const options = { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, extent: 4096, buffer: 64 };
  const earthIndex = new GeoJSONVT(earth as never, options);
  const borderIndex = new GeoJSONVT(
    { type: "Feature", properties: { kind: "country" }, geometry: borders } as never,
    options,
  );
  const tiles: Tile[] = [];
  for (let z = 0; z <= MAX_ZOOM; z++) {
    for (let x = 0; x < 2 ** z; x++) {
      for (let y = 0; y < 2 ** z; y++) {
        const layers: Record<string, unknown> = {};
        const land = earthIndex.getTile(z, x, y);
        const lines = borderIndex.getTile(z, x, y);
        if (land?.features.length) layers.earth = land;
        if (lines?.features.length) layers.boundaries = lines;
        // The open sea: no tile at all (the map draws water where there is none).
        if (Object.keys(layers).length === 0) continue;
        tiles.push({ z, x, y, data: fromGeojsonVt(layers, { version: 2 }) });
      }
    }
  }
  return writePmtiles(tiles, {
    minZoom: 0,
    maxZoom: MAX_ZOOM,
    bounds: [-180, -85.0511, 180, 85.0511],
    center: [0, 20, 1],
    metadata: {
      name: "Natural Earth countries",
      attribution: "Natural Earth (public domain), via world-atlas",
      vector_layers: [
        { id: "earth", minzoom: 0, maxzoom: MAX_ZOOM, fields: { name: "String" } },
        { id: "boundaries", minzoom: 0, maxzoom: MAX_ZOOM, fields: { kind: "String" } },
      ],
    },
  });
}

if (import.meta.main) {
  const out = resolve(process.argv[2] ?? BASEMAP_FILE);
  const bytes = buildBasemap();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  console.log(`Wrote ${out} (${(bytes.length / 1024).toFixed(0)} KiB).`);
}

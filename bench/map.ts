// The map (`map` rows): the map module's bytes (the only ones the map adds, on map pages only),
// the /map page's HTML and its data, compressed, and the basemap's first tile: from R2 through
// the worker's PMTiles reader, then again from the data centre's cache.
import { performance } from "node:perf_hooks";
import { moduleAddresses, sizesOf } from "./bytes.ts";
import type { Row } from "./table.ts";

const SECTION = "map";

async function timed(url: string): Promise<{ ms: number; status: number; cache: string | null }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return {
    ms: performance.now() - started,
    status: res.status,
    cache: res.headers.get("X-Tile-Cache"),
  };
}

export async function mapRows(siteUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  const page = `${siteUrl}/map`;
  const addresses = await moduleAddresses(page);
  const module = addresses?.modules.map;
  if (!module) throw new Error("The map page names no map module");
  const script = await fetch(new URL(module, siteUrl));
  const library = sizesOf(new Uint8Array(await script.arrayBuffer()));
  rows.push({
    section: SECTION,
    metric:
      "map library (client/map/, its styles inside), gzip: map pages only, after the first paint",
    value: library.gzip / 1024,
    unit: "KiB",
    digits: 1,
    budget: { op: "<=", limit: 30 },
    note: `raw ${(library.raw / 1024).toFixed(1)} KiB`,
  });
  const html = sizesOf(new Uint8Array(await (await fetch(page)).arrayBuffer()));
  rows.push({
    section: SECTION,
    metric: "/map HTML, gzip (the demo's places)",
    value: html.gzip / 1024,
    unit: "KiB",
    digits: 1,
    budget: { op: "<=", limit: 60 },
  });
  const data = sizesOf(
    new Uint8Array(await (await fetch(`${siteUrl}/map/data.json`)).arrayBuffer()),
  );
  rows.push({
    section: SECTION,
    metric:
      "/map/data.json, gzip (the demo's; 5,000 photographs: worker/discovery/map-places.test.ts, ≤ 100 KB)",
    value: data.gzip,
    unit: "B",
    digits: 0,
  });
  // A tile no earlier request of this run asked for: the first read goes to R2.
  const tile = `${siteUrl}/map/tiles/3/4/2.mvt`;
  const first = await timed(tile);
  if (first.status !== 200) throw new Error(`${tile} answered ${first.status}`);
  rows.push({
    section: SECTION,
    metric: "first tile: R2 through the PMTiles reader",
    value: first.ms,
    unit: "ms",
    digits: 1,
    note: first.cache === "miss" ? "" : `(was ${first.cache}: not the first request)`,
  });
  const again: number[] = [];
  for (let i = 0; i < 10; i++) {
    const answer = await timed(tile);
    if (answer.cache !== "hit") throw new Error(`${tile} was not answered from the cache`);
    again.push(answer.ms);
  }
  again.sort((a, b) => a - b);
  rows.push({
    section: SECTION,
    metric: "the same tile from the data centre's cache, median of 10",
    value: again[5] ?? Number.NaN,
    unit: "ms",
    digits: 1,
    budget: { op: "<=", limit: 20 },
  });
  return rows;
}

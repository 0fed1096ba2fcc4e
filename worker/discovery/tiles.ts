import type { Handler } from "hono";
import { cachedOrMade } from "../lib/cache-api.ts";
import type { AppEnv } from "../request/app-env.ts";
import { basemapInfo, basemapTile } from "./basemap.ts";

/**
 * A tile stays a day in browsers; in the data centre's cache it is keyed by the archive's
 * version (the edge's page cache in front of the worker keys it on its address: docs/map.md).
 */
const TILE_SECONDS = 24 * 60 * 60;

const notFound = () =>
  new Response("No such tile", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });

/**
 * `/map/tiles/{z}/{x}/{y}.mvt`: one vector tile of the basemap, from the PMTiles archive in R2,
 * under the site's own origin (no visitor's browser asks another host for the map). Each
 * answer is kept in the data centre's cache (the Cache API) under the archive's version, so a
 * tile asked for again is answered without reading R2.
 */
export const tileHandler: Handler<AppEnv> = async (c) => {
  const z = Number(c.req.param("z"));
  const x = Number(c.req.param("x"));
  const y = Number.parseInt(c.req.param("y") ?? "", 10);
  const info = await basemapInfo(c.env.BASEMAP);
  if (!info || z < info.minZoom || z > info.maxZoom || x >= 2 ** z || y >= 2 ** z)
    return notFound();
  const key = new Request(
    new URL(`/map/tiles/${z}/${x}/${y}.mvt?v=${encodeURIComponent(info.etag)}`, c.req.url),
  );
  const { res, hit } = await cachedOrMade(c.executionCtx, key, async () => {
    const tile = await basemapTile(c.env.BASEMAP, z, x, y);
    // The open sea has no tile: an empty one draws the same (water) and is kept as long.
    return new Response(tile ?? new ArrayBuffer(0), {
      headers: {
        "Content-Type": "application/vnd.mapbox-vector-tile",
        "Cache-Control": `public, max-age=${TILE_SECONDS}`,
        ETag: `"${info.etag}-${z}-${x}-${y}"`,
      },
    });
  });
  const answer = new Response(res.body, res);
  answer.headers.set("X-Tile-Cache", hit ? "hit" : "miss");
  return answer;
};

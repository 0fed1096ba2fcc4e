import { Hono } from "hono";
import { etag } from "hono/etag";
import { isSlug } from "../../shared/slug.ts";
import type { ContentSource } from "../content/content-source.ts";
import { isPageNumber } from "../content/paths.ts";
import { noindex } from "../middleware/noindex/index.ts";
import { validParams } from "../middleware/valid-params/index.ts";
import { feed } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { groupHandler, photosHandler, tagsHandler } from "./collections.tsx";
import { mapDataHandler, mapHandler } from "./map.tsx";
import { robots } from "./robots.ts";
import { searchHandler } from "./search.tsx";
import { type SitemapContent, sitemap, sitemapPart } from "./sitemap.ts";
import { tileHandler } from "./tiles.ts";

// What photo pages show of the map: the place a photograph was made, and its page on the map.
export { placeId, placeName } from "./map-places.ts";

/** Everything the sitemap lists: every address, and every photograph. */
const sitemapContent = (source: ContentSource): Promise<SitemapContent> => source.sitemap();

const slug = validParams({ slug: isSlug });
const page = validParams({ page: isPageNumber });
const slugAndPage = validParams({ slug: isSlug, page: isPageNumber });

/**
 * How the site is found: every photograph (`/photos`), by tag, camera and lens, search, and
 * where they were made (`/map`, `/map?tag=`, with its data at `/map/data.json`);
 * from outside, `/sitemap.xml` (every address, with its last change, and every photograph's
 * page with the photograph; split into files past the protocol's limits, `/sitemap-{n}.xml`)
 * and `/robots.txt` (which names the sitemap), built per request from the site's origin.
 * Mounted before the pages (worker/app.ts), so these addresses are reserved: a Sanity page
 * with the slug "photos" would be hidden (docs/visitors.md, "Reserved addresses").
 */
export const discovery = new Hono<AppEnv>()
  .get("/photos", photosHandler)
  .get("/photos/page/:page", page, photosHandler)
  .get("/tags", tagsHandler)
  .get("/tag/:slug", slug, groupHandler("tag"))
  .get("/tag/:slug/page/:page", slugAndPage, groupHandler("tag"))
  .get("/camera/:slug", slug, groupHandler("camera"))
  .get("/camera/:slug/page/:page", slugAndPage, groupHandler("camera"))
  .get("/lens/:slug", slug, groupHandler("lens"))
  .get("/lens/:slug/page/:page", slugAndPage, groupHandler("lens"))
  // A site's own search results are not pages for search engines (and anyone picks the words).
  .get("/search", noindex, searchHandler)
  .get("/map", mapHandler)
  .get("/map/data.json", mapDataHandler)
  // Numbers as written once (no leading zeros), so a tile has one address in every cache.
  .get(
    "/map/tiles/:z{(?:0|[1-9][0-9]?)}/:x{(?:0|[1-9][0-9]{0,5})}/:y{(?:0|[1-9][0-9]{0,5})\\.mvt}",
    etag(),
    tileHandler,
  )
  .get("/sitemap.xml", etag(), feed("sitemap", sitemapContent, sitemap))
  // A parameter is a whole segment in Hono's patterns: "/sitemap-:part.xml" would be a literal.
  .get(
    "/:file{sitemap-[1-9][0-9]{0,3}\\.xml}",
    etag(),
    feed("sitemap", sitemapContent, sitemapPart),
  )
  .get("/robots.txt", robots);

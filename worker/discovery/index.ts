import { Hono } from "hono";
import type { ContentSource } from "../content/content-source.ts";
import { htmlCache } from "../middleware/html-cache/index.ts";
import { feed } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { robots } from "./robots.ts";
import { type SitemapContent, sitemap, sitemapPart } from "./sitemap.ts";

/** Everything the sitemap lists: every address, and every photograph. */
const sitemapContent = async (source: ContentSource): Promise<SitemapContent> => {
  const [index, collection] = await Promise.all([source.siteIndex(), source.photos()]);
  return { index, collection };
};

/**
 * How the site is found from outside: `/sitemap.xml` (every address, with its last change,
 * and every photograph's page with the photograph; split into files past the protocol's
 * limits, `/sitemap-{n}.xml`) and `/robots.txt` (which names the sitemap), built per request
 * from the site's origin. The collection pages themselves (`/photos`, tags, cameras, lenses,
 * search) are routes of the route table, in this folder too.
 *
 * @example
 * ```ts
 * app.route("/", discovery); // before the page routes: "/sitemap.xml" would match "/:slug"
 * ```
 */
export const discovery = new Hono<AppEnv>();

// Kept in memory like a page while its content is fresh: thousands of photographs make it
// the largest answer to build.
discovery.get("/sitemap.xml", htmlCache, feed("sitemap", sitemapContent, sitemap));
discovery.get(
  "/sitemap-:part{[1-9][0-9]{0,3}}.xml",
  htmlCache,
  feed("sitemap", sitemapContent, sitemapPart),
);
discovery.get("/robots.txt", robots);

import type { ContentSource } from "../content/content-source.ts";
import { htmlCache } from "../middleware/html-cache/index.ts";
import { feed } from "../render/feed.ts";
import { routesApp } from "../routes/register-routes.ts";
import { robots } from "./robots.ts";
import { DISCOVERY_ROUTES } from "./routes.ts";
import { type SitemapContent, sitemap, sitemapPart } from "./sitemap.ts";

/** Everything the sitemap lists: every address, and every photograph. */
const sitemapContent = async (source: ContentSource): Promise<SitemapContent> => {
  const [index, collection] = await Promise.all([source.siteIndex(), source.photos()]);
  return { index, collection };
};

/**
 * How the site is found: the collection pages (routes.ts: `/photos`, tags, cameras, lenses,
 * search), and from outside `/sitemap.xml` (every address, with its last change, and every
 * photograph's page with the photograph; split into files past the protocol's limits,
 * `/sitemap-{n}.xml`) and `/robots.txt` (which names the sitemap), built per request from the
 * site's origin.
 *
 * @example
 * ```ts
 * app.route("/", discovery); // before the pages: "/sitemap.xml" would match "/:slug"
 * ```
 */
export const discovery = routesApp(DISCOVERY_ROUTES);

// Kept in memory like a page while its content is fresh: thousands of photographs make it
// the largest answer to build.
discovery.get("/sitemap.xml", htmlCache, feed("sitemap", sitemapContent, sitemap));
discovery.get(
  "/sitemap-:part{[1-9][0-9]{0,3}}.xml",
  htmlCache,
  feed("sitemap", sitemapContent, sitemapPart),
);
discovery.get("/robots.txt", robots);

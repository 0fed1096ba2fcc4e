import { Hono } from "hono";
import { feed } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { robots } from "./robots.ts";
import { sitemap } from "./sitemap.ts";

/**
 * How the site is found from outside: `/sitemap.xml` (every address, with its last change)
 * and `/robots.txt` (which names the sitemap), built per request from the site's origin.
 *
 * @example
 * ```ts
 * app.route("/", discovery); // before the page routes: "/sitemap.xml" would match "/:slug"
 * ```
 */
export const discovery = new Hono<AppEnv>();

discovery.get(
  "/sitemap.xml",
  feed("sitemap", (source) => source.siteIndex(), sitemap),
);
discovery.get("/robots.txt", robots);

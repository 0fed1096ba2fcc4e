import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { robots } from "./robots.ts";
import { rss } from "./rss.ts";
import { withSiteIndex } from "./site-index.ts";
import { sitemap } from "./sitemap.ts";

/**
 * The sitemap, the RSS feed of posts and robots.txt, built per request from the request's
 * origin (so URLs are absolute on every host the worker answers on) and the edge-cached site
 * index. Mount before the page routes: `/sitemap.xml` also matches `/:slug`.
 */
export const feeds = new Hono<AppEnv>();

feeds.get("/sitemap.xml", withSiteIndex("sitemap", sitemap));
feeds.get("/rss.xml", withSiteIndex("rss", rss));
feeds.get("/robots.txt", robots);

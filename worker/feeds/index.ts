import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { feed } from "./feed.ts";
import { robots } from "./robots.ts";
import { FEED_POSTS, rss } from "./rss.ts";
import { sitemap } from "./sitemap.ts";

/**
 * The sitemap, the RSS feed of posts and robots.txt, built per request from the site's origin
 * (URLs in feeds are absolute) and edge-cached content. Mount before the page routes:
 * `/sitemap.xml` also matches `/:slug`.
 */
export const feeds = new Hono<AppEnv>();

feeds.get(
  "/sitemap.xml",
  feed("sitemap", (source) => source.siteIndex(), sitemap),
);
feeds.get(
  "/rss.xml",
  feed("rss", (source) => source.feed(FEED_POSTS), rss),
);
feeds.get("/robots.txt", robots);

import { Hono } from "hono";
import { feed } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { FEED_POSTS, rss } from "./rss.ts";

/**
 * `/rss.xml`: the latest posts, built per request from the site's origin (URLs in feeds are
 * absolute) and the content cache.
 */
export const feeds = new Hono<AppEnv>();

feeds.get(
  "/rss.xml",
  feed("rss", (source) => source.feed(FEED_POSTS), rss),
);

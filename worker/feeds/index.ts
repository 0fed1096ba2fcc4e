import { Hono } from "hono";
import { etag } from "hono/etag";
import { feed } from "../render/feed.ts";
import type { AppEnv } from "../request/app-env.ts";
import { FEED_POSTS, rss } from "./rss.ts";

/**
 * `/rss.xml`: the latest posts, built per request from the site's origin (URLs in feeds are
 * absolute) and the content cache.
 */
export const feeds = new Hono<AppEnv>();

// Readers poll the feed: one that has it already is answered 304, without the feed again.
feeds.get(
  "/rss.xml",
  etag(),
  feed("rss", (source) => source.feed(FEED_POSTS), rss),
);

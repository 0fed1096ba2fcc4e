import type { MiddlewareHandler } from "hono";
import type { Config } from "../../config/config.ts";
import type { AppEnv } from "../../request/app-env.ts";

/** With the publish webhook set up, a purge ends a page's life at the edge: it may live long. */
const PURGED_ON_PUBLISH_SECONDS = 24 * 60 * 60;
/** After its time, the edge may serve a page once more while it asks for a new one. */
const STALE_WHILE_REVALIDATE_SECONDS = 60;
/** While the worker fails, the edge may keep serving the last good page for a day. */
const STALE_IF_ERROR_SECONDS = 24 * 60 * 60;
/** A page built from stale or failed content: kept just long enough to spare the service. */
const DEGRADED_SECONDS = 15;
/** A not-found answer: a document may be published under that address soon. */
const NOT_FOUND_SECONDS = 60;
const REDIRECT_SECONDS = 60 * 60;

/**
 * Tells Workers Cache (the cache in front of the worker) how long it may keep each answer, in
 * `Cloudflare-CDN-Cache-Control`, which browsers never see (they keep revalidating pages with
 * the `no-cache` the pages carry), and what it was built from, in `Cache-Tag`, which the
 * publish webhook purges. Pages live long when publishing purges them (a webhook secret is
 * set), else only as long as content is fresh, and never past the next scheduled post. Error
 * answers and pages built from stale or failed content are kept briefly or not at all.
 *
 * The edge keys on the URL alone (Workers Cache ignores `Vary`), so an answer that depends on
 * another part of the request says so with `Vary` and is never shared: kept, it would be
 * served to whoever asks next (a crawler's bare 404 to readers, say).
 *
 * It marks the request first (`kept`): with the webhook set, what the page reads must then be
 * Sanity's as it is now, not a result the data centre kept from before a publish
 * (request/context.ts).
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { configure } from "../../config/middleware.ts";
 * import type { AppEnv } from "../../request/app-env.ts";
 * import { contentFor } from "../../request/context.ts";
 * import { cacheHeaders } from "./index.ts";
 *
 * const app = new Hono<AppEnv>();
 * app.use(configure, cacheHeaders);
 * app.get("/", async (c) => c.text((await contentFor(c).home()).posts.length.toString()));
 * // GET /, with a webhook secret set:
 * //   Cloudflare-CDN-Cache-Control: public, max-age=86400, stale-while-revalidate=60, …
 * //   Cache-Tag: posts
 * ```
 */
export const cacheHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Draft preview answers are private (preview-mode sets their headers).
  if (c.get("preview")) return;
  const headers = c.res.headers;
  const method = c.req.method;
  const status = c.res.status;
  const provenance = c.get("source")?.provenance();
  let edge: string;
  if (
    (method !== "GET" && method !== "HEAD") ||
    headers.get("Cache-Control")?.includes("no-store") ||
    headers.get("Cache-Control")?.startsWith("private") ||
    variesByRequest(headers)
  ) {
    edge = "no-store";
  } else if (status === 200) {
    const { seconds, untilScheduled } = lifetime(c.var.config, provenance?.validUntil);
    // Not served stale past a scheduled post's time: the next view waits for the page with it.
    const revalidate = untilScheduled
      ? ""
      : `, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
    edge = provenance?.degraded
      ? `public, max-age=${DEGRADED_SECONDS}`
      : `public, max-age=${seconds}${revalidate}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
  } else if (status === 404) {
    edge = `public, max-age=${NOT_FOUND_SECONDS}`;
  } else if (status === 301 || status === 308) {
    edge = `public, max-age=${REDIRECT_SECONDS}`;
  } else {
    edge = "no-store";
  }
  headers.set("Cloudflare-CDN-Cache-Control", edge);
  if (provenance?.tags.length) headers.set("Cache-Tag", provenance.tags.join(","));
};

/** Whether the answer depends on request headers besides the URL (compression aside). */
function variesByRequest(headers: Headers): boolean {
  const vary = headers.get("Vary");
  return Boolean(
    vary
      ?.split(",")
      .map((name) => name.trim().toLowerCase())
      .some((name) => name !== "" && name !== "accept-encoding"),
  );
}

/**
 * Seconds a good page may stay at the edge: long when publishing purges it, else as long as
 * content is fresh (CONTENT_FRESH_SECONDS; a malformed value keeps answers off the edge); never
 * past the next scheduled post's time (`untilScheduled`).
 */
function lifetime(config: Config, validUntil = Number.POSITIVE_INFINITY) {
  const seconds = config.webhookSecret ? PURGED_ON_PUBLISH_SECONDS : config.freshSeconds;
  const untilDue = Math.floor((validUntil - Date.now()) / 1000);
  return { seconds: Math.max(0, Math.min(seconds, untilDue)), untilScheduled: untilDue < seconds };
}

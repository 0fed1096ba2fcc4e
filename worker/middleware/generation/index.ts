import type { MiddlewareHandler } from "hono";
import { readGeneration } from "../../content/generation.ts";
import { errorText, log } from "../../lib/log.ts";
import type { AppEnv } from "../../request/app-env.ts";

/**
 * Reads the content generation once for the request (the publish webhook advances it), for
 * the content cache keys and the rendered-page cache key. Preview reads nothing from caches,
 * so it does not ask. When the generation cannot be read the request still renders, but from
 * and into no cache (null). The read is timed in `Server-Timing` (`generation;dur=…`).
 *
 * @example
 * ```ts
 * const app = new Hono<AppEnv>();
 * app.use(previewMode);
 * app.use(withGeneration); // before anything that reads content
 * app.get("/", (c) => c.text(`generation ${c.get("generation")}`)); // a number, or null
 * ```
 */
export const withGeneration: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("preview")) return next();
  const started = Date.now();
  try {
    c.set("generation", await readGeneration(c.env));
  } catch (error) {
    c.set("generation", null);
    log.warn("Content generation unavailable; reading without caches", {
      path: new URL(c.req.url).pathname,
      requestId: c.get("requestId"),
      error: errorText(error),
    });
  }
  // Each read is named in Server-Timing, so a benchmark can count them per view.
  c.header("Server-Timing", `generation;dur=${Date.now() - started}`, { append: true });
  await next();
};

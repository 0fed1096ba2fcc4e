import type { Context } from "hono";
import type { AppEnv } from "./app-env.ts";
import { LIMIT_PERIOD_SECONDS, visitorKey } from "./visitor-key.ts";

/**
 * A 429 for a visitor past `ZOOM_LIMIT`, else undefined. Each region of an original the zoom
 * asks for that the edge does not have yet reads the whole original and is an Images
 * transformation of its own (the owner's account pays per unique one, and any rectangle is one),
 * so a script could otherwise run them up without end. The limit is well above what zooming and
 * panning ask for; the viewer takes a refused region as "no more regions of this photograph"
 * and shows its largest size. `headers` are the route's own (a gallery's keep it private).
 */
export async function zoomRefused(
  c: Context<AppEnv>,
  headers: Record<string, string> = {},
): Promise<Response | undefined> {
  if ((await c.env.ZOOM_LIMIT.limit({ key: visitorKey(c) })).success) return undefined;
  return c.text(
    "429 Too Many Requests: too many zoomed regions from one visitor; try again in a minute\n",
    429,
    { "Cache-Control": "no-store", ...headers, "Retry-After": String(LIMIT_PERIOD_SECONDS) },
  );
}

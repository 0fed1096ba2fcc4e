/**
 * `POST /_app/insights/view`: the photo viewer showed a photograph over the page the visitor is
 * on, from the photo page it had fetched ahead (marked a prefetch, so not counted then). Its body
 * is that page's path, sent with `navigator.sendBeacon`. Counted as a view of the path like any
 * other, and only if it is one: a photo page's path, asked of the public site as a browser asks
 * it (Workers Cache answers where it keeps it) and answered 200 with HTML, from the site's own
 * page (`Sec-Fetch-Site: same-origin`) by a browser that is no crawler (by its own word or
 * Cloudflare's verdict on this request), and not from the owner's draft preview, which is never
 * counted. So no made-up path ever reaches the owner's figures. Answered 204 whatever happened:
 * it tells the sender nothing.
 */
import type { Handler } from "hono";
import { readText } from "../lib/request-body.ts";
import { inPreview } from "../preview/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { siteOrigin } from "../request/context.ts";
import { publicSite } from "../request/public-site.ts";
import { countView, isCrawler, PHOTO_PAGE } from "./views.ts";

export const VIEWER_VIEW_PATH = "/_app/insights/view";

export const viewerView: Handler<AppEnv> = async (c) => {
  const path = (await readText(c.req.raw, 300, c.var.config))?.trim() ?? "";
  const fromOwnPage = c.req.header("Sec-Fetch-Site") === "same-origin";
  const origin = siteOrigin(c);
  const site = publicSite(c.executionCtx, { origin });
  const aVisitor =
    !isCrawler(c.req.raw) && !(await inPreview(c.req.header("Cookie"), c.var.config.sanityToken));
  if (fromOwnPage && site && PHOTO_PAGE.test(path) && aVisitor) {
    const asked = new Request(`${origin}${path}`, {
      headers: { "User-Agent": c.req.header("User-Agent") ?? "", Accept: "text/html" },
    });
    const answer = await site.fetch(asked.clone());
    await answer.body?.cancel();
    countView(c.env, c.executionCtx, asked, answer);
  }
  return c.body(null, 204, { "Cache-Control": "no-store" });
};

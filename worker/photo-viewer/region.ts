import type { Handler } from "hono";
import { zoomReach } from "../../shared/public-size.ts";
import { cropRect, type Rect } from "../content/image-urls.ts";
import type { DocumentKind } from "../content/paths.ts";
import { type PlacedPhoto, placedPhoto } from "../content/placed-photo.ts";
import type { SiteSettings } from "../content/site-settings.ts";
import { parseRegion, regionOf } from "../lib/images.ts";
import { log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteSettingsFor } from "../request/context.ts";
import { zoomRefused } from "../request/zoom-limit.ts";

/**
 * What the zoom may show of the photograph's private original (its asset id, and the owner's
 * crop of it in its pixels): only where it has one and the owner lets its zoom reach the
 * original's pixels (shared/public-size.ts). Undefined: the zoom stops at the largest size the
 * page offers, no larger than the public size.
 */
export function zoomedOriginal(
  placed: PlacedPhoto,
  site: SiteSettings,
): { asset: string; rect: Rect } | undefined {
  const { image } = placed.found.photo;
  const original = image.asset.original;
  if (!original || zoomReach(site.zoom, placed.zoomChoices) !== "original") return undefined;
  return { asset: image.asset._id, rect: cropRect({ asset: original, crop: image.crop }) };
}

/**
 * `/{page}/photo/{key}/region?rect=left,top,width,height&w=out` (and a post's): a region of the
 * photograph's private original for the viewer's zoom (its page's `data-zoom-src`), inside the
 * owner's crop and never more than the public size across or down, however it is asked for:
 * the original is had a screenful at a time, and whole only through an order. Refused (403)
 * where the owner keeps the zoom at the public size. The same for every visitor, so the edge
 * keeps it as it keeps the photograph's page, until a publish.
 */
export const regionHandler =
  (kind: DocumentKind): Handler<AppEnv> =>
  async (c) => {
    // Counted before anything is read: a region the edge does not keep (a 400, a 404) reads
    // Sanity as one it does.
    const refused = await zoomRefused(c);
    if (refused) return refused;
    const slug = c.req.param("slug") ?? "";
    const key = c.req.param("key") ?? "";
    const [placed, site] = await Promise.all([
      placedPhoto(contentFor(c), kind, slug, key),
      siteSettingsFor(c),
    ]);
    if (!placed) return c.text("404 Not Found\n", 404);
    const zoomed = zoomedOriginal(placed, site);
    if (!zoomed) {
      return c.text("403 Forbidden: this photograph's zoom stops at its public size\n", 403);
    }
    const wanted = parseRegion(c.req.query("rect"), c.req.query("w"), zoomed.rect, site.publicSize);
    if (!wanted) {
      return c.text(
        "400 Bad Request: ask for rect=left,top,width,height inside the photograph, and w\n",
        400,
      );
    }
    const original = await c.env.ORIGINALS.get(zoomed.asset);
    if (!original) {
      log.error("A photograph's original is not in the originals bucket", { asset: zoomed.asset });
      return c.text("404 Not Found\n", 404);
    }
    const cut = await regionOf(c.env.IMAGES, original.body, wanted, c.var.config);
    if (cut.ok) cut.headers.set("Cache-Control", "public, max-age=86400");
    return cut;
  };

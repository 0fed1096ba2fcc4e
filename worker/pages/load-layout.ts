import type { Context } from "hono";
import type { SlideshowProps } from "../../client/islands/Slideshow.tsx";
import type { AppEnv } from "../app-env.ts";
import { ConfigError } from "../config/content-config.ts";
import { slideshowInterval } from "../config/slideshow-interval.ts";
import { NoBackgroundImages } from "../content/content-source.ts";
import { requestContent } from "../content/request-content.ts";
import { log } from "../lib/log.ts";
import type { LayoutData } from "../render/render-page.tsx";

/**
 * The slideshow's photographs, read once per page from the edge cache and embedded in the
 * HTML. The slideshow is decoration: any failure is logged once and the page renders without
 * it.
 */
async function loadSlideshow(c: Context<AppEnv>): Promise<SlideshowProps | null> {
  try {
    const source = requestContent(c);
    const images = await source.backgroundImages();
    return {
      interval: slideshowInterval(c.env.SLIDESHOW_INTERVAL_SECONDS),
      slides: images.map((image) => {
        const { src, srcSet, width, height } = source.images.responsive(image);
        return {
          src,
          srcSet,
          width,
          height,
          lqip: image.lqip ?? undefined,
          color: image.color ?? undefined,
          alt: image.altText ?? image.title ?? "",
        };
      }),
    };
  } catch (error) {
    const fields = { path: new URL(c.req.url).pathname, requestId: c.get("requestId") };
    // A configuration error is already the page's own 500 (logged by the error handler).
    if (error instanceof ConfigError) log.warn(`Slideshow skipped: ${error.message}`, fields);
    else if (error instanceof NoBackgroundImages) log.error(error.message, fields);
    else {
      const message = error instanceof Error ? error.message : String(error);
      log.error(`Slideshow unavailable: ${message}`, fields);
    }
    return null;
  }
}

/** Everything a page shows around its own content: settings, navigation state, slideshow. */
export async function loadLayout(c: Context<AppEnv>): Promise<LayoutData> {
  return {
    site: c.get("site"),
    path: new URL(c.req.url).pathname,
    slideshow: await loadSlideshow(c),
    // Unmatched paths (no route) count as routes without a slug.
    showSlideshowToggle: !c.get("route")?.hasSlug,
  };
}

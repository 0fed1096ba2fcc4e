import type { Context } from "hono";
import { routePath } from "hono/route";
import type { SlideshowProps } from "../../shared/islands/slideshow/Slideshow.tsx";
import { ConfigError } from "../config/config.ts";
import { NoBackgroundImages } from "../content/content-source.ts";
import type { ContentImage, ImageAsset } from "../content/model.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteSettingsFor } from "../request/context.ts";
import type { LayoutData } from "./render-html.tsx";

/**
 * The slideshow's photographs, read once per page through the content cache and embedded in the
 * HTML. The slideshow is decoration: any failure is logged once and the page renders without
 * it.
 */
async function loadSlideshow(c: Context<AppEnv>): Promise<ImageAsset[]> {
  try {
    return await contentFor(c).backgroundImages();
  } catch (error) {
    const fields = { path: new URL(c.req.url).pathname, requestId: c.get("requestId") };
    // A configuration error is already the page's own 500 (logged by the error handler).
    if (error instanceof ConfigError) log.warn(`Slideshow skipped: ${error.message}`, fields);
    else if (error instanceof NoBackgroundImages) log.error(error.message, fields);
    else log.error("Slideshow unavailable", { ...fields, error: errorText(error) });
    return [];
  }
}

/** The slideshow, read once per request (a page and its error page may both ask). */
function slideshowOf(c: Context<AppEnv>): Promise<ImageAsset[]> {
  const known = c.get("slideshow");
  if (known) return known;
  const read = loadSlideshow(c);
  c.set("slideshow", read);
  return read;
}

/** The island's props: every photograph with what the browser needs, and no API calls. */
function slideshowProps(c: Context<AppEnv>, images: ImageAsset[]): SlideshowProps | null {
  if (images.length === 0) return null;
  const { responsive } = contentFor(c).images;
  return {
    interval: c.var.config.slideshowIntervalMs,
    slides: images.map((image) => {
      const { src, srcSet, width, height } = responsive({ asset: image });
      return {
        src,
        srcSet,
        width,
        height,
        lqip: image.lqip ?? undefined,
        color: image.color ?? undefined,
      };
    }),
  };
}

/**
 * Everything a page shows around its own content: settings, navigation state, slideshow.
 * A photograph's own page goes without the slideshow (`backdrop: false`): nothing may move
 * behind the photograph.
 */
export async function loadLayout(
  c: Context<AppEnv>,
  { backdrop = true }: { backdrop?: boolean } = {},
): Promise<LayoutData> {
  const [site, images] = await Promise.all([
    siteSettingsFor(c),
    backdrop ? slideshowOf(c) : Promise.resolve([]),
  ]);
  const first = images[0];
  const fallbackImage: ContentImage | null = first ? { asset: first } : null;
  return {
    site,
    // Without the language's prefix (the router's path), as the navigation names its pages.
    path: c.req.path,
    slideshow: slideshowProps(c, images),
    // The slideshow belongs to the pages of no particular document (the home page, the lists,
    // an unmatched path's error page); a page about one (a slug, a key: a route parameter)
    // keeps the reader on it.
    showSlideshowToggle: !routePath(c).includes(":"),
    socialImage: site.socialImage ?? fallbackImage,
    preview: c.get("preview") ?? false,
  };
}

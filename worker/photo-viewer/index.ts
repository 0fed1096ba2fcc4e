import { Hono } from "hono";
import { isSlug } from "../../shared/slug.ts";
import { PAGE_SLUG } from "../content/paths.ts";
import { isPhotoKey } from "../content/photos.ts";
import { validParams } from "../middleware/valid-params/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { photoHandler } from "./photo-page.tsx";
import { regionHandler } from "./region.ts";

const photoParams = validParams({ slug: isSlug, key: isPhotoKey });

/**
 * Every photograph's own page, on a post or a page (works without JavaScript; the viewer in
 * client/photo-viewer/ opens over it and over every grid), and the regions its zoom asks for.
 * Mounted before the pages: `/{slug}/photo/{key}` is not a page.
 */
export const photoViewer = new Hono<AppEnv>()
  .get("/post/:slug/photo/:key", photoParams, photoHandler("post"))
  .get("/post/:slug/photo/:key/region", photoParams, regionHandler("post"))
  .get(`/${PAGE_SLUG}/photo/:key`, photoParams, photoHandler("page"))
  .get(`/${PAGE_SLUG}/photo/:key/region`, photoParams, regionHandler("page"));

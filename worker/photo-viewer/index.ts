import { Hono } from "hono";
import { isSlug } from "../../shared/slug.ts";
import { PAGE_SLUG } from "../content/paths.ts";
import { isPhotoKey } from "../content/photos.ts";
import { validParams } from "../middleware/valid-params/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { photoHandler } from "./photo-page.tsx";

const photoParams = validParams({ slug: isSlug, key: isPhotoKey });

/**
 * Every photograph's own page, on a post or a page (works without JavaScript; the viewer in
 * client/photo-viewer/ opens over it and over every grid). Mounted before the pages:
 * `/{slug}/photo/{key}` is not a page.
 */
export const photoViewer = new Hono<AppEnv>()
  .get("/post/:slug/photo/:key", photoParams, photoHandler("post"))
  .get(`/${PAGE_SLUG}/photo/:key`, photoParams, photoHandler("page"));

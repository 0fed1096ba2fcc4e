import { Hono } from "hono";
import { isSlug } from "../../shared/slug.ts";
import { isPageNumber, PAGE_SLUG } from "../content/paths.ts";
import { noindex } from "../middleware/noindex/index.ts";
import { validParams } from "../middleware/valid-params/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { archiveHandler } from "./archive.tsx";
import { homeHandler } from "./home.tsx";
import { pageHandler } from "./page.tsx";
import { postHandler } from "./post.tsx";
import { blankHandler, notFoundHandler } from "./utility.ts";

/**
 * The site's own pages: home, the utility routes (for checks and monitoring, never indexed),
 * the archive, posts and every Sanity page by its slug. Mounted last (worker/app.ts): `/{slug}`
 * would take any one-segment address.
 */
export const pages = new Hono<AppEnv>()
  .get("/", homeHandler)
  .get("/200", noindex, blankHandler)
  .get("/404", noindex, notFoundHandler)
  // Before `/{slug}`: a Sanity page with the slug "archive" would be hidden by it.
  .get("/archive", archiveHandler)
  .get("/archive/page/:page", validParams({ page: isPageNumber }), archiveHandler)
  .get("/post/:slug", validParams({ slug: isSlug }), postHandler)
  .get(`/${PAGE_SLUG}`, validParams({ slug: isSlug }), pageHandler);

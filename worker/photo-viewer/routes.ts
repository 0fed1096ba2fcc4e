import { allOf, photoKeyParam, slugParam } from "../routes/checks.ts";
import { PAGE_SLUG } from "../routes/patterns.ts";
import type { RouteDefinition } from "../routes/route-definition.ts";
import type { RouteMiddlewareName } from "../routes/route-middlewares.ts";
import { photoHandler } from "./photo-page.tsx";

/**
 * Every photograph's own page, on a post or a page (works without JavaScript; the viewer in
 * client/photo-viewer/ opens over it and over every grid).
 *
 * @example
 * ```ts
 * // GET /portfolio/photo/b2i6 → the photograph b2i6 of the page "portfolio"
 * ```
 */
export const PHOTO_ROUTES: readonly RouteDefinition<RouteMiddlewareName>[] = [
  {
    name: "post-photo",
    path: "/post/:slug/photo/:key",
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["htmlCache"],
    handler: photoHandler("post"),
  },
  {
    name: "page-photo",
    path: `/${PAGE_SLUG}/photo/:key`,
    check: allOf(slugParam("slug"), photoKeyParam("key")),
    middlewares: ["htmlCache"],
    handler: photoHandler("page"),
  },
];

import { allOf, pageNumberParam, slugParam } from "../routes/checks.ts";
import type { RouteDefinition } from "../routes/route-definition.ts";
import type { RouteMiddlewareName } from "../routes/route-middlewares.ts";
import { groupHandler, photosHandler, tagsHandler } from "./collections.tsx";
import { searchHandler } from "./search.tsx";

/**
 * Every photograph, by tag, camera and lens, and search. These slugs are reserved: the
 * discovery app is mounted before the pages (worker/app.ts), so a Sanity page with the slug
 * "photos" would be hidden (see docs/visitors.md, "Reserved addresses").
 *
 * @example
 * ```ts
 * // GET /tag/landscape/page/2 → slugParam + pageNumberParam, htmlCache, groupHandler("tag")
 * ```
 */
export const DISCOVERY_ROUTES: readonly RouteDefinition<RouteMiddlewareName>[] = [
  { name: "photos", path: "/photos", middlewares: ["htmlCache"], handler: photosHandler },
  {
    name: "photos-page",
    path: "/photos/page/:page",
    check: pageNumberParam("page"),
    middlewares: ["htmlCache"],
    handler: photosHandler,
  },
  { name: "tags", path: "/tags", middlewares: ["htmlCache"], handler: tagsHandler },
  {
    name: "tag",
    path: "/tag/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("tag"),
  },
  {
    name: "tag-page",
    path: "/tag/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("tag"),
  },
  {
    name: "camera",
    path: "/camera/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("camera"),
  },
  {
    name: "camera-page",
    path: "/camera/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("camera"),
  },
  {
    name: "lens",
    path: "/lens/:slug",
    check: slugParam("slug"),
    middlewares: ["htmlCache"],
    handler: groupHandler("lens"),
  },
  {
    name: "lens-page",
    path: "/lens/:slug/page/:page",
    check: allOf(slugParam("slug"), pageNumberParam("page")),
    middlewares: ["htmlCache"],
    handler: groupHandler("lens"),
  },
  {
    name: "search",
    path: "/search",
    query: ["q"],
    middlewares: ["htmlCache"],
    handler: searchHandler,
  },
];

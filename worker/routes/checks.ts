import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isSlug } from "../../shared/slug.ts";
import { PHOTO_KEY } from "../content/photos.ts";

/**
 * A route's validity check. `true` passes; `false` or a status fails with that status (default 404).
 *
 * @example
 * ```ts
 * // In a row of the route table (routes/route-table.ts):
 * { name: "post", path: "/post/:slug", check: slugParam("slug"), handler: postHandler }
 * // GET /post/Not_A_Slug → the fatal 404 page, before any content is read
 * ```
 */
export type ValidityCheck = (c: Context) => boolean | { status: ContentfulStatusCode };

/** Passes when the named path parameter is a well-formed slug. */
export const slugParam =
  (name: string): ValidityCheck =>
  (c) =>
    isSlug(c.req.param(name));

/**
 * Passes when every check passes; the first failure is the verdict.
 *
 * @example
 * ```ts
 * check: allOf(slugParam("slug"), photoKeyParam("key")), // "/post/:slug/photo/:key"
 * ```
 */
export const allOf =
  (...checks: ValidityCheck[]): ValidityCheck =>
  (c) => {
    for (const check of checks) {
      const verdict = check(c);
      if (verdict !== true) return verdict;
    }
    return true;
  };

/** Passes when the named path parameter is a photograph's key in its document. */
export const photoKeyParam =
  (name: string): ValidityCheck =>
  (c) =>
    PHOTO_KEY.test(c.req.param(name) ?? "");

/**
 * Passes when the named path parameter is a page number (1 to 9999, no leading zero).
 *
 * @example
 * ```ts
 * { name: "archive-page", path: "/archive/page/:page", check: pageNumberParam("page"), handler: archiveHandler }
 * // /archive/page/2 passes; /archive/page/02 and /archive/page/0 are the fatal 404
 * ```
 */
export const pageNumberParam =
  (name: string): ValidityCheck =>
  (c) =>
    /^[1-9][0-9]{0,3}$/.test(c.req.param(name) ?? "");

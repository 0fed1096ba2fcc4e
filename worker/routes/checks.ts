import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** A route's validity check. `true` passes; `false` or a status fails with that status (default 404). */
export type ValidityCheck = (c: Context) => boolean | { status: ContentfulStatusCode };

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/** Passes when the named path parameter is a well-formed slug. */
export const slugParam =
  (name: string): ValidityCheck =>
  (c) =>
    isSlug(c.req.param(name));

/**
 * What a slug of a page or post may be (Sanity lets editors type anything): lowercase letters,
 * digits and single dashes, at most 96 characters. Written once here, in shared/, because both
 * sides follow it: the worker (addresses, cache tags, feeds use only slugs that pass `isSlug`)
 * and the contact form's script (a photo reference names a slug). The Studio's schema enforces
 * the same rule when an editor types one (tests/node/studio-schema.test.ts keeps them in step).
 */
import { isLanguage } from "./i18n/languages.ts";

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * The first parts of the site's own addresses (its routes'; tests/worker/reserved-slugs.test.ts
 * keeps them in step): a page with one of these slugs, or a language's code, would never be
 * shown, its address being the site's, so the Studio refuses them and the sitemap leaves them out.
 * `contact` is not one: it is the owner's page, with the form added.
 */
export const RESERVED_PAGE_SLUGS: readonly string[] = [
  "200",
  "404",
  "archive",
  "book",
  "camera",
  "cart",
  "g",
  "lens",
  "m",
  "map",
  "order",
  "photos",
  "post",
  "search",
  "tag",
  "tags",
  "unsubscribe",
];

/** Whether a page with this slug is shown at `/{slug}`. */
export const isPageSlug = (value: string | undefined): value is string =>
  isSlug(value) && !RESERVED_PAGE_SLUGS.includes(value) && !isLanguage(value);

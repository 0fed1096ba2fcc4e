/**
 * What a slug of a page or post may be (Sanity lets editors type anything): lowercase letters,
 * digits and single dashes, at most 96 characters. Addresses, cache tags and feeds use only
 * slugs that pass; the Studio's schema enforces the same rule when an editor types one.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

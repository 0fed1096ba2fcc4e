/**
 * What a slug of a page or post may be (Sanity lets editors type anything): lowercase letters,
 * digits and single dashes, at most 96 characters. Written once here, in shared/, because both
 * sides follow it: the worker (addresses, cache tags, feeds use only slugs that pass `isSlug`)
 * and the contact form's script (a photo reference names a slug). The Studio's schema enforces
 * the same rule when an editor types one (tests/node/studio-schema.test.ts keeps them in step).
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

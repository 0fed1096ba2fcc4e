// The Studio schema is copied into the owner's Studio, so it cannot import the worker's slug
// rule; this keeps the two the same, so the Studio never accepts a slug the site answers 404.
import { describe, expect, it } from "vitest";
import { SLUG, SLUG_MAX_LENGTH } from "../../studio/schema/fields.ts";
import { isSlug, SLUG_MAX_LENGTH as SITE_MAX, SLUG_PATTERN } from "../../worker/routes/checks.ts";

describe("the Studio's slug rule", () => {
  it("is the site's rule (V1)", () => {
    expect(SLUG.source).toBe(SLUG_PATTERN.source);
    expect(SLUG.flags).toBe(SLUG_PATTERN.flags);
    expect(SLUG_MAX_LENGTH).toBe(SITE_MAX);
  });

  it.each(["contact", "autumn-in-the-basque-mountains", "Contact", "a--b", "-a", "a_b", ""])(
    "agrees with the site on %j",
    (slug) => {
      expect(SLUG.test(slug)).toBe(isSlug(slug));
    },
  );
});

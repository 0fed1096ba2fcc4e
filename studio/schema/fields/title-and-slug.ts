import { defineField } from "sanity";

// Fields that pages and posts share.

/**
 * The site accepts slugs of lowercase letters, digits and single dashes, at most 96 long. The
 * same rule as shared/slug.ts, written again because the Studio is installed on its own and
 * imports nothing outside studio/; tests/node/studio-schema.test.ts keeps the two in step.
 */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 96;

/** Whether the site takes `slug`: the rule above, and no longer than it reads. */
export const isSiteSlug = (slug: string) => SLUG.test(slug) && slug.length <= SLUG_MAX_LENGTH;

export const titleField = defineField({
  name: "title",
  title: "Title",
  type: "string",
  validation: (rule) => rule.required(),
});

export const slugField = defineField({
  name: "slug",
  title: "Slug",
  description: "The last part of the address. Click Generate to make it from the title.",
  type: "slug",
  options: { source: "title", maxLength: SLUG_MAX_LENGTH },
  validation: (rule) =>
    rule
      .required()
      .custom((slug: { current?: string } | undefined) =>
        !slug?.current || isSiteSlug(slug.current)
          ? true
          : `Use lowercase letters, digits and single dashes, at most ${SLUG_MAX_LENGTH}`,
      ),
});

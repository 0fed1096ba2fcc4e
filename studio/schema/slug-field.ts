import { defineField } from "@sanity/types";

/** The site accepts slugs of lowercase letters, digits and single dashes, at most 96 long (SPEC V1). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = defineField({
  name: "slug",
  title: "Slug",
  type: "slug",
  options: { source: "title", maxLength: 96 },
  validation: (rule) =>
    rule
      .required()
      .custom((slug: { current?: string } | undefined) =>
        !slug?.current || SLUG.test(slug.current)
          ? true
          : "Use lowercase letters, digits and single dashes",
      ),
});

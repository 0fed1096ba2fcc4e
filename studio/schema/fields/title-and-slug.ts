import { defineField } from "sanity";
import { SITE_LANGUAGES } from "../languages";

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

/**
 * The site's own addresses and its languages' codes: a page with one of these slugs would never
 * be shown (the same list as shared/slug.ts, kept in step by tests/node/studio-schema.test.ts).
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

/** Whether a page with `slug` is shown at its address: the rule above, and not the site's own. */
export const isSitePageSlug = (slug: string) =>
  isSiteSlug(slug) &&
  !RESERVED_PAGE_SLUGS.includes(slug) &&
  !SITE_LANGUAGES.some(({ value }) => value === slug);

export const titleField = defineField({
  name: "title",
  title: "Title",
  type: "string",
  validation: (rule) => rule.required(),
});

/** What is wrong with a slug typed, by the site's rule (true: nothing). */
const slugProblem = (slug: string) =>
  isSiteSlug(slug) || `Use lowercase letters, digits and single dashes, at most ${SLUG_MAX_LENGTH}`;

/** The slug field, `problem` saying what is wrong with a slug typed (true: nothing). */
const slugFieldWith = (problem: (slug: string) => true | string) =>
  defineField({
    name: "slug",
    title: "Slug",
    description: "The last part of the address. Click Generate to make it from the title.",
    type: "slug",
    options: { source: "title", maxLength: SLUG_MAX_LENGTH },
    validation: (rule) =>
      rule
        .required()
        .custom((slug: { current?: string } | undefined) =>
          slug?.current ? problem(slug.current) : true,
        ),
  });

export const slugField = slugFieldWith(slugProblem);

/** A page's slug: the rule of every slug, and none of the site's own addresses. */
export const pageSlugField = slugFieldWith((slug) =>
  slugProblem(slug) === true && !isSitePageSlug(slug)
    ? `"${slug}" is an address of the site's own: choose another`
    : slugProblem(slug),
);

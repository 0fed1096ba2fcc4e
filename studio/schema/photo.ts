import { defineField } from "@sanity/types";

/**
 * Fields of every photograph (an `image` with alt text and caption). Images stay of type
 * `image` in the data, as the site's queries expect (SPEC §6a), so this is a field list,
 * not a type alias.
 */
export const photoFields = [
  defineField({
    name: "alt",
    title: "Alternative text",
    description: "What the photograph shows, for visitors who cannot see it.",
    type: "string",
    validation: (rule) => rule.required(),
  }),
  defineField({ name: "caption", title: "Caption", type: "string" }),
];

export const photoOptions = { hotspot: true };

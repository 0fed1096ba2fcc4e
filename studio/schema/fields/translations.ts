import { defineField } from "sanity";

/**
 * The types whose values can be written in the site's further languages: each gets an array
 * of its own from sanity-plugin-internationalized-array (`internationalizedArrayString`, …),
 * one item per language, edited side by side (sanity.config.ts names these to the plugin).
 */
export const TRANSLATABLE_TYPES = ["string", "text", "richText", "introText"] as const;

type Translatable = (typeof TRANSLATABLE_TYPES)[number];

/** The plugin's array type for a type's translations (`text` → `internationalizedArrayText`). */
export const arrayType = (type: Translatable) =>
  `internationalizedArray${type.charAt(0).toUpperCase()}${type.slice(1)}`;

/**
 * A field's translations, stored beside it as `{name}Translations`: the field itself holds the
 * text in the site's language (Site settings → Language of the site), as it always has, and
 * this one the same text in each further language the owner turned on (Site settings → More
 * languages). A language left out here shows the site's language instead, on the site.
 */
export const translationsOf = (field: { name: string; title: string; type: Translatable }) =>
  defineField({
    name: `${field.name}Translations`,
    title: `${field.title}: other languages`,
    description:
      "The same text in each further language turned on under Site settings → More languages. " +
      "A language left empty shows the text above.",
    type: arrayType(field.type),
  });

import { defineField, defineType } from "sanity";
import { translationsOf } from "../fields/translations";

/**
 * A tag or a place name in the site's further languages. Tags are the Media tool's, one name
 * each; place names are what `npm run import` stored ("Zegama, Spain", in English, whose country
 * the site already writes in each language). The name must match as it is stored.
 */
export const translatedName = defineType({
  name: "translatedName",
  title: "Tag or place",
  type: "object",
  fields: [
    defineField({
      name: "name",
      title: "Name as it is stored",
      description:
        'A tag as the Media tool names it ("Landscape"), or a place as the site shows it ("Zegama, Spain").',
      type: "string",
      validation: (rule) => rule.required(),
    }),
    translationsOf({ name: "name", title: "Name", type: "string" }),
  ],
  preview: { select: { title: "name" } },
});

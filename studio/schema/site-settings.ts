import { defineField, defineType } from "@sanity/types";

/** Optional singleton (document id `siteSettings`): the home page's introduction. */
export const siteSettings = defineType({
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  fields: [
    defineField({
      name: "intro",
      title: "Home page introduction",
      type: "array",
      of: [{ type: "block" }],
    }),
  ],
});

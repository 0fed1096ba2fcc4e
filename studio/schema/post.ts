import { defineField, defineType } from "@sanity/types";
import { slugField, titleField } from "./fields.ts";
import { photoFields, photoOptions } from "./photo.ts";

/** Served at /post/{slug}, listed on the home page and in /rss.xml. */
export const post = defineType({
  name: "post",
  title: "Post",
  type: "document",
  fields: [
    titleField,
    slugField,
    defineField({
      name: "publishedAt",
      title: "Published at",
      type: "datetime",
      validation: (rule) => rule.required(),
    }),
    defineField({ name: "excerpt", title: "Excerpt", type: "text", rows: 3 }),
    defineField({
      name: "mainImage",
      title: "Cover image",
      type: "image",
      options: photoOptions,
      fields: photoFields,
    }),
    defineField({ name: "body", title: "Body", type: "richText" }),
  ],
  orderings: [
    {
      title: "Newest first",
      name: "publishedAtDesc",
      by: [{ field: "publishedAt", direction: "desc" }],
    },
  ],
});

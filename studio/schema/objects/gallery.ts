import { defineArrayMember, defineField, defineType } from "sanity";
import { photoFields, photoOptions } from "../fields/photo";
import { translationsOf } from "../fields/translations";

export const gallery = defineType({
  name: "gallery",
  title: "Gallery",
  type: "object",
  fields: [
    defineField({ name: "title", title: "Title", type: "string" }),
    translationsOf({ name: "title", title: "Title", type: "string" }),
    defineField({
      name: "images",
      title: "Photographs",
      type: "array",
      of: [defineArrayMember({ type: "image", options: photoOptions, fields: photoFields })],
      options: { layout: "grid" },
      validation: (rule) => rule.min(1),
    }),
  ],
  preview: { select: { title: "title", media: "images.0" } },
});

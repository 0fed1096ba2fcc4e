import { defineField, defineType } from "@sanity/types";
import { slugField, titleField } from "./fields.ts";

/** Served at /{slug}: contact, portfolio, imprint and any page the owner adds. */
export const page = defineType({
  name: "page",
  title: "Page",
  type: "document",
  fields: [
    titleField,
    slugField,
    defineField({ name: "description", title: "Description", type: "text", rows: 2 }),
    defineField({ name: "body", title: "Body", type: "richText" }),
  ],
});

import { defineField, defineType } from "sanity";
import { slugField, titleField } from "../fields/title-and-slug";

/** Served at /{slug}: contact, portfolio, imprint and any page the owner adds. */
export const page = defineType({
  name: "page",
  title: "Page",
  type: "document",
  fields: [
    titleField,
    slugField,
    defineField({
      name: "description",
      title: "Description",
      description: "One or two sentences for search engines and link previews.",
      type: "text",
      rows: 2,
    }),
    defineField({ name: "body", title: "Body", type: "richText" }),
  ],
  preview: { select: { title: "title", slug: "slug.current" }, prepare: pagePreview },
});

function pagePreview({ title, slug }: { title?: string; slug?: string }) {
  return { title: title ?? "Untitled", subtitle: slug ? `/${slug}` : undefined };
}

import { defineField, defineType } from "sanity";
import { pageSlugField, titleField } from "../fields/title-and-slug";
import { translationsOf } from "../fields/translations";

/** Served at /{slug}: contact, portfolio, imprint and any page the owner adds. */
export const page = defineType({
  name: "page",
  title: "Page",
  type: "document",
  fields: [
    titleField,
    translationsOf({ name: "title", title: "Title", type: "string" }),
    pageSlugField,
    defineField({
      name: "description",
      title: "Description",
      description: "One or two sentences for search engines and link previews.",
      type: "text",
      rows: 2,
    }),
    translationsOf({ name: "description", title: "Description", type: "text" }),
    defineField({ name: "body", title: "Body", type: "richText" }),
    translationsOf({ name: "body", title: "Body", type: "richText" }),
  ],
  preview: { select: { title: "title", slug: "slug.current" }, prepare: pagePreview },
});

function pagePreview({ title, slug }: { title?: string; slug?: string }) {
  return { title: title ?? "Untitled", subtitle: slug ? `/${slug}` : undefined };
}

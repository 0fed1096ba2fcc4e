import { defineField, defineType, type PreviewValue } from "sanity";
import { photoFields, photoOptions } from "../fields/photo";
import { slugField, titleField } from "../fields/title-and-slug";
import { translationsOf } from "../fields/translations";
import { localDay } from "../local-day";

/** Served at /post/{slug}, listed on the home page and in /rss.xml. */
export const post = defineType({
  name: "post",
  title: "Post",
  type: "document",
  fields: [
    titleField,
    translationsOf({ name: "title", title: "Title", type: "string" }),
    slugField,
    defineField({
      name: "publishedAt",
      title: "Published at",
      description:
        "The post's date. A date in the future schedules the post: it stays hidden everywhere " +
        "on the site (home page, archive, feed and its own address) until that moment.",
      type: "datetime",
      initialValue: () => new Date().toISOString(),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "excerpt",
      title: "Excerpt",
      description: "A short summary for the list of posts, the feed and link previews.",
      type: "text",
      rows: 3,
    }),
    translationsOf({ name: "excerpt", title: "Excerpt", type: "text" }),
    defineField({
      name: "mainImage",
      title: "Cover image",
      type: "image",
      options: photoOptions,
      fields: photoFields,
    }),
    defineField({ name: "body", title: "Body", type: "richText" }),
    translationsOf({ name: "body", title: "Body", type: "richText" }),
  ],
  orderings: [
    {
      title: "Newest first",
      name: "publishedAtDesc",
      by: [{ field: "publishedAt", direction: "desc" }],
    },
  ],
  preview: {
    select: { title: "title", publishedAt: "publishedAt", media: "mainImage" },
    prepare: postPreview,
  },
});

function postPreview({
  title,
  publishedAt,
  media,
}: {
  title?: string;
  publishedAt?: string;
  media?: PreviewValue["media"];
}): PreviewValue {
  const day = publishedAt ? localDay(publishedAt) : undefined;
  // A post dated in the future is not on the site yet; say so in the list.
  const subtitle =
    publishedAt && Date.parse(publishedAt) > Date.now() ? `Scheduled for ${day}` : day;
  return { title: title ?? "Untitled", subtitle, media };
}

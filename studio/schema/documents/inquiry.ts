import { defineField, defineType } from "sanity";
import { photoOptions } from "../fields/photo";
import { localDay } from "../local-day";

/**
 * A message a visitor sent through the site's contact form. The site writes it (with its
 * token) at `inquiry.{id}`: an id on a sub-path, which Sanity never shows to anyone without a
 * token, so inquiries stay private even in a public dataset. Everything the visitor sent is
 * read-only here; the owner sets only the status. The site never shows inquiries.
 */
export const INQUIRY_STATUSES = [
  { title: "New", value: "new" },
  { title: "Answered", value: "answered" },
  { title: "Archived", value: "archived" },
];

/**
 * What the inquiry is about: the values the site's form sends, with the form's words
 * (shared/inquiries.ts; tests/node/studio-schema.test.ts keeps the two lists
 * one, and TypeGen's types make the worker's document agree with this one).
 */
export const SUBJECTS = [
  { title: "A general question", value: "general" },
  { title: "Buying a print", value: "print" },
  { title: "Licensing a photograph", value: "licence" },
  { title: "A commission", value: "commission" },
];

export const inquiry = defineType({
  name: "inquiry",
  title: "Inquiry",
  type: "document",
  // The status changes straight away, without a draft to publish: it is the owner's own note.
  liveEdit: true,
  fields: [
    defineField({
      name: "status",
      title: "Status",
      description: "Yours to set: new until you answer it, then answered or archived.",
      type: "string",
      options: { list: INQUIRY_STATUSES, layout: "radio", direction: "horizontal" },
      initialValue: "new",
    }),
    defineField({ name: "receivedAt", title: "Received", type: "datetime", readOnly: true }),
    defineField({ name: "name", title: "Name", type: "string", readOnly: true }),
    defineField({ name: "email", title: "E-mail", type: "string", readOnly: true }),
    defineField({
      name: "subject",
      title: "About",
      type: "string",
      options: { list: SUBJECTS },
      readOnly: true,
    }),
    defineField({ name: "message", title: "Message", type: "text", rows: 12, readOnly: true }),
    defineField({
      name: "photo",
      title: "Photograph",
      description: "The photograph the visitor asked about, when they came from one.",
      type: "object",
      readOnly: true,
      fields: [
        defineField({ name: "title", title: "Title", type: "string" }),
        defineField({ name: "url", title: "Its page on the site", type: "url" }),
        defineField({ name: "reference", title: "Reference", type: "string" }),
        defineField({ name: "image", title: "Photograph", type: "image", options: photoOptions }),
      ],
    }),
    defineField({
      name: "mail",
      title: "E-mail to you",
      description: "When the site sent you a copy of this inquiry by e-mail.",
      type: "object",
      readOnly: true,
      fields: [
        defineField({ name: "to", title: "To", type: "string" }),
        defineField({ name: "sentAt", title: "Sent", type: "datetime" }),
        defineField({ name: "messageId", title: "Message-ID", type: "string" }),
      ],
    }),
  ],
  orderings: [
    {
      title: "Newest first",
      name: "receivedAtDesc",
      by: [{ field: "receivedAt", direction: "desc" }],
    },
  ],
  preview: {
    select: {
      name: "name",
      subject: "subject",
      status: "status",
      receivedAt: "receivedAt",
      media: "photo.image",
    },
    prepare: inquiryPreview,
  },
});

function inquiryPreview({
  name,
  subject,
  status,
  receivedAt,
  media,
}: {
  name?: string;
  subject?: string;
  status?: string;
  receivedAt?: string;
  media?: unknown;
}) {
  const about = SUBJECTS.find((entry) => entry.value === subject)?.title ?? subject ?? "";
  const state = INQUIRY_STATUSES.find((entry) => entry.value === status)?.title ?? "New";
  const day = receivedAt ? localDay(receivedAt) : "";
  return {
    title: name ?? "Unknown sender",
    subtitle: [state, about, day].filter(Boolean).join(" · "),
    media: media as never,
  };
}

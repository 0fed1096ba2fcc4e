import { defineArrayMember, defineField, defineType } from "sanity";
import { localDay } from "../local-day";

/**
 * The favourites one client marked in a gallery, with the note they sent. The site writes it
 * (docs/galleries.md, "The gallery document"); the Studio only shows it, with a button that
 * copies the file names for Lightroom's filter (studio/galleries/SelectionsInput.tsx).
 */
export const gallerySelection = defineType({
  name: "gallerySelection",
  title: "Selection",
  type: "object",
  readOnly: true,
  fields: [
    defineField({
      name: "client",
      title: "Client",
      description: "The client's e-mail address, confirmed by the link the site sent to it.",
      type: "string",
    }),
    defineField({
      name: "photos",
      title: "Favourites",
      description: "The file names, in the gallery's order.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
    }),
    defineField({ name: "note", title: "Note", type: "text", rows: 4 }),
    defineField({
      name: "sentAt",
      title: "Sent",
      description: 'When the client pressed "send"; empty while they are still choosing.',
      type: "datetime",
    }),
    defineField({ name: "updatedAt", title: "Last change", type: "datetime" }),
  ],
  preview: {
    select: { client: "client", photos: "photos", sentAt: "sentAt" },
    prepare: ({
      client,
      photos,
      sentAt,
    }: {
      client?: string;
      photos?: string[];
      sentAt?: string;
    }) => ({
      title: client ?? "A client",
      subtitle: `${photos?.length ?? 0} favourites${sentAt ? ` · sent ${localDay(sentAt)}` : ""}`,
    }),
  },
});

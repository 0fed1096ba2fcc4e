import { defineField, defineType } from "sanity";
import { localDay } from "../local-day";

/**
 * A private gallery for one client's shoot (docs/galleries.md). The owner creates it from the
 * Client galleries list, which gives it the id `clientGallery.{26 random characters}`: the
 * gallery's address is `/g/{those characters}`, and an id on a sub-path is never served to
 * anyone without a token, so no public query reads it. The photographs are not here: they are
 * in a private bucket, uploaded with `npm run gallery -- upload`.
 *
 * Saved as it is edited, without drafts (`liveEdit`): the site reads this document itself
 * (turning a gallery off must not wait for a publish), and writes the client's favourites and
 * the counts back into it.
 */

/** What a client may download; the values the site reads (worker/galleries/settings.ts). */
export const DOWNLOAD_OPTIONS = [
  { title: "Originals (and 2048 px)", value: "original" },
  { title: "2048 px only", value: "2048" },
  { title: "No downloads", value: "off" },
];

/** The gallery's stage; the values the site reads (worker/galleries/settings.ts). */
export const STAGE_OPTIONS = [
  { title: "Proofing (watermarked)", value: "proofing" },
  { title: "Delivered (clean)", value: "delivered" },
];

export const clientGallery = defineType({
  name: "clientGallery",
  title: "Client gallery",
  type: "document",
  liveEdit: true,
  fields: [
    defineField({
      name: "title",
      title: "Title",
      description: "Shown at the top of the gallery, e.g. “Ana & Luis, 14 June”.",
      type: "string",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "cover",
      title: "Cover",
      description:
        "The file name of the photograph shown on the gallery's door, before the password, and " +
        "above its photographs, e.g. “DSC_0142.jpg”. Empty: the first photograph.",
      type: "string",
    }),
    defineField({
      name: "clientName",
      title: "Client's name",
      description: "Shown under the title.",
      type: "string",
    }),
    defineField({
      name: "clientEmail",
      title: "Client's e-mail",
      description: "For you; the site never shows it.",
      type: "string",
      validation: (rule) => rule.email(),
    }),
    defineField({
      name: "password",
      title: "Password",
      description:
        "Without one, the link alone opens the gallery. Only a hash of it is kept: it is shown " +
        "once, when you set it.",
      type: "galleryPassword",
    }),
    defineField({
      name: "expiresAt",
      title: "Open until",
      description:
        "After this moment the link shows a page saying the gallery has ended. Empty: no end.",
      type: "datetime",
    }),
    defineField({
      name: "enabled",
      title: "Open",
      description:
        "Off: every address of the gallery (its page, photographs and downloads) answers " +
        "“not found”, within seconds when the publish webhook is set up.",
      type: "boolean",
      initialValue: true,
    }),
    defineField({
      name: "stage",
      title: "Stage",
      description:
        "Proofing: every photograph, size, zoom and download carries your watermark (Site " +
        "settings → Client galleries), and downloads follow your setting for proofs. Delivered: " +
        "clean photographs and the downloads below, from the client's next request.",
      type: "string",
      options: { list: STAGE_OPTIONS, layout: "radio", direction: "horizontal" },
      // A new gallery starts in your default (Site settings → Client galleries).
      initialValue: async (_params, context) =>
        (await context
          .getClient({ apiVersion: "2025-02-19" })
          .fetch<string | null>(`*[_id == "siteSettings"][0].galleries.defaultStage`)) ??
        "proofing",
    }),
    defineField({
      name: "downloads",
      title: "Downloads",
      type: "string",
      options: { list: DOWNLOAD_OPTIONS, layout: "radio", direction: "horizontal" },
      initialValue: "original",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: "favouritesLimit",
      title: "Favourites to choose",
      description: "“Choose 40”: the most favourites a client may mark. Empty: no limit.",
      type: "number",
      validation: (rule) => rule.integer().min(1),
    }),
    defineField({
      name: "prints",
      title: "Prints",
      description:
        "Your client can order prints of these photographs from the gallery (the site must sell: " +
        "docs/store.md). Each is made from the original, never the watermarked proof.",
      type: "boolean",
      initialValue: false,
    }),
    defineField({
      name: "printList",
      title: "Price list",
      description:
        "The Store's prints this gallery offers, each at the Store's price or one of its own. " +
        "Empty: every print of the Store, at the Store's prices. A size is offered only for " +
        "photographs with at least 150 pixels per inch at it.",
      type: "array",
      of: [{ type: "galleryPrint" }],
      hidden: ({ document }) => document?.prints !== true,
    }),
    defineField({
      name: "selections",
      title: "Favourites",
      description: "What each client marked and sent, as it arrives. Written by the site.",
      type: "array",
      of: [{ type: "gallerySelection" }],
      readOnly: true,
    }),
    defineField({
      name: "stats",
      title: "Visits",
      description: "Written by the site.",
      type: "galleryStats",
      readOnly: true,
    }),
    defineField({
      name: "activity",
      title: "Activity",
      description:
        "Opened, favourites, the selection, each download and ZIP: newest first, written by the " +
        "site a moment after each, kept as long as Site settings → Client galleries says " +
        "(180 days unless set). No address is kept: a device is a hash salted anew each day.",
      type: "array",
      of: [{ type: "galleryActivity" }],
      readOnly: true,
    }),
  ],
  orderings: [
    {
      title: "Newest first",
      name: "createdDesc",
      by: [{ field: "_createdAt", direction: "desc" }],
    },
  ],
  preview: {
    select: {
      title: "title",
      clientName: "clientName",
      enabled: "enabled",
      expiresAt: "expiresAt",
      hash: "password.hash",
      stage: "stage",
    },
    prepare: galleryPreview,
  },
});

function galleryPreview({
  title,
  clientName,
  enabled,
  expiresAt,
  hash,
  stage,
}: {
  title?: string;
  clientName?: string;
  enabled?: boolean;
  expiresAt?: string;
  hash?: string;
  stage?: string;
}) {
  const state =
    enabled === false
      ? "Closed"
      : expiresAt && Date.parse(expiresAt) <= Date.now()
        ? "Ended"
        : expiresAt
          ? `Open until ${localDay(expiresAt)}`
          : "Open";
  return {
    title: title ?? "Untitled gallery",
    subtitle: [
      clientName,
      state,
      stage === "proofing" ? "Proofing" : "Delivered",
      hash ? undefined : "no password",
    ]
      .filter(Boolean)
      .join(" · "),
  };
}

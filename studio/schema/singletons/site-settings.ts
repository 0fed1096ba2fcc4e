import { defineArrayMember, defineField, defineType } from "sanity";
import { photoOptions } from "../fields/photo";
import { timeZoneField } from "../fields/time-zone";
import { translationsOf } from "../fields/translations";
import { ZOOM_CHOICES } from "../fields/zoom";
import { SITE_LANGUAGES } from "../languages";

/** The one site-settings document has this id; the site reads it by id, not by type. */
export const SITE_SETTINGS_ID = "siteSettings";

const DEFAULT_NAVIGATION = [
  { _key: "home", _type: "navItem", label: "Home", path: "/" },
  { _key: "contact", _type: "navItem", label: "Contact", path: "/contact" },
  { _key: "portfolio", _type: "navItem", label: "Portfolio", path: "/portfolio" },
  { _key: "photos", _type: "navItem", label: "Photos", path: "/photos" },
];

// Everything here is optional: the site has its own default for each empty field, so a
// half-filled (or missing) settings document never breaks a page.
const OPTIONAL = "Optional: when empty, the site uses its built-in default.";

/** The one settings document (id `siteSettings`), opened from the Studio's Site settings item. */
export const siteSettings = defineType({
  name: "siteSettings",
  title: "Site settings",
  type: "document",
  fields: [
    defineField({
      name: "language",
      title: "Language of the site",
      description:
        "The language of every word the site writes for your visitors and clients (buttons, " +
        "messages, dates, e-mails to buyers). When empty, the site's setting SITE_LANGUAGE " +
        "(English unless you set it).",
      type: "string",
      options: { list: SITE_LANGUAGES },
    }),
    defineField({
      name: "languages",
      title: "More languages",
      description:
        "Further languages your content is written in. Each turned on gets addresses of its own " +
        "(/de/…, /fr/…) and a language switcher on every page; each text of pages, posts, " +
        "photographs and these settings then has a field per language beside it. A text left " +
        "untranslated shows the site's language.",
      type: "array",
      of: [defineArrayMember({ type: "string" })],
      options: { list: SITE_LANGUAGES, layout: "grid" },
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: "title",
      title: "Site title",
      description: `Shown in the browser tab and in search results. ${OPTIONAL}`,
      type: "string",
    }),
    translationsOf({ name: "title", title: "Site title", type: "string" }),
    defineField({
      name: "brand",
      title: "Brand",
      description: `The name in the header of every page, linking to the home page. ${OPTIONAL}`,
      type: "string",
    }),
    defineField({
      name: "description",
      title: "Tagline",
      description: `A sentence about your work, for search engines and link previews. ${OPTIONAL}`,
      type: "text",
      rows: 2,
    }),
    translationsOf({ name: "description", title: "Tagline", type: "text" }),
    defineField({
      name: "ownerName",
      title: "Your name",
      description: `Shown in the copyright line of the footer. ${OPTIONAL}`,
      type: "string",
    }),
    defineField({
      name: "email",
      title: "E-mail",
      description: `The address the footer's e-mail link writes to. ${OPTIONAL}`,
      type: "string",
      validation: (rule) => rule.email(),
    }),
    defineField({
      name: "socialLinks",
      title: "Social links",
      description: `Your profiles elsewhere, linked from the footer. ${OPTIONAL}`,
      type: "array",
      of: [defineArrayMember({ type: "socialLink" })],
    }),
    defineField({
      name: "navigation",
      title: "Navigation",
      description: `The links in the header, in this order. ${OPTIONAL}`,
      type: "array",
      of: [defineArrayMember({ type: "navItem" })],
      initialValue: DEFAULT_NAVIGATION,
    }),
    defineField({
      name: "intro",
      title: "Home page introduction",
      description: `The text at the top of the home page. ${OPTIONAL}`,
      type: "introText",
    }),
    translationsOf({ name: "intro", title: "Home page introduction", type: "introText" }),
    defineField({
      name: "names",
      title: "Tags and places in other languages",
      description:
        "A tag or a place as it is stored, with its name in each further language. A place's " +
        "country is written in each language already; a name not listed is shown as stored.",
      type: "array",
      of: [defineArrayMember({ type: "translatedName" })],
    }),
    defineField({
      name: "socialImage",
      title: "Social image",
      description:
        "The picture shown when a page without a photograph of its own is shared " +
        `(link previews are about twice as wide as tall: set the hotspot). ${OPTIONAL}`,
      type: "image",
      options: photoOptions,
      fields: [
        defineField({
          name: "alt",
          title: "Alternative text",
          description: "What the picture shows, for people who cannot see it.",
          type: "string",
        }),
      ],
    }),
    defineField({
      name: "licenseUrl",
      title: "Licence of your photographs",
      description:
        "The address of the licence your photographs are offered under (search engines show a " +
        `"Licensable" badge with it). ${OPTIONAL}`,
      type: "url",
    }),
    defineField({
      name: "licensePage",
      title: "Where to license a photograph",
      description:
        "A page of this site (such as /contact) or a web address where a photograph can be " +
        `licensed or bought as a print. When empty, the contact page.`,
      type: "string",
    }),
    timeZoneField({
      description:
        "A post's date is the day it is there when it goes live. When empty, the day in UTC.",
      required: false,
    }),
    defineField({
      name: "publicSize",
      title: "Public size (pixels on the long edge)",
      description:
        "The largest copy of a photograph anyone may take from the site for free. " +
        "`npm run import` puts a copy this size in Sanity (whose image addresses serve a " +
        "photograph whole to anyone) and keeps a larger original privately, for buyers. After " +
        "uploading photographs here in the Studio, or changing this size, run " +
        "`npm run import -- --originals`. When empty, 2048.",
      type: "number",
      validation: (rule) => rule.integer().min(640).max(8192),
    }),
    defineField({
      name: "zoom",
      title: "Zoom on photo pages",
      description:
        "How far visitors may zoom into a photograph on its page; each photograph can have its " +
        "own choice. To the original's pixels shows a screenful at a time, never the whole file.",
      type: "string",
      options: { list: ZOOM_CHOICES, layout: "radio" },
      initialValue: "public",
    }),
    defineField({
      name: "galleries",
      title: "Client galleries",
      description:
        "Proofing: the stage a new gallery starts in, the watermark and proofs' downloads.",
      type: "object",
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({
          name: "defaultStage",
          title: "A new gallery starts in",
          type: "string",
          options: {
            list: [
              { title: "Proofing (watermarked)", value: "proofing" },
              { title: "Delivered (clean)", value: "delivered" },
            ],
            layout: "radio",
            direction: "horizontal",
          },
          initialValue: "proofing",
        }),
        defineField({
          name: "proofDownloads",
          title: "Downloads while proofing",
          type: "string",
          options: {
            list: [
              { title: "None", value: "off" },
              { title: "Watermarked web size (2048 px)", value: "marked" },
            ],
            layout: "radio",
            direction: "horizontal",
          },
          initialValue: "off",
        }),
        defineField({
          name: "activityDays",
          title: "Keep each gallery's activity for (days)",
          type: "number",
          initialValue: 180,
          validation: (rule) => rule.integer().min(1).max(3650),
        }),
        defineField({
          name: "mailFirstOpened",
          title: "E-mail me when a gallery is first opened",
          description:
            "Once per gallery: when your client first opens it (the right password, or the link " +
            "of a gallery without one). Sent where a client's selection is sent.",
          type: "boolean",
          initialValue: false,
        }),
        defineField({
          name: "expiryReminders",
          title: "Remind clients before a gallery closes",
          description:
            "An e-mail 7 days and 1 day before a gallery's expiry to each client who opened it " +
            "with their e-mail, with the favourites they have not downloaded yet. Sent between " +
            "9:00 and 20:00 on their clock, with a one-click unsubscribe.",
          type: "boolean",
          initialValue: false,
        }),
        defineField({
          name: "expiryMessage",
          title: "Before a gallery closes: your words",
          description:
            "Said first, before the day it closes and their favourites, in the site's language " +
            "(a client gallery's); a friendly default if empty.",
          type: "text",
          rows: 3,
          validation: (rule) => rule.max(1000),
        }),
        defineField({
          name: "printsReminderDays",
          title: "Suggest prints of their favourites after delivery (days)",
          description:
            "For a gallery selling prints: this many days after it is delivered, an e-mail to each " +
            "client with favourites and no order, showing their favourites. Empty: none.",
          type: "number",
          validation: (rule) => rule.integer().min(1).max(60),
        }),
        defineField({
          name: "printsReminderPercent",
          title: "…with a code of their own for this share off (%)",
          description: "Valid for 7 days, once, on prints, typed in the cart. Empty: no code.",
          type: "number",
          validation: (rule) => rule.integer().min(1).max(90),
        }),
        defineField({
          name: "printsMessage",
          title: "Prints after delivery: your words",
          description:
            "Said first, before their favourites, in the site's language (a client gallery's); " +
            "a friendly default if empty.",
          type: "text",
          rows: 3,
          validation: (rule) => rule.max(1000),
        }),
        defineField({
          name: "watermark",
          title: "Watermark",
          description:
            "An image (your logo: a PNG with transparency), a line of text, or both. Drawn by " +
            "`npm run gallery` when it uploads; after changing it, run " +
            "`npm run gallery -- mark --gallery <id>` for each proofing gallery.",
          type: "object",
          fields: [
            defineField({
              name: "image",
              title: "Image",
              description:
                "Drawn before the text, as tall as the mark; leave the text empty for the image alone.",
              type: "image",
            }),
            defineField({ name: "text", title: "Text", type: "string", initialValue: "PROOF" }),
            defineField({
              name: "position",
              title: "Position",
              type: "string",
              options: {
                list: ["center", "bottom-right", "bottom-left", "top-right", "top-left"],
              },
              initialValue: "center",
            }),
            defineField({
              name: "size",
              title: "Size (% of the shorter side)",
              type: "number",
              initialValue: 12,
              validation: (rule) => rule.min(2).max(50),
            }),
            defineField({
              name: "opacity",
              title: "Opacity (0.1 to 1)",
              type: "number",
              initialValue: 0.55,
              validation: (rule) => rule.min(0.1).max(1),
            }),
          ],
        }),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: "Site settings" }) },
});

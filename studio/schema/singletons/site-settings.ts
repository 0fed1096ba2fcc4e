import { defineArrayMember, defineField, defineType } from "sanity";
import { photoOptions } from "../fields/photo";
import { textBlock } from "../objects/rich-text";

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
      name: "title",
      title: "Site title",
      description: `Shown in the browser tab and in search results. ${OPTIONAL}`,
      type: "string",
    }),
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
      type: "array",
      of: [textBlock],
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
  ],
  preview: { prepare: () => ({ title: "Site settings" }) },
});

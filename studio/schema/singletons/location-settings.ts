import { defineArrayMember, defineField, defineType } from "sanity";

/**
 * Where photographs were made, as the site may say it (shared/location.ts is the rule; its
 * levels are listed here again, as the Studio is installed on its own, and
 * tests/node/studio-schema.test.ts keeps the two lists the same).
 *
 * The document's id has a path (`settings.location`): in a public dataset a document whose id
 * has a "." is readable only with a token, so the zones (often the owner's home) are not public
 * as every other document is. `npm run import` reads it with its token and stores each
 * photograph's place after it; the site shows those places and never reads this.
 */
export const LOCATION_SETTINGS_ID = "settings.location";

export const PRECISION_OPTIONS = [
  { value: "exact", title: "Exact position" },
  { value: "1km", title: "About 1 km" },
  { value: "10km", title: "About 10 km (a town)" },
  { value: "region", title: "Region (about 100 km)" },
  { value: "country", title: "Country (about 500 km)" },
  { value: "hidden", title: "Hidden" },
];

export const locationSettings = defineType({
  name: "locationSettings",
  title: "Location privacy",
  type: "document",
  fields: [
    defineField({
      name: "precision",
      title: "How precisely the map shows where a photograph was made",
      description:
        "Applied by npm run import to each photograph's position before it is stored (a placement can show it more coarsely still). Coarse levels move a position to the middle of a grid cell, so many photographs from one spot never give it away. Empty: hidden, no map. After a change, run the import again: what is stored follows it.",
      type: "string",
      options: { list: PRECISION_OPTIONS, layout: "radio" },
      initialValue: "10km",
    }),
    defineField({
      name: "zones",
      title: "Never-show zones",
      description:
        "Places (your home, a client's house) inside which no photograph's location is stored, whatever its level. This document is private: only the importer, with its token, reads it. After adding one, run the import again.",
      type: "array",
      of: [
        defineArrayMember({
          type: "object",
          name: "zone",
          fields: [
            defineField({ name: "name", title: "Name", type: "string" }),
            defineField({
              name: "centre",
              title: "Centre",
              type: "geopoint",
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: "radius",
              title: "Radius (metres)",
              type: "number",
              initialValue: 1000,
              validation: (rule) => rule.required().min(50).max(100_000),
            }),
          ],
          preview: { select: { title: "name", subtitle: "radius" } },
        }),
      ],
    }),
  ],
  preview: { prepare: () => ({ title: "Location privacy" }) },
});

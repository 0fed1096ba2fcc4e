import { defineField, defineType } from "sanity";

/** How often a client gallery was opened and downloaded; the site counts and writes it. */
export const galleryStats = defineType({
  name: "galleryStats",
  title: "Visits",
  type: "object",
  readOnly: true,
  fields: [
    defineField({ name: "opened", title: "Opened", type: "number" }),
    defineField({ name: "downloads", title: "Downloads", type: "number" }),
    defineField({ name: "lastOpenedAt", title: "Last opened", type: "datetime" }),
  ],
});

import { defineField } from "sanity";

/**
 * How far the public zoom of a photograph goes (shared/public-size.ts is the rule; the values
 * are listed here again, as the Studio is installed on its own): no further than the public
 * size, or to the original's own pixels, in regions the site cuts from the private original.
 */
export const ZOOM_CHOICES = [
  { title: "No further than the public size", value: "public" },
  { title: "To the original's pixels", value: "original" },
];

/** The owner's per-photograph override of the site's zoom; the strictest placement wins. */
export const zoomField = defineField({
  name: "zoom",
  title: "Zoom",
  description:
    "How far visitors may zoom into this photograph on its page. Where it is placed several " +
    "times, the strictest choice holds for all of them.",
  type: "string",
  options: {
    list: [{ title: "As the site's setting", value: "default" }, ...ZOOM_CHOICES],
    layout: "radio",
  },
  initialValue: "default",
});

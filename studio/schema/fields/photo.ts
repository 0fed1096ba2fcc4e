import { defineField, type ImageOptions } from "sanity";
import { PRECISION_OPTIONS } from "../singletons/location-settings";
import { forSaleField } from "./for-sale";
import { translationsOf } from "./translations";
import { zoomField } from "./zoom";

/**
 * Fields of every photograph (an `image` with its title, alt text and caption). The title heads
 * the photograph's page, with the caption below it; without one, the title the Media tool holds
 * (the IPTC Title `npm run import` reads) heads it, and without that the caption does. Images stay of type
 * `image` in the data, as the site's queries expect, so this is a field list, not a type alias.
 */
export const photoFields = [
  defineField({
    name: "alt",
    title: "Alternative text",
    description: "What the photograph shows, for visitors who cannot see it.",
    type: "string",
    validation: (rule) => rule.required(),
  }),
  translationsOf({ name: "alt", title: "Alternative text", type: "string" }),
  defineField({
    name: "title",
    title: "Title",
    description:
      "Heads the photograph's page, above the caption. Empty: the title in the Media tool (the IPTC Title npm run import reads), else the caption.",
    type: "string",
  }),
  translationsOf({ name: "title", title: "Title", type: "string" }),
  defineField({
    name: "caption",
    title: "Caption",
    description: "Shown below the photograph, and below its title on its own page.",
    type: "string",
  }),
  translationsOf({ name: "caption", title: "Caption", type: "string" }),
  defineField({
    name: "location",
    title: "Location on the map",
    description:
      "Shows where this photograph was made more coarsely here than the place npm run import stored (at your Location privacy), or hides it. Never finer: the place is public as stored, so import at the level you mean to publish.",
    type: "string",
    options: { list: PRECISION_OPTIONS },
  }),
  forSaleField,
  zoomField,
];

/**
 * What Sanity reads from a photograph uploaded through an image field: the blurred placeholder
 * shown while it loads (`lqip`), its colours (`palette`), the exposure data (`exif`: aperture,
 * shutter speed, ISO, lens) and the camera's own tags (`image`: make and model), which the site
 * shows beside each photograph. Sanity reads them once, at upload, so a change here applies to
 * photographs uploaded afterwards.
 *
 * The GPS position (`location`) is left out on purpose: it is stored with the image asset, and
 * in a public dataset anyone who knows the project id can query it, so it tells strangers where
 * each photograph was taken, often the owner's home. The site never reads it: a photograph is on
 * the map only through the place `npm run import` stores, after the owner's rule.
 *
 * The list only governs what Sanity stores from uploads through image fields: the file itself
 * keeps its GPS (Sanity's CDN serves the original to anyone), and the Media tool
 * (sanity-plugin-media) asks for every kind of metadata, location included (docs/content.md).
 */
export const photoOptions = {
  hotspot: true,
  metadata: ["lqip", "palette", "exif", "image"],
} satisfies ImageOptions;

import { type DocumentActionComponent, defineConfig } from "sanity";
import { defineDocuments, defineLocations, presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { internationalizedArray } from "sanity-plugin-internationalized-array";
import { media } from "sanity-plugin-media";
import { CancelBookingAction } from "./bookings/CancelBookingAction";
import { MoveBookingAction } from "./bookings/MoveBookingAction";
import { dataset, previewOrigin, projectId } from "./env";
import { clientGalleries } from "./galleries/plugin";
import { insights } from "./insights/plugin";
import {
  ownIdTypes,
  privateSingletonTypes,
  SITE_SETTINGS_ID,
  schemaTypes,
  singletonTypes,
  siteWrittenTypes,
} from "./schema";
import { TRANSLATABLE_TYPES } from "./schema/fields/translations";
import { translationLanguages } from "./schema/languages";
import { structure } from "./structure";

// What may be done to a singleton: publish it, throw away unpublished edits, bring back an
// older revision. Duplicate and delete are left out: a copy would have another id, which the
// site never reads, and deleting it would silently bring back the site's defaults.
const singletonActions = new Set(["publish", "discardChanges", "restore"]);

const keepSingletonActions = (actions: DocumentActionComponent[]) =>
  actions.filter(({ action }) => action !== undefined && singletonActions.has(action));

export default defineConfig({
  name: "default",
  title: "Portfolio",
  projectId: projectId(),
  dataset: dataset(),

  plugins: [
    structureTool({ structure }),
    insights(),
    presentationTool({
      previewUrl: {
        origin: previewOrigin(),
        // The site's routes that turn draft preview on (after checking the secret the
        // Presentation tool passes) and off again. Sanity 6 marks `disable` as not yet called
        // by the tool; it documents the site's exit route and is ready for when it is.
        previewMode: { enable: "/_app/preview/enable", disable: "/_app/preview/disable" },
      },
      resolve: {
        // From an address shown in the preview to the document to edit beside it.
        mainDocuments: defineDocuments([
          { route: "/", filter: `_id == "${SITE_SETTINGS_ID}"` },
          { route: "/post/:slug", filter: `_type == "post" && slug.current == $slug` },
          // The same documents at a further language's addresses (/de/post/…, /de/…).
          { route: "/:lang/post/:slug", filter: `_type == "post" && slug.current == $slug` },
          { route: "/:slug", filter: `_type == "page" && slug.current == $slug` },
          { route: "/:lang/:slug", filter: `_type == "page" && slug.current == $slug` },
        ]),
        // From a document to the addresses that show it ("Used on" in the document pane).
        locations: {
          siteSettings: defineLocations({
            message: "These settings are used on every page",
            tone: "positive",
            locations: [{ title: "Home", href: "/" }],
          }),
          page: defineLocations({
            select: { title: "title", slug: "slug.current" },
            resolve: (doc) =>
              doc?.slug
                ? { locations: [{ title: doc.title || "Untitled", href: `/${doc.slug}` }] }
                : null,
          }),
          post: defineLocations({
            select: { title: "title", slug: "slug.current" },
            resolve: (doc) =>
              doc?.slug
                ? {
                    locations: [
                      { title: doc.title || "Untitled", href: `/post/${doc.slug}` },
                      { title: "Home", href: "/" },
                    ],
                  }
                : null,
          }),
        },
      },
    }),
    // Each text's translations, edited side by side below it: one per further language turned
    // on in the site settings (read from the dataset, so a new language needs no deploy).
    internationalizedArray({
      languages: (client) => translationLanguages(client),
      fieldTypes: [...TRANSLATABLE_TYPES],
      languageDisplay: "titleAndCode",
      buttonLocations: ["field"],
    }),
    // The Media tool: browse, tag and describe every photograph. Tagging one "Slideshow Image"
    // puts it in the site's background slideshow (see README.md).
    media(),
    // Client galleries' password input and favourites (docs/galleries.md). Their links are on
    // the site the Presentation tool shows.
    clientGalleries({ siteUrl: previewOrigin() }),
  ],

  schema: { types: schemaTypes },

  document: {
    // Take the singleton out of every "create new document" menu. Its template itself stays, as
    // the settings pane uses it to fill in the default navigation when the document is first
    // edited; filtering `schema.templates` instead would drop that.
    // Inquiries are written by the site only, so they are left out of it too, and client
    // galleries are created from their own list only, which gives them their id.
    newDocumentOptions: (templates) =>
      templates.filter(
        ({ templateId }) =>
          !singletonTypes.has(templateId) &&
          !privateSingletonTypes.has(templateId) &&
          !siteWrittenTypes.has(templateId) &&
          !ownIdTypes.has(templateId),
      ),
    actions: (actions, { schemaType }) =>
      schemaType === "booking"
        ? [
            MoveBookingAction,
            CancelBookingAction,
            ...actions.filter(({ action }) => action !== "duplicate"),
          ]
        : singletonTypes.has(schemaType) || privateSingletonTypes.has(schemaType)
          ? keepSingletonActions(actions)
          : siteWrittenTypes.has(schemaType) || ownIdTypes.has(schemaType)
            ? actions.filter(({ action }) => action !== "duplicate")
            : actions,
  },
});

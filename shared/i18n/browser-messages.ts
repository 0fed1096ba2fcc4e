/**
 * The words each browser module needs, by module (shared/modules.ts): the server writes exactly
 * these, in the page's language, into every page that may load the module (a JSON script,
 * `<script type="application/json" data-messages="{module}">`, worker/views/BrowserMessages.tsx),
 * and the module reads them from there (client/runtime/messages.ts). So no catalogue is ever in
 * a browser bundle, and a language adds to a page only the words its modules use.
 */
import type { ModuleName } from "../modules.ts";
import type { MessageKey } from "./messages.ts";

export const BROWSER_MESSAGES = {
  "photo-viewer": [
    "viewer.dialog",
    "viewer.close",
    "viewer.previous",
    "viewer.next",
    "viewer.zoomIn",
    "viewer.zoomOut",
    "viewer.fullscreen",
    "viewer.details",
    "photo.position",
    "photo.positionIn",
  ],
  search: ["search.title", "search.label", "search.placeholder", "search.close", "search.failed"],
  "inquiry-form": [
    "contact.correct",
    "contact.problem.nameMissing",
    "contact.problem.nameTooLong",
    "contact.problem.emailMissing",
    "contact.problem.emailInvalid",
    "contact.problem.subjectMissing",
    "contact.problem.messageMissing",
    "contact.problem.messageTooLong",
  ],
  map: [
    "map.view",
    "map.markers",
    "map.keys",
    "map.zoomIn",
    "map.zoomOut",
    "map.fit",
    "map.place",
    "map.group",
    "collection.photographs",
  ],
  "gallery-favourites": [
    "gallery.favourite",
    "gallery.markFavourite",
    "gallery.addToFavourites",
    "gallery.removeFromFavourites",
    "gallery.favourites",
    "gallery.favouritesOf",
  ],
} as const satisfies Partial<Record<ModuleName, readonly MessageKey[]>>;

/** A browser module that has words of its own. */
export type WordyModule = keyof typeof BROWSER_MESSAGES;

/** The keys of the words `module` uses. */
export type BrowserMessageKey<M extends WordyModule> = (typeof BROWSER_MESSAGES)[M][number];

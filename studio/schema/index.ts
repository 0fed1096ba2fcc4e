// The Sanity Studio schema the site expects. The slideshow does not need a type of its own: it
// shows the photographs tagged "Slideshow Image" in the Media tool (sanity-plugin-media).
import { gallery } from "./gallery";
import { page } from "./page";
import { post } from "./post";
import { richText } from "./rich-text";
import { navItem, SITE_SETTINGS_ID, siteSettings, socialLink } from "./site-settings";

export { SITE_SETTINGS_ID };

export const schemaTypes = [page, post, gallery, richText, siteSettings, socialLink, navItem];

/** Document types with exactly one document, whose id is the type's name. */
export const singletonTypes = new Set<string>([siteSettings.name]);

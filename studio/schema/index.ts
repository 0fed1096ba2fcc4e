// The Sanity Studio schema the site expects (SPEC §6a). In your Studio project:
//   import { schemaTypes } from "./schema";   defineConfig({ schema: { types: schemaTypes }, plugins: [media()] })
// The slideshow uses photographs tagged "Slideshow Image" with sanity-plugin-media.
import { gallery } from "./gallery.ts";
import { page } from "./page.ts";
import { post } from "./post.ts";
import { richText } from "./rich-text.ts";
import { siteSettings } from "./site-settings.ts";

export const schemaTypes = [page, post, gallery, richText, siteSettings];

import type { Language } from "../../shared/i18n/languages.ts";
import type { Config } from "../config/config.ts";
import type { ContentSource } from "../content/content-source.ts";
import type { ImageAsset, SiteSettingsDocument } from "../content/model.ts";
import type { SiteSettings } from "../content/site-settings.ts";

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The worker's configuration, put there by the first middleware (config/middleware.ts). */
    config: Config;
    requestId: string;
    /** Read on first use by settingsDocumentFor(c) (request/context.ts). */
    settingsDocument?: Promise<SiteSettingsDocument | null>;
    /** The slideshow's photographs, read on first use by loadLayout (render/load-layout.ts). */
    slideshow?: Promise<ImageAsset[]>;
    /** Resolved on first use by siteSettingsFor(c), in the request's language. */
    site?: SiteSettings;
    /** A further language's address (`/de/…`): put here by the language middleware. */
    language?: Language;
    /** Created on first use by contentFor(c), then shared by the page and the backdrop. */
    source?: ContentSource;
    /** What the visitor's cart holds, told by a private page for its header (store/cart-items.ts). */
    cartItems?: number;
    /** Reads past the content cache: what a payment is decided on (the store's checkout). */
    uncached?: boolean;
    /** The owner's draft preview (a genuine preview cookie): drafts, no caches, private answers. */
    preview?: boolean;
    /** The Studio may show this answer in its frame (preview/middleware.ts). */
    framedByStudio?: boolean;
  };
}

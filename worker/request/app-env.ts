import type { Config } from "../config/config.ts";
import type { ContentSource, Provenance } from "../content/content-source.ts";
import type { SiteSettings } from "../content/site-settings.ts";

/** What rendering needs to know about the matched route. */
export interface RouteMeta {
  name: string;
  /** Whether the footer offers the slideshow toggle: only routes without a path parameter do. */
  slideshowToggle: boolean;
  /** The query parameters the page reads; every other one is ignored, by caches too. */
  query: readonly string[];
}

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The worker's configuration, put there by the first middleware (config/middleware.ts). */
    config: Config;
    requestId: string;
    /** Read on first use by siteSettingsFor(c) (request/context.ts). */
    site?: SiteSettings;
    /** The matched route; absent for unmatched paths. */
    route?: RouteMeta;
    /** Created on first use by contentFor(c), then shared by the page and the backdrop. */
    source?: ContentSource;
    /** The owner's draft preview (a genuine preview cookie): drafts, no caches, private answers. */
    preview?: boolean;
    /** The content generation read for this request; null when it could not be read. */
    generation?: number | null;
    /** The read of the generation under way (request/context.ts, generationFor). */
    generationRead?: Promise<number | null>;
    /** What a page served from the rendered-page cache was built from. */
    keptHtml?: Provenance;
  };
}

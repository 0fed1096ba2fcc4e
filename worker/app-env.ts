import type { SiteSettings } from "./config/site.ts";
import type { ContentSource } from "./content/content-source.ts";
import type { RouteMeta } from "./routes/route-table.ts";

/** What every handler can read from the Hono context. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    site: SiteSettings;
    /** The matched route; absent for unmatched paths. */
    route?: RouteMeta;
    /** Created on first use by contentSource(c), then shared by the page and the backdrop. */
    content?: ContentSource;
  };
}

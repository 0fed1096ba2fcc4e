import { routesApp } from "../routes/register-routes.ts";
import { PHOTO_ROUTES } from "./routes.ts";

/**
 * Photograph pages (routes.ts) as one Hono app.
 *
 * @example
 * ```ts
 * app.route("/", photoViewer); // before the pages: "/{slug}/photo/{key}" is not a page
 * ```
 */
export const photoViewer = routesApp(PHOTO_ROUTES);

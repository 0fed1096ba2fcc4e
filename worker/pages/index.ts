import { routesApp } from "../routes/register-routes.ts";
import { PAGE_ROUTES } from "./routes.ts";

/**
 * The site's own pages (routes.ts) as one Hono app.
 *
 * @example
 * ```ts
 * app.route("/", pages); // last of all: "/{slug}" takes any one-segment address
 * ```
 */
export const pages = routesApp(PAGE_ROUTES);

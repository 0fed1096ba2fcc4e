import type { RouteDefinition } from "../routes/route-definition.ts";
import type { RouteMiddlewareName } from "../routes/route-middlewares.ts";
import { contactPage } from "./contact-page.tsx";
import { thanksPage } from "./thanks.tsx";

/**
 * The contact page with the inquiry form and where a sent inquiry lands. The contact page is a
 * Sanity page like any other (its text comes from the page "contact"), so its pattern names the
 * slug: it shows no slideshow toggle, and the app mounts inquiries before the pages, whose
 * `/{slug}` would serve the text alone.
 *
 * @example
 * ```ts
 * // GET /contact?photo=portfolio/b2i6 → the form, about that photograph
 * ```
 */
export const INQUIRY_ROUTES: readonly RouteDefinition<RouteMiddlewareName>[] = [
  {
    name: "contact",
    path: "/:slug{contact}",
    query: ["photo"],
    middlewares: ["htmlCache"],
    handler: contactPage,
  },
  {
    name: "contact-thanks",
    path: "/contact/thanks",
    middlewares: ["noindex", "htmlCache"],
    handler: thanksPage,
  },
];

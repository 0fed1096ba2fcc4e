import { Hono } from "hono";
import { noindex } from "../middleware/noindex/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contactPage } from "./contact-page.tsx";
import { stampEndpoint } from "./endpoints.ts";
import { submitInquiry } from "./submit.tsx";
import { thanksPage } from "./thanks.tsx";

export { deliverInquiries } from "./consumer.ts";

/**
 * The contact form, whole: the contact page (a Sanity page like any other, its text from the
 * page "contact", followed by the form), its POST (submit.tsx; 303 to the thank-you page once
 * the queue has the inquiry), the thank-you page and the fill-time stamp its script asks for
 * (endpoints.ts). Delivery happens in the queue consumer (consumer.ts), which worker/index.ts
 * hands the inquiries queue. Mounted before the pages, whose `/{slug}` would serve the text
 * alone. The page's pattern names the slug (`/:slug{contact}`) because it is a page about one
 * document, which offers no slideshow toggle.
 */
export const inquiries = new Hono<AppEnv>()
  .get("/:slug{contact}", contactPage)
  .post("/:slug{contact}", submitInquiry())
  .get("/contact/thanks", noindex, thanksPage)
  .get("/_app/inquiries/stamp", stampEndpoint);

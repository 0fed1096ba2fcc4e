import { Hono } from "hono";
import { noindex } from "../middleware/noindex/index.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contactPage } from "./contact-page.tsx";
import { stampEndpoint } from "./endpoints.ts";
import { submitInquiry } from "./submit.tsx";
import { thanksPage } from "./thanks.tsx";

export { deliverInquiries } from "./consumer.ts";
// The signed "opened at" stamp and its minimum fill time, and Turnstile where the owner turned
// it on, guard the booking form too.
export { checkStamp, issueStamp, MIN_FILL_MS } from "./stamp.ts";
export { TurnstileWidget } from "./TurnstileWidget.tsx";
export { askTurnstile } from "./turnstile.ts";

/**
 * The contact form, whole: the contact page (a Sanity page like any other, its text from the
 * page "contact", followed by the form) and the thank-you page, which every visitor sees alike
 * (the public site); the form's POST (submit.tsx; 303 to the thank-you page once the queue has
 * the inquiry) and the fill-time stamp its script asks for (endpoints.ts), which are one
 * visitor's (the private app). Delivery happens in the queue consumer (consumer.ts), which
 * worker/index.ts hands the inquiries queue. The page is mounted before the pages, whose
 * `/{slug}` would serve the text alone; its pattern names the slug (`/:slug{contact}`) because
 * it is a page about one document, which offers no slideshow toggle.
 */
export const inquiryPages = new Hono<AppEnv>()
  .get("/:slug{contact}", contactPage)
  .get("/contact/thanks", noindex, thanksPage);

export const inquiryForms = new Hono<AppEnv>()
  .post("/:slug{contact}", submitInquiry())
  .get("/_app/inquiries/stamp", stampEndpoint);

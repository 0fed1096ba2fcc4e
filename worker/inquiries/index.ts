import { paths } from "../content/paths.ts";
import { routesApp } from "../routes/register-routes.ts";
import { stampEndpoint } from "./endpoints.ts";
import { INQUIRY_ROUTES } from "./routes.ts";
import { submitInquiry } from "./submit.tsx";

export { deliverInquiries } from "./consumer.ts";

/**
 * The contact form, whole: its page and the thank-you page (routes.ts), the form's POST
 * (submit.tsx) and the fill-time stamp its script asks for (endpoints.ts). Delivery happens in
 * the queue consumer (consumer.ts), which worker/index.ts hands the inquiries queue.
 *
 * @example
 * ```ts
 * app.route("/", inquiries); // before the pages: "/contact" would be the page's text alone
 * // POST /contact → 303 /contact/thanks once the queue has the inquiry
 * ```
 */
export const inquiries = routesApp(INQUIRY_ROUTES);

inquiries.post(paths.contact(), submitInquiry());
inquiries.get("/_app/inquiries/stamp", stampEndpoint);

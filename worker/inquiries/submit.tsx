import type { Context, Handler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { phrase } from "../../shared/i18n/messages.ts";
import { checkInquiry, FIELD, type InquiryFields, parsePhotoRef } from "../../shared/inquiries.ts";
import { paths } from "../content/paths.ts";
import { errorText, log } from "../lib/log.ts";
import { redirectTarget } from "../lib/redirect-target.ts";
import { FORM_BODY_LIMIT, readBytes, releaseBody } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { siteOrigin, siteSettingsFor } from "../request/context.ts";
import { LIMIT_PERIOD_SECONDS, LIMIT_WAIT, visitorKey } from "../request/visitor-key.ts";
import { emptyForm, type FormState, renderContactPage } from "./contact-page.tsx";
import type { FormNotice } from "./InquiryForm.tsx";
import { inquiryContent, inquiryMessage } from "./message.ts";
import { checkStamp, inquiryId, MIN_FILL_MS } from "./stamp.ts";
import { askTurnstile, type Fetch } from "./turnstile.ts";

/** A message of 10,000 characters and the rest of the form fit easily; more is refused unread. */
export const MAX_INQUIRY_BYTES = FORM_BODY_LIMIT;

const FORM_TYPES = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

/** Answers that carry what one visitor typed: never cached, anywhere. */
const PRIVATE = { "Cache-Control": "private, no-store" };

const NOTICES = {
  crossSite: {
    title: phrase("contact.notice.crossSite.title"),
    text: phrase("contact.notice.crossSite.text"),
  },
  tooLarge: {
    title: phrase("contact.notice.tooLarge.title"),
    text: phrase("contact.notice.tooLarge.text"),
  },
  unreadable: {
    title: phrase("contact.notice.unreadable.title"),
    text: phrase("contact.notice.unreadable.text"),
  },
  limited: {
    title: phrase("contact.notice.limited.title"),
    text: phrase("contact.notice.limited.text", {
      when: LIMIT_WAIT,
    }),
  },
  turnstile: {
    title: phrase("contact.notice.turnstile.title"),
    text: phrase("contact.notice.turnstile.text"),
  },
  photo: {
    title: phrase("contact.notice.photo.title"),
    text: phrase("contact.notice.photo.text"),
  },
  unavailable: (email: string): FormNotice => ({
    title: phrase("contact.notice.unavailable.title"),
    text: email
      ? phrase("contact.notice.unavailable.textEmail", { email })
      : phrase("contact.notice.unavailable.text"),
  }),
} satisfies Record<string, FormNotice | ((email: string) => FormNotice)>;

/**
 * A cross-site form cannot post here (CSRF): the browser's `Origin` must be this site (the
 * address asked, or SITE_URL), or, from a browser that sends no Origin, its `Sec-Fetch-Site`
 * must say same-origin. A request with neither is not from a browser's form and is refused too.
 * The Content-Security-Policy's `form-action 'self'` keeps the site's own pages from posting
 * anywhere else.
 *
 * Hono's `csrf` middleware makes the same check, but refuses with a bare 403 (an
 * HTTPException) before the handler runs; here a refused visitor gets the contact page again,
 * the reason explained, and SITE_URL counts as this site's origin too.
 */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const allowed = [new URL(c.req.url).origin, c.var.config.siteUrl];
  const origin = c.req.header("Origin");
  if (origin !== undefined) return allowed.includes(origin);
  return c.req.header("Sec-Fetch-Site") === "same-origin";
}

/** Why a submission is taken for a bot's, or undefined. Bots are not told: they see the thanks. */
async function botReason(c: Context<AppEnv>, data: FormData): Promise<string | undefined> {
  if (text(data, FIELD.honeypot) !== "") return "honeypot filled in";
  const stamp = await checkStamp(c.var.config.sanityToken, text(data, FIELD.started));
  if (stamp.kind === "valid") return stamp.ageMs < MIN_FILL_MS ? "sent too fast" : undefined;
  // No stamp of this site's now: the form's script did not run, or the stamp is too old, made
  // up, or signed before the owner changed the token (a person's form opened the day before). A
  // person's browser marks the submission as their own action (Sec-Fetch-User); a script
  // posting fields does not, whatever stamp it sends.
  return c.req.header("Sec-Fetch-User") === "?1" ? undefined : "no fill-time stamp";
}

function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

/** The form's answer page with `status`, the visitor's values kept. */
async function refuse(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  form: FormState,
  headers: Record<string, string> = {},
): Promise<Response> {
  const ref = form.values.photo === "" ? undefined : parsePhotoRef(form.values.photo);
  const res = await renderContactPage(c, {
    form,
    status,
    ...(ref ? { photo: ref } : {}),
    degradeOnContentError: true,
  });
  for (const [name, value] of Object.entries({ ...PRIVATE, ...headers })) {
    res.headers.set(name, value);
  }
  return res;
}

export interface SubmitOptions {
  /** How Turnstile is asked (tests answer for it). */
  turnstileFetch?: Fetch;
}

/**
 * `POST /contact`: the inquiry form. In order, each answered before anything later is read or
 * done: a cross-site post (403), a body over 32 KB (413, unread), one that is not a form (400),
 * a form that breaks the rules (422: the page again, every value kept, each problem at its
 * field), too many from one visitor (429, keyed by their network through the Rate Limiting
 * binding), a failed Turnstile check when it is on (422). Bots (the honeypot, a form sent
 * faster than a person can fill it) get the thank-you page and nothing is delivered. A good
 * inquiry goes to the queue, and only once the queue has it does the visitor get 303 to the
 * thank-you page; if the queue cannot take it, 503 with the message kept in the form.
 * (`POST /contact` with an empty name is 422 and "Please enter your name.".)
 */
export function submitInquiry(options: SubmitOptions = {}): Handler<AppEnv> {
  return async (c) => {
    const fields = { path: paths.contact(), requestId: c.get("requestId") };
    if (!isSameOrigin(c)) {
      await releaseBody(c.req.raw, c.var.config);
      log.warn("Inquiry refused: not sent from this site", fields);
      return refuse(c, 403, { ...emptyForm(), notice: NOTICES.crossSite });
    }
    const type = c.req.header("Content-Type") ?? "";
    if (!FORM_TYPES.test(type)) {
      await releaseBody(c.req.raw, c.var.config);
      return refuse(c, 400, { ...emptyForm(), notice: NOTICES.unreadable });
    }
    const bytes = await readBytes(c.req.raw, MAX_INQUIRY_BYTES, c.var.config);
    if (bytes === null) return refuse(c, 413, { ...emptyForm(), notice: NOTICES.tooLarge });
    let data: FormData;
    try {
      data = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
    } catch {
      return refuse(c, 400, { ...emptyForm(), notice: NOTICES.unreadable });
    }

    // A well-formed stamp goes back into a refused form (checked for real when it is sent).
    const stamp = text(data, FIELD.started);
    const started = /^\d{13}\.[\w-]{43}$/.test(stamp) ? stamp : undefined;
    const values: InquiryFields = {
      name: text(data, FIELD.name),
      email: text(data, FIELD.email),
      subject: text(data, FIELD.subject),
      message: text(data, FIELD.message),
      photo: text(data, FIELD.photo),
    };
    const checked = checkInquiry(values);
    if (!checked.ok) {
      const { errors } = checked;
      const form: FormState = { values, errors, started };
      if (errors.photo) {
        form.notice = NOTICES.photo;
        form.values = { ...values, photo: "" };
      }
      return refuse(c, 422, form);
    }

    const { success } = await c.env.INQUIRY_LIMIT.limit({ key: visitorKey(c) });
    if (!success) {
      log.warn("Inquiry refused: too many from one visitor", fields);
      return refuse(
        c,
        429,
        { values, errors: {}, notice: NOTICES.limited, started },
        { "Retry-After": String(LIMIT_PERIOD_SECONDS) },
      );
    }

    const verdict = await askTurnstile(c, data, options.turnstileFetch);
    if (verdict === "failed") {
      return refuse(c, 422, { values, errors: {}, notice: NOTICES.turnstile, started });
    }
    if (verdict === "unavailable") {
      log.error("Inquiry refused: Turnstile could not be asked", fields);
      return refuse(
        c,
        503,
        { values, errors: {}, notice: NOTICES.unavailable(""), started },
        { "Retry-After": "60" },
      );
    }

    const thanks = () =>
      c.body(null, 303, {
        ...PRIVATE,
        Location: redirectTarget(paths.contactThanks(), new URL(c.req.url).origin),
      });
    const bot = await botReason(c, data);
    if (bot) {
      log.info("Inquiry discarded as a bot's", { ...fields, reason: bot });
      return thanks();
    }

    const id = await inquiryId(c.var.config.sanityToken, inquiryContent(checked.inquiry));
    const unavailable = async () => {
      const site = await siteSettingsFor(c).catch(() => undefined);
      return refuse(
        c,
        503,
        { values, errors: {}, notice: NOTICES.unavailable(site?.email ?? ""), started },
        {
          "Retry-After": "60",
        },
      );
    };
    if (!id) {
      log.error("Inquiry refused: SANITY_TOKEN is not set, so it could not be delivered", fields);
      return unavailable();
    }
    const message = inquiryMessage(id, checked.inquiry, siteOrigin(c));
    try {
      await c.env.INQUIRIES.send(message, { contentType: "json" });
    } catch (error) {
      log.error("Inquiry refused: the queue did not take it", {
        ...fields,
        inquiry: `inquiry.${id}`,
        error: errorText(error),
      });
      return unavailable();
    }
    log.info("Inquiry accepted", { ...fields, inquiry: `inquiry.${id}` });
    return thanks();
  };
}

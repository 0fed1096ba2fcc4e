import type { Context, Handler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type FieldErrors,
  type InquiryFields,
  type PhotoRef,
  parsePhotoRef,
  photoRefOf,
} from "../../shared/inquiries.ts";
import { altTextOf, type PageDocument } from "../content/model.ts";
import { CONTACT_SLUG, paths } from "../content/paths.ts";
import { placedPhoto } from "../content/placed-photo.ts";
import { pageNotFound } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import { loadLayout } from "../render/load-layout.ts";
import { renderHtml } from "../render/render-html.tsx";
import type { AppEnv } from "../request/app-env.ts";
import {
  contentFor,
  fullPath,
  i18nFor,
  pathOf,
  siteOrigin,
  siteSettingsFor,
} from "../request/context.ts";
import { firstImage, socialImage } from "../seo/social-image.ts";
import { PageView } from "../views/PageView.tsx";
import { type FormNotice, type FormPhoto, InquiryForm } from "./InquiryForm.tsx";

/** What the form shows: the visitor's values and the problems found with them. */
export interface FormState {
  values: InquiryFields;
  errors: FieldErrors;
  notice?: FormNotice;
  /**
   * The fill-time stamp the refused submission carried, kept so that the visitor's second
   * try is measured from when they first opened the form, not from this answer.
   */
  started?: string;
}

/** An empty form; about a photograph, the subject starts at licensing. */
export const emptyForm = (photo?: string): FormState => ({
  values: {
    name: "",
    email: "",
    subject: photo ? "licence" : "general",
    message: "",
    photo: photo ?? "",
  },
  errors: {},
});

/** The photograph of a reference, for the form, or undefined when it is not (or no longer) there. */
async function lookUpPhoto(c: Context<AppEnv>, ref: PhotoRef): Promise<FormPhoto | undefined> {
  const content = contentFor(c);
  const placed = await placedPhoto(content, ref.kind, ref.slug, ref.key);
  if (!placed) return undefined;
  const { doc, found } = placed;
  const { image } = found.photo;
  const alt = altTextOf(image);
  const { t } = await i18nFor(c);
  return {
    ref: photoRefOf(ref),
    title:
      image.caption?.trim() ||
      image.asset.title?.trim() ||
      t("photo.untitledIn", { position: found.position, count: found.count, document: doc.title }),
    href: paths.photo(ref.kind, ref.slug, ref.key),
    source: content.images.responsive(image, { maxWidth: 320, widths: [160, 320] }),
    alt,
    color: image.asset.color,
  };
}

interface ContactOptions {
  form: FormState;
  status?: ContentfulStatusCode;
  /** The photograph, already looked up (GET), or a reference to look up now (a POST's answer). */
  photo?: FormPhoto | PhotoRef;
  /** A POST's answer renders the form even when Sanity cannot be read. */
  degradeOnContentError?: boolean;
}

/**
 * The contact page: the `contact` page's text from Sanity, followed by the inquiry form. Used
 * for the GET (cached at the edge, the same for every visitor: no per-visitor value in it) and
 * for the POST's refusals (422, 429, 503, …), which show the visitor's values and are never
 * cached.
 */
export async function renderContactPage(
  c: Context<AppEnv>,
  { form, status = 200, photo, degradeOnContentError = false }: ContactOptions,
): Promise<Response> {
  const content = contentFor(c);
  let page: PageDocument | null = null;
  let shown: FormPhoto | undefined;
  try {
    // Both at once: one round trip to Sanity.
    [page, shown] = await Promise.all([
      content.page(CONTACT_SLUG),
      photo && "kind" in photo ? lookUpPhoto(c, photo) : photo,
    ]);
  } catch (error) {
    if (!degradeOnContentError) throw error;
    // The visitor's message matters more than the page's text: show the form without it.
    log.warn("Contact page content unavailable; showing the form alone", {
      path: pathOf(c),
      requestId: c.get("requestId"),
      error: errorText(error),
    });
  }
  // A photograph that could not be looked up is still named by the form, without a picture.
  if (!shown && photo && "kind" in photo) {
    const ref = photoRefOf(photo);
    shown = { ref, title: ref, href: paths.photo(photo.kind, photo.slug, photo.key), alt: "" };
  }
  const site = await siteSettingsFor(c);
  const layout = await loadLayout(c);
  const { t } = await i18nFor(c);
  const contact: PageDocument = page ?? {
    title: t("contact.title"),
    slug: CONTACT_SLUG,
    description: null,
    _updatedAt: new Date(0).toISOString(),
    body: null,
    lang: { title: null, description: null, body: null },
  };
  // As any page: its own first photograph, else the site's, is what a shared link shows.
  return renderHtml(c, layout, {
    title: contact.title,
    // The form about the same photograph in another language.
    ...(shown ? { query: { photo: shown.ref } } : {}),
    description: contact.description?.trim() || site.description,
    status,
    meta: {
      type: "website",
      image: socialImage(content.images, firstImage(contact.body) ?? layout.socialImage),
    },
    main: (
      <PageView page={contact} imageFor={content.images.responsive} siteOrigin={siteOrigin(c)}>
        <InquiryForm
          values={form.values}
          errors={form.errors}
          notice={form.notice}
          started={form.started}
          photo={shown}
          turnstileSiteKey={c.var.config.turnstile?.siteKey}
        />
      </PageView>
    ),
  });
}

/**
 * `GET /contact` and `/contact?photo={page}/{key}` (or `post/{post}/{key}`): the contact page,
 * optionally about one photograph, whose thumbnail the form then shows. A reference that is not
 * well-formed, or names no photograph, is a fatal not-found like any bad address.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import type { AppEnv } from "../request/app-env.ts";
 * import { contactPage } from "./contact-page.tsx";
 *
 * new Hono<AppEnv>().get("/:slug{contact}", contactPage);
 * // GET /contact?photo=portfolio/b2i6 → 200, the form about that photograph
 * // GET /contact?photo=Bad_Ref        → 404 "Page Not Found: /contact?photo=Bad_Ref"
 * ```
 */
export const contactPage: Handler<AppEnv> = async (c) => {
  const param = c.req.query("photo");
  if (param === undefined) return renderContactPage(c, { form: emptyForm() });
  const ref = parsePhotoRef(param);
  const photo = ref && (await lookUpPhoto(c, ref));
  if (!ref || !photo) throw pageNotFound(fullPath(c));
  return renderContactPage(c, { form: emptyForm(photo.ref), photo });
};

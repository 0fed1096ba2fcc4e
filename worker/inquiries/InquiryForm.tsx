import type { Phrase, PlainKey } from "../../shared/i18n/messages.ts";
import {
  FIELD,
  type FieldErrors,
  type InquiryFields,
  LIMITS,
  SUBJECTS,
  VISIBLE_FIELDS,
  type VisibleField,
} from "../../shared/inquiries.ts";
import type { ImageSource } from "../content/image-urls.ts";
import { paths } from "../content/paths.ts";
import { BrowserMessages } from "../views/BrowserMessages.tsx";
import { useI18n } from "../views/i18n.tsx";
import { TurnstileWidget } from "./TurnstileWidget.tsx";

/** The photograph the inquiry is about, as the form shows it. */
export interface FormPhoto {
  /** Its photo reference, posted with the form. */
  ref: string;
  title: string;
  /** Its own page. */
  href: string;
  /** A small rendition, when the photograph could be looked up. */
  source?: ImageSource;
  alt: string;
  color?: string | null;
}

/** A problem with the whole submission, shown above the form (it takes focus). */
export interface FormNotice {
  title: Phrase;
  text: Phrase;
}

export interface InquiryFormProps {
  values: InquiryFields;
  errors: FieldErrors;
  notice?: FormNotice;
  /** The fill-time stamp to send again (a refused submission's); empty on the cached page. */
  started?: string;
  photo?: FormPhoto;
  /** Cloudflare Turnstile's site key, when the owner turned it on. */
  turnstileSiteKey?: string;
}

/** The id of a field's input, and of its error text. */
export const inputId = (field: string) => `inquiry-${field}`;
const errorId = (field: string) => `inquiry-${field}-error`;

const LABELS: Record<VisibleField, PlainKey> = {
  name: "contact.name",
  email: "contact.email",
  subject: "contact.subject",
  message: "contact.message",
};

const CONTROL =
  "focus-ring mt-1 block w-full rounded-md border border-neutral-400 bg-white px-3 py-2 text-base text-neutral-950 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-900 dark:text-neutral-50 dark:aria-invalid:border-red-400";

/** The text below a field: its problem, if it has one (the form's script fills it as you type). */
function FieldError({ field, error }: { field: string; error?: Phrase | undefined }) {
  const i18n = useI18n();
  return (
    <p
      id={errorId(field)}
      data-error-for={field}
      className="mt-1 text-sm font-medium text-red-800 empty:hidden dark:text-red-300"
    >
      {error && i18n.phrase(error)}
    </p>
  );
}

/** What each input says about its state to assistive technology. */
const described = (field: VisibleField, errors: FieldErrors) => ({
  "aria-invalid": errors[field] ? ("true" as const) : undefined,
  "aria-describedby": errorId(field),
});

/**
 * The inquiry form: a plain `<form method="post">` that works without JavaScript. After a
 * refused submission the page comes back with every value kept, each problem next to its field
 * (`aria-invalid`, `aria-describedby`) and a summary above the form that takes focus and links
 * to each field. With JavaScript, the form's script (client/inquiries/) runs the same rules
 * as the visitor types.
 */
export function InquiryForm({
  values,
  errors,
  notice,
  started = "",
  photo,
  turnstileSiteKey,
}: InquiryFormProps) {
  const problems = VISIBLE_FIELDS.filter((field) => errors[field]);
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <section
      aria-labelledby="inquiry-heading"
      className="mt-10 border-t border-neutral-300 pt-8 dark:border-neutral-700"
    >
      <h2
        id="inquiry-heading"
        className="font-serif text-2xl tracking-tight text-neutral-950 sm:text-3xl dark:text-white"
      >
        {photo ? t("contact.ask") : t("contact.write")}
      </h2>
      {notice && (
        <div
          id="inquiry-notice"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: a refused form comes back as a new page; without script, autofocus is what takes the visitor to what went wrong.
          autoFocus
          role="alert"
          className="focus-ring mt-6 rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-semibold">{i18n.phrase(notice.title)}</p>
          <p className="mt-1">{i18n.phrase(notice.text)}</p>
        </div>
      )}
      {problems.length > 0 && (
        <div
          id="inquiry-errors"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: as above; without a notice, the summary is what the visitor lands on.
          autoFocus={!notice}
          role="alert"
          aria-labelledby="inquiry-errors-title"
          className="focus-ring mt-6 rounded-md border-2 border-red-700 bg-red-50 px-4 py-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50"
        >
          <p id="inquiry-errors-title" className="font-semibold">
            {t("contact.correct", { count: problems.length })}
          </p>
          <ul className="mt-2 list-disc ps-5">
            {problems.map((field) => (
              <li key={field}>
                <a href={`#${inputId(field)}`} className="focus-ring rounded-sm underline">
                  {i18n.phrase(errors[field] as Phrase)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        method="post"
        action={paths.contact()}
        encType="multipart/form-data"
        data-inquiry-form=""
        data-stamp={paths.inquiryStamp()}
        className="mt-6 grid gap-5"
      >
        {photo && (
          <figure className="flex items-center gap-4 rounded-md border border-neutral-300 p-3 dark:border-neutral-700">
            {photo.source && (
              <img
                src={photo.source.src}
                srcSet={photo.source.srcSet}
                sizes="8rem"
                width={photo.source.width}
                height={photo.source.height}
                alt={photo.alt}
                loading="eager"
                decoding="async"
                className="h-auto w-32 shrink-0 rounded-sm"
                style={photo.color ? { backgroundColor: photo.color } : undefined}
              />
            )}
            <figcaption className="grid gap-1 text-sm">
              <span>
                {t("contact.about")}{" "}
                <a href={photo.href} className="focus-ring rounded-sm font-medium underline">
                  {photo.title}
                </a>
              </span>
              <a
                href={paths.contact()}
                className="focus-ring w-fit rounded-sm text-neutral-700 underline dark:text-neutral-300"
              >
                {t("contact.withoutPhoto")}
              </a>
            </figcaption>
          </figure>
        )}
        {photo && <input type="hidden" name={FIELD.photo} value={photo.ref} />}
        <div>
          <label htmlFor={inputId("name")} className="font-medium">
            {t(LABELS.name)}
          </label>
          <input
            id={inputId("name")}
            name={FIELD.name}
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            defaultValue={values.name}
            className={CONTROL}
            {...described("name", errors)}
          />
          <FieldError field="name" error={errors.name} />
        </div>
        <div>
          <label htmlFor={inputId("email")} className="font-medium">
            {t(LABELS.email)}
          </label>
          <input
            id={inputId("email")}
            name={FIELD.email}
            type="email"
            autoComplete="email"
            spellCheck={false}
            required
            maxLength={LIMITS.email}
            defaultValue={values.email}
            className={CONTROL}
            {...described("email", errors)}
          />
          <FieldError field="email" error={errors.email} />
        </div>
        <div>
          <label htmlFor={inputId("subject")} className="font-medium">
            {t(LABELS.subject)}
          </label>
          <select
            id={inputId("subject")}
            name={FIELD.subject}
            required
            defaultValue={values.subject}
            className={CONTROL}
            {...described("subject", errors)}
          >
            {/* A required list opens with a placeholder, which the browser never takes as a choice. */}
            <option value="">{t("contact.choose")}</option>
            {SUBJECTS.map((value) => (
              <option key={value} value={value}>
                {t(`contact.subject.${value}`)}
              </option>
            ))}
          </select>
          <FieldError field="subject" error={errors.subject} />
        </div>
        <div>
          <label htmlFor={inputId("message")} className="font-medium">
            {t(LABELS.message)}
          </label>
          <textarea
            id={inputId("message")}
            name={FIELD.message}
            rows={8}
            required
            maxLength={LIMITS.message}
            defaultValue={values.message}
            className={CONTROL}
            {...described("message", errors)}
          />
          <FieldError field="message" error={errors.message} />
        </div>
        {/* The honeypot: off screen and out of the tab order; only bots fill it in. */}
        <div aria-hidden="true" className="absolute -start-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={inputId(FIELD.honeypot)}>{t("contact.honeypot")}</label>
          <input
            id={inputId(FIELD.honeypot)}
            name={FIELD.honeypot}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {/* Filled in by the form's script with a signed moment (the minimum fill time). */}
        <input type="hidden" name={FIELD.started} value={started} />
        <TurnstileWidget siteKey={turnstileSiteKey} />
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{t("contact.privacy")}</p>
        <div>
          <button
            type="submit"
            className="focus-ring rounded-full bg-primary-700 px-6 py-2.5 font-semibold text-white hover:bg-primary-800 dark:bg-primary-400 dark:text-neutral-950 dark:hover:bg-primary-300"
          >
            {t("contact.send")}
          </button>
        </div>
      </form>
      <BrowserMessages module="inquiry-form" />
    </section>
  );
}

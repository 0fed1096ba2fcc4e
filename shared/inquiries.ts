/**
 * The contact form's rules, in one place for both sides: the worker checks every submission
 * with them (and renders their messages next to the fields), and the form's script in the
 * browser runs the same checks while the visitor types. Plain TypeScript with no DOM and no
 * worker APIs, in shared/, which both bundles import.
 */
import { type ArgsOf, type MessageKey, type Phrase, phrase } from "./i18n/messages.ts";
import { INVISIBLE_FORMATTING } from "./plain-text.ts";
import { isSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from "./slug.ts";

/**
 * What an inquiry is about, as the Studio stores it. Visitors read each in their language
 * (`contact.subject.*`), the owner in the Studio's words (worker/inquiries/mail.ts).
 */
export const SUBJECTS = ["general", "print", "licence", "commission"] as const;

export type Subject = (typeof SUBJECTS)[number];

/** The form's field names, as posted. */
export const FIELD = {
  name: "name",
  email: "email",
  subject: "subject",
  message: "message",
  /** The photograph the inquiry is about (a photo reference, see PHOTO_REF). */
  photo: "photo",
  /** The honeypot: hidden from people, filled in by bots that fill in everything. */
  honeypot: "website",
  /** The signed moment the form was opened, filled in by the form's script. */
  started: "started",
  /** Cloudflare Turnstile's answer (its widget names the field). */
  turnstile: "cf-turnstile-response",
} as const;

/** The fields a visitor fills in (and sees errors for). */
export type VisibleField = "name" | "email" | "subject" | "message";

/** Longest accepted values, in UTF-16 code units (what `maxlength` counts). */
export const LIMITS = { name: 100, email: 254, message: 10_000 } as const;

/** What a submission carries, as plain strings (missing fields are ""). */
export interface InquiryFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** "" when the inquiry is not about a photograph. */
  photo: string;
}

/**
 * A field's problem, as words to be written in the page's language (`contact.problem.*`): the
 * worker writes it into the page, the form's script with the words the page carries.
 */
export type Problem = Phrase & { key: `contact.problem.${string}` };

export type FieldErrors = Partial<Record<VisibleField | "photo", Problem>>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const CONTROL_RUNS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const MESSAGE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * An address a mailbox can have: something@domain.tld, no spaces, no angle brackets, commas or
 * quotes (which would turn one address into several in a mail header), no line breaks.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** INVISIBLE_FORMATTING, for a test of one value (a global pattern's `test` keeps its place). */
const INVISIBLE = new RegExp(INVISIBLE_FORMATTING.source);

/**
 * Whether `value` (trimmed) is such an address, at most LIMITS.email long, with no invisible
 * formatting: `ana\u202emoc.knab\u202c@evil.com` would read as another address in the owner's
 * e-mail and Studio while replies go to the real one.
 */
export const isEmailAddress = (value: string): boolean =>
  value.length <= LIMITS.email &&
  !CONTROL.test(value) &&
  !INVISIBLE.test(value) &&
  EMAIL.test(value);

/** A page photograph `{page}/{key}` or a post's `post/{post}/{key}` (the cover's key is `cover`). */
export const PHOTO_REF = new RegExp(
  `^(?:post/)?${SLUG_PATTERN.source.slice(1, -1)}/[A-Za-z0-9_-]{1,64}$`,
);
const MAX_PHOTO_REF = "post/".length + SLUG_MAX_LENGTH + 1 + 64;

/** A photo reference, split: the document's kind and slug and the photograph's key. */
export interface PhotoRef {
  kind: "page" | "post";
  slug: string;
  key: string;
}

/** The parts of a well-formed photo reference, or undefined. */
export function parsePhotoRef(value: string): PhotoRef | undefined {
  if (value.length > MAX_PHOTO_REF || !PHOTO_REF.test(value)) return undefined;
  const parts = value.split("/");
  const [kind, slug, key] =
    parts.length === 3
      ? ["post" as const, parts[1], parts[2]]
      : ["page" as const, parts[0], parts[1]];
  // `post` alone is never a page (its address is only a prefix of posts').
  if (!isSlug(slug) || !key || (kind === "page" && slug === "post")) return undefined;
  return { kind, slug, key };
}

export const isSubject = (value: string): value is Subject =>
  (SUBJECTS as readonly string[]).includes(value);

/**
 * A name as it is kept: every run of spaces, tabs and line breaks becomes one space, and the
 * invisible characters that could disguise it are dropped.
 */
export const normalizeName = (value: string): string =>
  value.replace(INVISIBLE_FORMATTING, "").replace(CONTROL_RUNS, " ").trim();

/**
 * A message as it is kept: line breaks made `\n`, other control characters dropped, the
 * text otherwise exactly as written (HTML stays text: whatever shows it escapes it).
 */
export const normalizeMessage = (value: string): string =>
  value.replace(/\r\n?/g, "\n").replace(MESSAGE_CONTROL, "").trim();

/** A problem of the contact form, its values checked against its message. */
const problem = <K extends MessageKey & Problem["key"]>(key: K, ...values: ArgsOf<K>): Problem =>
  phrase(key, ...values) as Problem;

/** The problem with one field's value, for the visitor, or undefined. */
export function checkField(field: VisibleField, raw: string): Problem | undefined {
  switch (field) {
    case "name": {
      const value = normalizeName(raw);
      if (value === "") return problem("contact.problem.nameMissing");
      if (value.length > LIMITS.name)
        return problem("contact.problem.nameTooLong", { max: LIMITS.name });
      return undefined;
    }
    case "email": {
      const value = raw.trim();
      if (value === "") return problem("contact.problem.emailMissing");
      if (!isEmailAddress(value)) return problem("contact.problem.emailInvalid");
      return undefined;
    }
    case "subject":
      return isSubject(raw) ? undefined : problem("contact.problem.subjectMissing");
    case "message": {
      const value = normalizeMessage(raw);
      if (value === "") return problem("contact.problem.messageMissing");
      if (value.length > LIMITS.message) {
        return problem("contact.problem.messageTooLong", {
          max: LIMITS.message,
          length: value.length,
        });
      }
      return undefined;
    }
  }
}

/** The visible fields in the order the form shows them (and the error summary lists them). */
export const VISIBLE_FIELDS: readonly VisibleField[] = ["name", "email", "subject", "message"];

/** A checked inquiry: what is delivered, normalized. */
export interface ValidInquiry {
  name: string;
  email: string;
  subject: Subject;
  message: string;
  photo: PhotoRef | undefined;
}

/** Every problem with a submission, or the inquiry as it is delivered. */
export function checkInquiry(
  fields: InquiryFields,
): { ok: true; inquiry: ValidInquiry } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const field of VISIBLE_FIELDS) {
    const problem = checkField(field, fields[field]);
    if (problem) errors[field] = problem;
  }
  const photo = fields.photo === "" ? undefined : parsePhotoRef(fields.photo);
  // Only a tampered form names a photograph that is no photo reference at all.
  if (fields.photo !== "" && !photo) errors.photo = problem("contact.problem.photoUnknown");
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    inquiry: {
      name: normalizeName(fields.name),
      email: fields.email.trim(),
      subject: fields.subject as Subject,
      message: normalizeMessage(fields.message),
      photo,
    },
  };
}

/** "portfolio/b2i6" or "post/autumn/cover" from its parts. */
export const photoRefOf = (ref: PhotoRef): string =>
  ref.kind === "post" ? `post/${ref.slug}/${ref.key}` : `${ref.slug}/${ref.key}`;

import {
  checkInquiry,
  type InquiryFields,
  photoRefOf,
  type Subject,
  type ValidInquiry,
} from "../../shared/inquiries.ts";

/**
 * What the contact form puts on the queue: the checked inquiry, its id (chosen when it was
 * accepted: every delivery step is idempotent on it) and when and where it was sent. Nothing
 * about the visitor beyond what they typed (no IP address, no user agent).
 */
export interface InquiryMessage {
  /** The message format, so a later version can still read what waits in the queue. */
  version: 1;
  /** A UUID derived from the inquiry (stamp.ts); the Sanity document is `inquiry.{id}`. */
  id: string;
  /** ISO time the worker accepted it. */
  receivedAt: string;
  /** The site's origin it was sent on (links in the e-mail point there). */
  origin: string;
  name: string;
  email: string;
  subject: Subject;
  message: string;
  /** The photo reference ("portfolio/b2i6"), or null. */
  photo: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What an inquiry's id is derived from (stamp.ts, inquiryId): everything it says. */
export const inquiryContent = (inquiry: ValidInquiry): string[] => [
  inquiry.name,
  inquiry.email,
  inquiry.subject,
  inquiry.message,
  inquiry.photo ? photoRefOf(inquiry.photo) : "",
];

export function inquiryMessage(
  id: string,
  inquiry: ValidInquiry,
  origin: string,
  now = new Date(),
): InquiryMessage {
  return {
    version: 1,
    id,
    receivedAt: now.toISOString(),
    origin,
    name: inquiry.name,
    email: inquiry.email,
    subject: inquiry.subject,
    message: inquiry.message,
    photo: inquiry.photo ? photoRefOf(inquiry.photo) : null,
  };
}

/**
 * A queue message read back: checked again with the form's own rules (a message may have been
 * sent by hand, from the dashboard or a replay), or undefined when it is not an inquiry.
 */
export function parseInquiryMessage(
  body: unknown,
): { message: InquiryMessage; inquiry: ValidInquiry } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = body as Record<string, unknown>;
  const text = (name: string) => (typeof value[name] === "string" ? (value[name] as string) : "");
  if (value.version !== 1 || !UUID.test(text("id"))) return undefined;
  const receivedAt = new Date(text("receivedAt"));
  if (Number.isNaN(receivedAt.getTime())) return undefined;
  let origin: string;
  try {
    origin = new URL(text("origin")).origin;
  } catch {
    return undefined;
  }
  const fields: InquiryFields = {
    name: text("name"),
    email: text("email"),
    subject: text("subject"),
    message: text("message"),
    photo: text("photo"),
  };
  const checked = checkInquiry(fields);
  if (!checked.ok) return undefined;
  const { inquiry } = checked;
  return { inquiry, message: inquiryMessage(text("id"), inquiry, origin, receivedAt) };
}

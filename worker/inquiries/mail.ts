import { subjectLabel } from "../../client/inquiries/rules.ts";
import { siteUrlOrigin } from "../config/site-url.ts";
import { setVar, type Vars } from "../config/vars.ts";
import type { InquiryMessage } from "./message.ts";
import type { InquiryPhoto } from "./store.ts";

/**
 * The owner's copy of an inquiry by e-mail, through Cloudflare Email Service's `send_email`
 * binding, which composes the MIME message itself: each header is a separate field here, so
 * nothing a visitor typed can add a header (and the name is a single line already). The text
 * is plain text only: HTML in a message arrives as the characters typed. Replying answers the
 * visitor (Reply-To).
 */

/** Where the copy goes (CONTACT_EMAIL_TO); unset: no e-mail at all. */
export const mailRecipient = (env: Vars): string | undefined => setVar(env, "CONTACT_EMAIL_TO");

/** The sender: CONTACT_EMAIL_FROM, else inquiries@ the site's host. */
export function mailSender(env: Vars, origin: string): string {
  const configured = setVar(env, "CONTACT_EMAIL_FROM");
  if (configured) return configured;
  return `inquiries@${new URL(siteUrlOrigin(env) ?? origin).hostname}`;
}

const oneLine = (text: string, max: number) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header is one line, whatever was typed.
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export interface InquiryEmail {
  from: EmailAddress;
  to: string;
  replyTo: EmailAddress;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export function inquiryEmail(
  env: Vars,
  message: InquiryMessage,
  to: string,
  photo: InquiryPhoto | undefined,
  siteTitle: string,
): InquiryEmail {
  const about = subjectLabel(message.subject);
  const lines = [
    `${message.name} <${message.email}> wrote through the contact form of ${siteTitle}.`,
    "",
    `About: ${about}`,
    ...(photo ? [`Photograph: ${photo.title ? `${photo.title}, ` : ""}${photo.url}`] : []),
    `Received: ${message.receivedAt}`,
    "",
    message.message,
    "",
    "--",
    `Reply to this e-mail to answer ${message.name}. The inquiry is also in your Studio, under Inquiries (inquiry.${message.id}).`,
  ];
  return {
    from: { name: oneLine(siteTitle, 80), email: mailSender(env, message.origin) },
    to,
    replyTo: { name: oneLine(message.name, 100), email: message.email },
    subject: oneLine(`${about}: a message from ${message.name}`, 150),
    text: lines.join("\n"),
    headers: { "X-Inquiry-Id": message.id },
  };
}

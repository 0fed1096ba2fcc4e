import { type Config, mailSender } from "../config/config.ts";
import { oneLine, quoted } from "../lib/mail.ts";
import type { InquiryMessage } from "./message.ts";
import type { InquiryPhoto } from "./store.ts";
import { SUBJECT_LABELS } from "./subjects.ts";

/**
 * The owner's copy of an inquiry by e-mail, through Cloudflare Email Service's `send_email`
 * binding, which composes the MIME message itself: each header is a separate field here, so
 * nothing a visitor typed can add a header (and the name is a single line already). The text
 * is plain text only: HTML in a message arrives as the characters typed. Replying answers the
 * visitor (Reply-To).
 */

export interface InquiryEmail {
  from: EmailAddress;
  to: string;
  replyTo: EmailAddress;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export function inquiryEmail(
  config: Config,
  message: InquiryMessage,
  to: string,
  photo: InquiryPhoto | undefined,
  siteTitle: string,
): InquiryEmail {
  const about = SUBJECT_LABELS[message.subject];
  const lines = [
    `${message.name} <${message.email}> wrote through the contact form of ${siteTitle}.`,
    "",
    `About: ${about}`,
    ...(photo ? [`Photograph: ${photo.title ? `${photo.title}, ` : ""}${photo.url}`] : []),
    `Received: ${message.receivedAt}`,
    "",
    ...quoted(message.message),
    "",
    "--",
    `Reply to this e-mail to answer ${message.name}. The inquiry is also in your Studio, under Inquiries (inquiry.${message.id}).`,
  ];
  return {
    from: { name: oneLine(siteTitle, 80), email: mailSender(config, message.origin) },
    to,
    replyTo: { name: oneLine(message.name, 100), email: message.email },
    subject: oneLine(`${about}: a message from ${message.name}`, 150),
    text: lines.join("\n"),
    headers: { "X-Inquiry-Id": message.id },
  };
}

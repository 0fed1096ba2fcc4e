/**
 * The owner's e-mails about a gallery (issue 36, item 3): when a client sends a selection (who,
 * how many, the note, the file names as Lightroom's filter takes them, and a link to the gallery
 * in the Studio), and, if the owner asks for it in the site settings, when the gallery is first
 * opened. Sent by the gallery's Durable Object from its alarm, never while the client waits: the
 * event is stored and answered first, the e-mail is kept as pending in the store and sent a
 * moment later, and a failure is retried (the alarm sets itself again, with backoff) until it goes; one
 * sent is taken off the list at once, so each is mailed once. Through the same `send_email`
 * binding as the inquiries (INQUIRY_MAIL), to CONTACT_EMAIL_TO, else the site settings' e-mail.
 */
import { type Config, mailSender } from "../config/config.ts";
import { oneLine, quoted } from "../lib/mail.ts";

interface GalleryMail {
  /** What it is about, once: one e-mail per key. */
  key: string;
  gallery: string;
  title: string;
  /** The site's origin the client used (for the sender's address when CONTACT_EMAIL_FROM is unset). */
  origin: string;
}

/** A selection waiting to be mailed (kept before first openings were mailed: no `kind`). */
export interface SelectionMail extends GalleryMail {
  kind?: "selection";
  client: string;
  count: number;
  names: string[];
  note: string;
  sentAt: string;
}

/** The gallery's first opening, waiting to be mailed. */
export interface OpenedMail extends GalleryMail {
  kind: "opened";
  /** The client's confirmed e-mail, when they had confirmed it. */
  client: string | undefined;
  openedAt: string;
}

export type PendingMail = SelectionMail | OpenedMail;

/** "DSC_0142.jpg" → "DSC_0142": what Lightroom Classic's Library filter takes, comma-separated. */
export const lightroomNames = (names: readonly string[]) =>
  names.map((name) => name.replace(/\.[^.]+$/, "")).join(", ");

/** The gallery's document in the Studio. */
export const studioLink = (config: Config, gallery: string) =>
  `${config.studioOrigin}/intent/edit/id=clientGallery.${gallery};type=clientGallery`;

function selectionEmail(config: Config, mail: SelectionMail) {
  const lines = [
    `${mail.client} sent their selection from the gallery "${mail.title}": ${mail.count} ${mail.count === 1 ? "photograph" : "photographs"}.`,
    "",
    ...(mail.note ? ["Their note:", ...quoted(mail.note), ""] : []),
    "The file names, for Lightroom Classic's Library filter (Text → Filename → Contains):",
    lightroomNames(mail.names) || "(none)",
    "",
    `The gallery in your Studio: ${studioLink(config, mail.gallery)}`,
    `Sent: ${mail.sentAt}`,
  ];
  return { subject: `${mail.client} chose ${mail.count} from ${mail.title}`, lines };
}

function openedEmail(config: Config, mail: OpenedMail) {
  const by = mail.client ? ` by ${mail.client}` : "";
  const lines = [
    `Your gallery "${mail.title}" was opened for the first time${by}.`,
    "",
    `The gallery in your Studio (its activity shows every visit): ${studioLink(config, mail.gallery)}`,
    `Opened: ${mail.openedAt}`,
  ];
  return { subject: `${mail.title} was opened${by}`, lines };
}

/** The e-mail of a pending mail, from the site to the owner (`to`). */
export function ownerEmail(config: Config, mail: PendingMail, to: string) {
  const { subject, lines } =
    mail.kind === "opened" ? openedEmail(config, mail) : selectionEmail(config, mail);
  return {
    from: { name: oneLine(mail.title, 80), email: mailSender(config, mail.origin) },
    to,
    subject: oneLine(subject, 150),
    text: lines.join("\n"),
    headers: { "X-Gallery-Id": mail.gallery },
  };
}

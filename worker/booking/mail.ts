/**
 * A booking's e-mails, through Cloudflare Email Service's `send_email` binding (CLIENT_MAIL), as
 * the store's are. Once the deposit is paid: the client's, in their language, with the invitation
 * for their calendar (an iCalendar file, written with ical.js, the library that reads the owner's
 * busy times), and the owner's, in English. Then the client's reminders, the balance's receipt,
 * the word that the shoot's photographs are in its gallery, a move's (with the invitation again)
 * and a cancellation's. Plain text;
 * every header a field of its own, so nothing the client typed adds one.
 */
import { isLanguage } from "../../shared/i18n/languages.ts";
import { type Config, mailSender } from "../config/config.ts";
import { translator } from "../i18n/translator.ts";
import { oneLine, quoted } from "../lib/mail.ts";
import { formatAmount } from "../store/index.ts";
import { type Booking, balanceOf } from "./bookings.ts";
import { icsCalendar } from "./ics.ts";
import { type Instalment, instalmentsOf, nextInstalment, owedOf } from "./instalments.ts";

/** What the e-mails say besides the booking: the site, the session's place, the booking's page. */
export interface BookingMailContext {
  config: Config;
  origin: string;
  siteTitle: string;
  location: string;
  /** The booking's page, whole (https://…/book/held/{id}). */
  url: string;
  /** The owner's calendar of bookings (feed.ts), for their e-mail. */
  feed?: string | undefined;
  /** The signed contract's PDF, attached to both e-mails, where there is one. */
  contract?: Uint8Array<ArrayBuffer> | undefined;
  /** The payment's invoice (or a refund's credit note), its page (whole). */
  invoice?: string | undefined;
  /** The owner's address: a client's reply goes there (their e-mails say to reply to change). */
  replyTo?: string | undefined;
}

const contractAttachment = (booking: Booking, pdf: Uint8Array<ArrayBuffer>): EmailAttachment => ({
  disposition: "attachment",
  filename: `contract-${booking.id.slice(0, 8)}.pdf`,
  type: "application/pdf",
  content: pdf,
});

/** The invitation: the one event of the booking. */
export const invitation = (
  booking: Booking,
  { origin, siteTitle, location, url }: BookingMailContext,
): string =>
  icsCalendar(
    origin,
    [
      {
        uid: booking.id,
        start: booking.start,
        end: booking.end,
        summary: `${booking.sessionTitle} · ${siteTitle}`,
        location,
        description: url,
        url,
        // A cancellation is the event's last revision.
        ...(booking.status === "cancelled"
          ? { sequence: booking.moves + 1, cancelled: true }
          : { sequence: booking.moves }),
      },
    ],
    { method: "PUBLISH" },
  );

const invitationAttachment = (booking: Booking, context: BookingMailContext): EmailAttachment => ({
  disposition: "attachment",
  filename: "booking.ics",
  type: "text/calendar; charset=utf-8; method=PUBLISH",
  content: invitation(booking, context),
});

/** The client's words, the shoot's time and amounts in their language, and the e-mail's sender. */
function toClient(booking: Booking, context: BookingMailContext) {
  const { t, locale } = translator(isLanguage(booking.language) ? booking.language : "en");
  const when = new Intl.DateTimeFormat(locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: booking.timeZone,
  });
  return {
    t,
    time: when.format(booking.start),
    /** Another time (a moved session's old one), as `time` is written. */
    timeOf: (instant: number) => when.format(instant),
    /** A day (a payment's due date), in the owner's zone. */
    dateOf: (instant: number) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: booking.timeZone }).format(
        instant,
      ),
    session: booking.sessionTitle,
    money: (amount: number) => formatAmount(amount, booking.currency, locale),
    mail: (subject: string) => ({
      from: {
        name: oneLine(context.siteTitle, 80),
        email: mailSender(context.config, context.origin, "bookings"),
      },
      to: booking.details.email,
      ...(context.replyTo ? { replyTo: context.replyTo } : {}),
      subject: oneLine(subject, 150),
      headers: { "X-Booking-Id": booking.id },
    }),
  };
}

/** The client's e-mail: booked, what is paid and left, where, the page, the invitation. */
export function clientEmail(booking: Booking, context: BookingMailContext): EmailMessageBuilder {
  const { t, time, session, money, mail } = toClient(booking, context);
  return {
    ...mail(t("booking.mail.subject", { session, time })),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t("booking.mail.booked", {
        session,
        time,
        amount: money(booking.deposit + booking.depositTax),
      }),
      ...(balanceOf(booking) > 0
        ? [t("booking.mail.rest", { amount: money(balanceOf(booking)) })]
        : []),
      ...(context.location ? [t("booking.mail.where", { place: context.location })] : []),
      "",
      t("booking.mail.page", { url: context.url }),
      ...(context.invoice ? [t("booking.mail.invoice", { url: context.invoice })] : []),
      t("booking.mail.invite"),
      ...(context.contract ? [t("booking.mail.contract")] : []),
    ].join("\n"),
    attachments: [
      invitationAttachment(booking, context),
      ...(context.contract ? [contractAttachment(booking, context.contract)] : []),
    ],
  };
}

/** The reminders before the shoot: a week before and the day before. */
export type Reminder = "week" | "day";

/** A reminder to the client: when and where, and the balance where it is still to pay. */
export function reminderEmail(
  booking: Booking,
  reminder: Reminder,
  context: BookingMailContext,
): EmailMessageBuilder {
  const { t, time, session, money, mail } = toClient(booking, context);
  const owed = booking.status === "booked" ? owedOf(booking) : 0;
  return {
    ...mail(t(`booking.reminder.${reminder}Subject`, { session, time })),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t(`booking.reminder.${reminder}`, { session, time }),
      ...(context.location ? [t("booking.mail.where", { place: context.location })] : []),
      ...(owed > 0 ? ["", t("booking.reminder.balance", { amount: money(owed) })] : []),
      "",
      t("booking.mail.page", { url: context.url }),
      t("booking.reminder.change"),
    ].join("\n"),
  };
}

/** The client's word that their session is moved, with the invitation at its new time. */
export function movedEmail(
  booking: Booking,
  from: number,
  context: BookingMailContext,
): EmailMessageBuilder {
  const { t, time, timeOf, session, mail } = toClient(booking, context);
  const before = timeOf(from);
  return {
    ...mail(t("booking.moved.mailSubject", { session, time })),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t("booking.moved.mail", { session, before, time }),
      ...(context.location ? [t("booking.mail.where", { place: context.location })] : []),
      "",
      t("booking.mail.page", { url: context.url }),
      t("booking.mail.invite"),
    ].join("\n"),
    attachments: [invitationAttachment(booking, context)],
  };
}

/** The client's word that their session is cancelled, and what is refunded. */
export function cancelledEmail(booking: Booking, context: BookingMailContext): EmailMessageBuilder {
  const { t, time, session, money, mail } = toClient(booking, context);
  const refunded = booking.cancelled?.refunded ?? 0;
  return {
    ...mail(t("booking.cancelled.mailSubject", { session, time })),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t("booking.cancelled.mail", { session, time }),
      refunded > 0
        ? t("booking.cancelled.refund", { amount: money(refunded) })
        : t("booking.cancelled.noRefund"),
      "",
      t("booking.mail.page", { url: context.url }),
      ...(context.invoice ? [t("booking.mail.creditNote", { url: context.invoice })] : []),
    ].join("\n"),
    // The invitation again, cancelled: the client's calendar has it.
    attachments: [invitationAttachment(booking, context)],
  };
}

/** The client's word that the photographs of their shoot are in its gallery. */
export function galleryEmail(
  booking: Booking,
  gallery: string,
  context: BookingMailContext,
): EmailMessageBuilder {
  const { t, time, session, mail } = toClient(booking, context);
  return {
    ...mail(t("booking.gallery.mailSubject", { session })),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t("booking.gallery.mail", { session, time }),
      gallery,
      "",
      t("booking.gallery.mailFavourites"),
    ].join("\n"),
  };
}

/**
 * The client's receipt for a payment of the balance (`n` of the plan's): all paid, or, for an
 * instalment, what is left and when the next is due; its invoice.
 */
export function balanceEmail(
  booking: Booking,
  n: number,
  context: BookingMailContext,
): EmailMessageBuilder {
  const { t, time, session, money, mail, dateOf } = toClient(booking, context);
  const part = instalmentsOf(booking).find((each) => each.n === n);
  const next = nextInstalment(booking);
  const amount = money((part?.amount ?? 0) + (part?.paid?.tax ?? 0));
  const of = booking.plan;
  return {
    ...mail(
      of > 1
        ? t("booking.plan.mail.subject", { n, of, session, time })
        : t("booking.balance.mail.subject", { session, time }),
    ),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      of > 1
        ? t("booking.plan.mail.text", { n, of, session, time, amount })
        : t("booking.balance.mail.text", { session, time, amount }),
      ...(next
        ? [
            t("booking.plan.mail.next", {
              amount: money(owedOf(booking)),
              next: money(next.amount),
              date: dateOf(next.dueAt),
            }),
          ]
        : of > 1
          ? [t("booking.plan.mail.done")]
          : []),
      "",
      t("booking.mail.page", { url: context.url }),
      ...(context.invoice ? [t("booking.mail.invoice", { url: context.invoice })] : []),
    ].join("\n"),
  };
}

/** The client's word that an instalment of their plan is due today, with where to pay it. */
export function instalmentDueEmail(
  booking: Booking,
  part: Instalment,
  context: BookingMailContext,
): EmailMessageBuilder {
  const { t, time, session, money, mail } = toClient(booking, context);
  const words = { n: part.n, of: part.of, session, time, amount: money(part.amount) };
  return {
    ...mail(t("booking.plan.reminderSubject", words)),
    text: [
      t("booking.mail.hello", { name: booking.details.name }),
      "",
      t("booking.plan.reminder", words),
      "",
      t("booking.mail.page", { url: context.url }),
    ].join("\n"),
  };
}

/** The owner's e-mail: who booked what and when, their answers, what is paid. */
export function ownerEmail(
  booking: Booking,
  to: string,
  questions: { id: string; label: string }[],
  context: BookingMailContext,
): EmailMessageBuilder {
  const time = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: booking.timeZone,
  }).format(booking.start);
  const { name, email, answers } = booking.details;
  const label = (id: string) => questions.find((question) => question.id === id)?.label ?? id;
  return {
    from: {
      name: oneLine(context.siteTitle, 80),
      email: mailSender(context.config, context.origin, "bookings"),
    },
    to,
    replyTo: email,
    subject: oneLine(`New booking: ${booking.sessionTitle}, ${time}, ${name}`, 150),
    text: [
      `${name} <${email}> booked ${booking.sessionTitle} on ${time} (${booking.timeZone}) and paid the deposit of ${formatAmount(booking.deposit + booking.depositTax, booking.currency, "en-GB")}.`,
      "",
      // Quoted, every line: no line of the client's reads as one of the e-mail's own.
      ...Object.entries(answers).flatMap(([id, answer]) => [label(id), ...quoted(answer)]),
      "",
      `The booking: ${context.url}`,
      ...(context.contract ? ["The contract they signed is attached (PDF)."] : []),
      ...(context.feed
        ? [
            "",
            `Every booking in your calendar (subscribe to this address in Google, Apple or Outlook Calendar; keep it private): ${context.feed}`,
          ]
        : []),
    ].join("\n"),
    ...(context.contract ? { attachments: [contractAttachment(booking, context.contract)] } : {}),
    headers: { "X-Booking-Id": booking.id },
  };
}

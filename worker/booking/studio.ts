/**
 * Bookings in the Studio: the owner's copy of each booking once its deposit is paid (or
 * refunded), a `booking` document at `booking.{id}` (a sub-path: never served without a token),
 * written whole each time, as the store writes its orders (store/studio.ts), and linked from the
 * client's document (content/client-copies.ts).
 */
import { LANGUAGES } from "../../shared/i18n/languages.ts";
import type { Config } from "../config/config.ts";
import { linkClient } from "../content/client-copies.ts";
import { editorClient } from "../content/sanity-client.ts";
import { galleryDocumentId } from "../galleries/index.ts";
import { formatAmount } from "../store/index.ts";
import { type Booking, type BookingDispute, balanceOf } from "./bookings.ts";
import type { SignedContract } from "./contracts.ts";

export const bookingDocumentId = (id: string) => `booking.${id}`;

/** A booking's short reference, as the owner and the client see it. */
export const bookingReference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

export interface BookingDocumentFields {
  reference: string;
  status: string;
  session: string;
  start: string;
  end: string;
  when: string;
  name: string;
  email: string;
  language: string;
  answers: { _key: string; _type: "bookingAnswer"; question: string; answer: string }[];
  price: string;
  deposit: string;
  balance: string;
  paidAt?: string;
  balancePaidAt?: string;
  cancelledAt?: string;
  refunded?: string;
  movedAt?: string;
  contract?: { signedAt: string; signedName: string; pdfSha256: string; file: string };
  gallery?: { _type: "reference"; _ref: string; _weak: true };
  refundFailed?: string;
  disputes?: {
    _key: string;
    _type: "bookingDispute";
    payment: string;
    amount: string;
    standing: BookingDispute["standing"];
    answerBy?: string;
  }[];
  bookingPage: string;
}

/** Which of a booking's payments a dispute took back, as the owner names it. */
const paymentName = (booking: Booking, payment: number) =>
  payment === 0
    ? "Deposit"
    : booking.plan > 1
      ? `Instalment ${payment} of ${booking.plan}`
      : "Balance";

export function bookingFields(
  config: Config,
  booking: Booking,
  {
    questions,
    contract,
    page,
    gallery,
  }: {
    questions: { id: string; label: string }[];
    contract?: SignedContract | undefined;
    page: string;
    gallery?: string | undefined;
  },
): BookingDocumentFields {
  // The owner's words: the site's language, its dates and numbers as it writes them.
  const { locale } = LANGUAGES[config.site.language];
  const money = (amount: number) => formatAmount(amount, booking.currency, locale);
  const label = (id: string) => questions.find((question) => question.id === id)?.label ?? id;
  const taxed = (tax: number) => (tax > 0 ? ` (+ ${money(tax)} tax paid)` : "");
  return {
    reference: bookingReference(booking.id),
    status: booking.status,
    session: booking.sessionTitle,
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    when: `${new Intl.DateTimeFormat(locale, {
      dateStyle: "full",
      timeStyle: "short",
      timeZone: booking.timeZone,
    }).format(booking.start)} (${booking.timeZone})`,
    name: booking.details.name,
    email: booking.details.email,
    language: booking.language,
    answers: Object.entries(booking.details.answers).map(([id, answer]) => ({
      _key: id,
      _type: "bookingAnswer",
      question: label(id),
      answer,
    })),
    // Each amount before tax, as the price is, so they add up; the tax Stripe added beside it.
    price: money(booking.price),
    deposit: `${money(booking.deposit)}${taxed(booking.depositTax)}`,
    balance: `${money(balanceOf(booking))}${
      booking.plan > 1
        ? ` in ${booking.plan} instalments, ${booking.balancePayments.length} paid`
        : ""
    }${taxed(booking.balanceTax)}`,
    ...(booking.paidAt ? { paidAt: new Date(booking.paidAt).toISOString() } : {}),
    ...(booking.balancePaidAt
      ? { balancePaidAt: new Date(booking.balancePaidAt).toISOString() }
      : {}),
    ...(booking.movedAt ? { movedAt: new Date(booking.movedAt).toISOString() } : {}),
    ...(booking.cancelled
      ? {
          cancelledAt: new Date(booking.cancelled.at).toISOString(),
          refunded: money(booking.cancelled.refunded),
        }
      : {}),
    ...(contract
      ? {
          contract: {
            signedAt: new Date(contract.signedAt).toISOString(),
            signedName: contract.name,
            pdfSha256: contract.pdfSha256,
            file: `${page}/contract.pdf`,
          },
        }
      : {}),
    ...(gallery
      ? { gallery: { _type: "reference", _ref: galleryDocumentId(gallery), _weak: true } }
      : {}),
    ...(booking.refundFailed
      ? {
          refundFailed: `The client's bank refused a refund (${booking.refundFailed}): the money is back with you; refund them another way.`,
        }
      : {}),
    ...(booking.disputes.length > 0
      ? {
          disputes: booking.disputes.map((dispute) => ({
            _key: dispute.id,
            _type: "bookingDispute",
            payment: paymentName(booking, dispute.payment),
            amount: money(dispute.amount),
            standing: dispute.standing,
            ...(dispute.answerBy ? { answerBy: new Date(dispute.answerBy).toISOString() } : {}),
          })),
        }
      : {}),
    bookingPage: page,
  };
}

/** Writes the site's copy of a booking, whole: created once, its fields set on each write. */
export async function writeBookingCopy(
  settings: Config,
  id: string,
  fields: BookingDocumentFields,
): Promise<void> {
  const docId = bookingDocumentId(id);
  const client = editorClient(settings, "Bookings in the Studio");
  await client
    .transaction()
    .createIfNotExists({ _id: docId, _type: "booking", ...fields })
    .patch(docId, (patch) => patch.set(fields))
    .commit();
  // The client's own document links the booking and the shoot's gallery.
  await linkClient(client, fields, [
    { field: "bookings", document: docId },
    ...(fields.gallery ? [{ field: "galleries" as const, document: fields.gallery._ref }] : []),
  ]);
}

type MoveRequest = { to?: string; requestedAt?: string };

/** The Studio's copy of a booking as it is now, with what the owner asked there. */
export async function readBookingCopy(settings: Config, id: string) {
  return editorClient(settings, "Bookings in the Studio").getDocument<{
    status?: string;
    cancel?: { by?: string; requestedAt?: string };
    move?: MoveRequest;
  }>(bookingDocumentId(id));
}

/**
 * The site's answer to the move `handled`, its request cleared (the owner may ask again) while
 * it is still the one in the copy: another asked meanwhile is left for its own delivery.
 */
export async function answerMove(
  settings: Config,
  id: string,
  handled: MoveRequest,
  answer: string,
): Promise<void> {
  const client = editorClient(settings, "Bookings in the Studio");
  // The copy may change between the read and the write: the site's own copy of the moved booking
  // is written at the same time (then the request is still this one, read again), or the owner
  // asked anew (then it is theirs, and its own delivery answers).
  for (let tries = 0; tries < 3; tries++) {
    const copy = await client.getDocument<{ move?: MoveRequest }>(bookingDocumentId(id));
    if (!copy || copy.move?.to !== handled.to || copy.move?.requestedAt !== handled.requestedAt) {
      return;
    }
    const written = await client
      .patch(bookingDocumentId(id))
      .ifRevisionId(copy._rev)
      .unset(["move"])
      .set({ moveAnswer: answer })
      .commit()
      .then(
        () => true,
        (error: unknown) => {
          if ((error as { statusCode?: number }).statusCode !== 409) throw error;
          return false;
        },
      );
    if (written) return;
  }
}

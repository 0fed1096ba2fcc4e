/**
 * The invoices of a booking's payments (invoices.ts): the deposit's, once it is paid, the
 * balance's, once that is, and the credit note for what a cancellation refunded. Each is issued by what follows its payment (settled.ts) or, should
 * that have failed, when the client first asks for it. Its words are the client's
 * language's; who it is from, the Booking settings' "Invoices are from" (else the owner's name
 * and the site's address).
 */
import type { Context } from "hono";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { type Translator, translator } from "../i18n/translator.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { type Booking, balanceOf } from "./bookings.ts";
import { instalmentOfKind, instalmentsOf, owedOf } from "./instalments.ts";
import { d1Invoices, type Invoice, type InvoiceKind } from "./invoices.ts";
import { termsOf } from "./offer.ts";

/**
 * When a payment of the booking was made, what it was for and the tax on it: nothing where it
 * was not made (yet). A cancelled booking's payments were made all the same; its refund is a
 * payment back (below nought), its tax the refunded share of the tax paid.
 */
export function paymentOf(
  booking: Booking,
  kind: InvoiceKind,
): { at: number | undefined; amount: number; tax: number } | undefined {
  if (booking.status !== "booked" && booking.status !== "cancelled") return undefined;
  if (kind === "refund") {
    const refunded = booking.cancelled?.refunded ?? 0;
    if (refunded <= 0) return undefined;
    const tax = booking.depositTax + booking.balanceTax;
    const paid = booking.deposit + balanceOf(booking) - owedOf(booking) + tax;
    const taxBack = paid > 0 ? Math.round((refunded * tax) / paid) : 0;
    return { at: booking.cancelled?.at, amount: -(refunded - taxBack), tax: -taxBack };
  }
  if (kind === "deposit") {
    return { at: booking.paidAt, amount: booking.deposit, tax: booking.depositTax };
  }
  const n = instalmentOfKind(kind);
  const part = instalmentsOf(booking).find((each) => each.n === n);
  return part?.paid ? { at: part.paid.paidAt, amount: part.amount, tax: part.paid.tax } : undefined;
}

/** An invoice's line: what the payment was for. */
function descriptionOf(t: Translator["t"], booking: Booking, kind: InvoiceKind, time: string) {
  const session = booking.sessionTitle;
  if (kind === "deposit") return t("booking.depositFor", { session, time });
  if (kind === "refund") return t("booking.refundFor", { session, time });
  return booking.plan > 1
    ? t("booking.instalmentFor", {
        n: instalmentOfKind(kind) ?? 1,
        of: booking.plan,
        session,
        time,
      })
    : t("booking.balanceFor", { session, time });
}

/** The invoice of one of the booking's payments, issued now where it was not yet. */
export async function bookingInvoice(
  c: Context<AppEnv>,
  booking: Booking,
  kind: InvoiceKind,
): Promise<Invoice | undefined> {
  const payment = paymentOf(booking, kind);
  if (!payment) return undefined;
  const invoices = d1Invoices(c.env.STORE_DB);
  const issued = await invoices.get(booking.id, kind);
  if (issued) return issued;
  const [site, raw] = await Promise.all([siteSettingsFor(c), contentFor(c).booking()]);
  const { t, locale } = translator(isLanguage(booking.language) ? booking.language : "en");
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: booking.timeZone,
  }).format(booking.start);
  return invoices.issue(
    {
      booking: booking.id,
      kind,
      // Dated as numbered, so a year's numbers and dates run in the same order; one issued late
      // (its follow-up failed, the client opened it days on) says when it was paid (invoiceText).
      issuedAt: Date.now(),
      currency: booking.currency,
      // As Stripe charged it: the amount asked for, and the tax Stripe Tax added on top.
      subtotal: payment.amount,
      tax: payment.tax,
      total: payment.amount + payment.tax,
      description: descriptionOf(t, booking, kind, time),
      buyerName: booking.details.name,
      buyerEmail: booking.details.email,
      seller: termsOf(raw)?.invoiceFrom || `${site.owner}\n${siteOrigin(c)}`,
      language: booking.language,
    },
    booking.timeZone,
  );
}

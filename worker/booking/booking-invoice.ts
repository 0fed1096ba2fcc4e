/**
 * The invoices of a booking's payments (invoices.ts): the deposit's, once it is paid, and the
 * balance's, once that is. Each is issued by what follows its payment (settled.ts) or, should
 * that have failed, when the client first asks for it. Its words are the client's
 * language's; who it is from, the Booking settings' "Invoices are from" (else the owner's name
 * and the site's address).
 */
import type { Context } from "hono";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { translator } from "../i18n/translator.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import { type Booking, balanceOf } from "./bookings.ts";
import { d1Invoices, type Invoice, type InvoiceKind } from "./invoices.ts";
import { offerOf } from "./offer.ts";

/**
 * When a payment of the booking was made, what it was for and the tax on it: nothing where it
 * was not made (yet). A cancelled booking's payments were made all the same.
 */
export function paymentOf(booking: Booking, kind: InvoiceKind) {
  if (booking.status !== "booked" && booking.status !== "cancelled") return undefined;
  if (kind === "deposit") {
    return { at: booking.paidAt, amount: booking.deposit, tax: booking.depositTax };
  }
  return booking.balancePaidAt
    ? { at: booking.balancePaidAt, amount: balanceOf(booking), tax: booking.balanceTax }
    : undefined;
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
  return invoices.issue({
    booking: booking.id,
    kind,
    issuedAt: payment.at ?? Date.now(),
    currency: booking.currency,
    // As Stripe charged it: the amount asked for, and the tax Stripe Tax added on top.
    subtotal: payment.amount,
    tax: payment.tax,
    total: payment.amount + payment.tax,
    description: t(kind === "deposit" ? "booking.depositFor" : "booking.balanceFor", {
      session: booking.sessionTitle,
      time,
    }),
    buyerName: booking.details.name,
    buyerEmail: booking.details.email,
    seller: offerOf(raw)?.invoiceFrom || `${site.owner}\n${siteOrigin(c)}`,
    language: booking.language,
  });
}

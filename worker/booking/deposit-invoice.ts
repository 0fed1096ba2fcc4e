/**
 * The invoice of a booking's deposit (invoices.ts), issued once the deposit is paid: by what
 * follows the payment (settled.ts), or, should that have failed, when the client first asks for
 * it. Its words are the client's language's; who it is from, the Booking settings' "Invoices are
 * from" (else the owner's name and the site's address).
 */
import type { Context } from "hono";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { translator } from "../i18n/translator.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, siteOrigin, siteSettingsFor } from "../request/context.ts";
import type { Booking } from "./bookings.ts";
import { d1Invoices, type Invoice } from "./invoices.ts";
import { offerOf } from "./offer.ts";

/** The deposit's invoice of a booking whose deposit is paid, issued now where it was not yet. */
export async function depositInvoice(
  c: Context<AppEnv>,
  booking: Booking,
): Promise<Invoice | undefined> {
  if (booking.status !== "booked") return undefined;
  const invoices = d1Invoices(c.env.STORE_DB);
  const issued = await invoices.get(booking.id, "deposit");
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
    kind: "deposit",
    issuedAt: booking.paidAt ?? Date.now(),
    currency: booking.currency,
    // Deposits are charged without tax (Stripe Tax is the store's, not yet the deposits').
    subtotal: booking.deposit,
    tax: 0,
    total: booking.deposit,
    description: t("booking.depositFor", { session: booking.sessionTitle, time }),
    buyerName: booking.details.name,
    buyerEmail: booking.details.email,
    seller: offerOf(raw)?.invoiceFrom || `${site.owner}\n${siteOrigin(c)}`,
    language: booking.language,
  });
}

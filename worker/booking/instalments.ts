/**
 * The balance's payments (docs/booking.md, "The balance"): one, or the instalments of the session
 * type's payment plan. The balance is shared evenly (the first takes the odd cents), and the
 * payments fall due evenly from the deposit's payment until a week before the shoot, when the
 * week's reminder asks for what is left; a booking made later owes them all at once.
 */
import { amountStep } from "../lib/currency.ts";
import { DAY, instantOf, wallAt } from "../lib/zoned-time.ts";
import { type BalancePayment, type Booking, balanceOf } from "./bookings.ts";
import type { InvoiceKind } from "./invoices.ts";

export interface Instalment {
  /** Its number, from 1, of `of`. */
  n: number;
  of: number;
  /** The currency's smallest unit, before tax. */
  amount: number;
  dueAt: number;
  paid?: BalancePayment | undefined;
}

/** When the last payment of the balance falls due: a week before the shoot. */
const LAST_DUE_DAYS = 7;

export function instalmentsOf(booking: Booking): Instalment[] {
  const total = balanceOf(booking);
  const of = booking.plan;
  if (total <= 0) return [];
  // In amounts Stripe takes (whole hundredths of a three-decimal currency).
  const step = amountStep(booking.currency);
  const share = Math.floor(total / of / step) * step;
  const from = booking.paidAt ?? booking.start;
  // A week as the owner's calendar counts it, which the week's reminder that asks for it does
  // too (across a change of clocks, 168 hours may be another date).
  const week = LAST_DUE_DAYS * DAY;
  const last =
    instantOf(booking.timeZone, wallAt(booking.timeZone, booking.start) - week) ??
    booking.start - week;
  return Array.from({ length: of }, (_, index) => {
    const n = index + 1;
    return {
      n,
      of,
      amount: n === 1 ? total - share * (of - 1) : share,
      dueAt: last > from ? Math.round(from + ((last - from) * n) / of) : from,
      paid: booking.balancePayments.find((payment) => payment.n === n),
    };
  });
}

/** The balance's next payment, while the booking is booked and one is left to pay. */
export const nextInstalment = (booking: Booking): Instalment | undefined =>
  booking.status === "booked" ? instalmentsOf(booking).find((each) => !each.paid) : undefined;

/** What is left of the balance (before tax). */
export const owedOf = (booking: Booking): number =>
  instalmentsOf(booking).reduce((sum, each) => sum + (each.paid ? 0 : each.amount), 0);

/** The invoice of the balance's payment `n`: "balance", then "balance-2", … */
export const balanceKind = (n: number): InvoiceKind =>
  n === 1 ? "balance" : (`balance-${n}` as InvoiceKind);

/** The payment of the balance an invoice's kind names (1 for "balance"), if it names one. */
export function instalmentOfKind(kind: InvoiceKind): number | undefined {
  if (kind === "balance") return 1;
  const n = /^balance-([2-4])$/.exec(kind)?.[1];
  return n ? Number(n) : undefined;
}

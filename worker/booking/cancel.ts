/**
 * Cancelling a booked session (docs/booking.md, "Cancelling"), asked from the Studio: the owner's
 * "Cancel booking" action writes who cancels into the booking's copy, and the copy's change comes
 * through the publish webhook (studio-requests.ts). What is refunded follows the owner's
 * cancellation policy when the client cancels (the share for how long before the shoot they
 * asked) and is everything paid when the owner does; it is refunded through Stripe, from the
 * balance's payment first. Then, once: the record says cancelled, the time is freed, the
 * reminders stop, and the client is told (settled.ts). Whatever repeats it refunds once: the
 * amount is reckoned from the time the cancellation was asked, and each refund has its key.
 */
import type { Context } from "hono";
import type Stripe from "stripe";
import { amountStep } from "../lib/currency.ts";
import { DAY, wallAt } from "../lib/zoned-time.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor } from "../request/context.ts";
import { stripeClient } from "../store/index.ts";
import { type Booking, type CancelledBy, d1Bookings } from "./bookings.ts";
import { paymentKeys } from "./deposit.ts";
import { instalmentsOf } from "./instalments.ts";
import { lifeOf } from "./life.ts";
import { type CancellationRule, termsOf } from "./offer.ts";
import { calendarOf } from "./pages.tsx";
import { afterCancel } from "./settled.ts";

/**
 * Whether the client's bank has payment `n` (0 the deposit): disputed and not won. Its money is
 * with the bank, which gives it back or not: Stripe refunds none of it.
 */
const withTheBank = (booking: Booking, n: number) =>
  booking.disputes.some((dispute) => dispute.payment === n && dispute.standing !== "won");

/**
 * What each payment of a booking charged (tax included) that a refund can come from, the latest
 * first: the balance's payments, then the deposit; none the client's bank has.
 */
const paymentsOf = (booking: Booking) => [
  ...instalmentsOf(booking)
    .flatMap(({ n, amount, paid }) =>
      paid && !withTheBank(booking, n)
        ? [{ paymentIntent: paid.paymentIntent, paid: amount + paid.tax }]
        : [],
    )
    .reverse(),
  ...(withTheBank(booking, 0)
    ? []
    : [{ paymentIntent: booking.paymentIntent, paid: booking.deposit + booking.depositTax }]),
];

/** What was paid for a booking, tax included. */
const paidOf = (booking: Booking) =>
  paymentsOf(booking).reduce((sum, payment) => sum + payment.paid, 0);

/**
 * What a cancellation asked at `askedAt` refunds: everything paid when the owner cancels; when
 * the client does, the share of the policy's first line they are early enough for (none: 0).
 */
export function refundOf(
  booking: Booking,
  by: CancelledBy,
  policy: readonly CancellationRule[],
  askedAt: number,
): number {
  const paid = paidOf(booking);
  if (by === "owner") return paid;
  // Days as the owner's calendar counts them, where the policy is written: a change of clocks
  // between would otherwise move a cancellation an hour across a line.
  const daysLeft =
    (wallAt(booking.timeZone, booking.start) - wallAt(booking.timeZone, askedAt)) / DAY;
  const line = policy.find((each) => daysLeft >= each.daysBefore);
  // In an amount Stripe takes (whole hundredths of a three-decimal currency), never over what
  // was paid; reckoned in whole percent, as floating point makes 10,245 × 0.7 7,171.4999….
  const step = amountStep(booking.currency);
  const percent = Math.round((line?.share ?? 0) * 100);
  return Math.min(paid, Math.round((paid * percent) / 100 / step) * step);
}

/**
 * The refunds that make `amount`: from the balance's latest payment first, the deposit's last,
 * each payment's less what `taken` says was refunded of it already.
 */
export function refundsOf(
  booking: Booking,
  amount: number,
  taken: ReadonlyMap<string, number> = new Map(),
) {
  const parts: { paymentIntent: string; amount: number }[] = [];
  let left = amount;
  for (const { paymentIntent, paid } of paymentsOf(booking)) {
    const part = Math.min(left, paid - (paymentIntent ? (taken.get(paymentIntent) ?? 0) : 0));
    if (part > 0 && paymentIntent) {
      parts.push({ paymentIntent, amount: part });
      left -= part;
    }
  }
  return parts;
}

/**
 * A cancelled booking's time freed in the calendar and its reminders ended (each step reads the
 * booking and would send nothing; ended all the same): both may be done again.
 */
async function letGo(c: Context<AppEnv>, booking: Booking): Promise<void> {
  await calendarOf(c).release(booking.id);
  await c.env.BOOKING_LIFE.get(lifeOf(booking))
    .then((life) => life.terminate())
    .catch(() => undefined);
}

/** Rounds of refunds a cancellation makes while payments keep landing, before it tries later. */
const ROUNDS = 5;

/**
 * Cancels a booked session, as asked at `askedAt` by `by`: the refund, then (once) the record,
 * the calendar, the reminders and the client's e-mail. Nothing for a booking not booked. The
 * record says cancelled only if no payment landed since the refund was reckoned: one that did
 * (the client paying an instalment that moment) is refunded by the same rule in another round.
 */
export async function cancelBooking(
  c: Context<AppEnv>,
  id: string,
  by: CancelledBy,
  askedAt: number,
): Promise<Booking | undefined> {
  const bookings = d1Bookings(c.env.STORE_DB);
  const first = await bookings.get(id);
  // A delivery after one cut off between the record and the calendar frees the time then.
  if (first?.status === "cancelled") await letGo(c, first);
  if (first?.status !== "booked") return first;
  const policy =
    by === "client" ? (termsOf(await contentFor(c).booking())?.cancellation ?? null) : [];
  // Without the owner's policy nothing is decided: the webhook answers 503 and Sanity retries.
  if (!policy) throw new Error("The cancellation policy could not be read");
  // One delivery at a time: two (Sanity's webhook again, for a copy written meanwhile) would
  // each reckon the refunds from what it saw paid. The other fails, and Sanity delivers again.
  if (!(await bookings.claimCancel(id))) {
    throw new Error("Another delivery is cancelling this booking");
  }
  try {
    return await refundAndRecord(c, first, by, policy, askedAt);
  } finally {
    await bookings.releaseCancel(id);
  }
}

async function refundAndRecord(
  c: Context<AppEnv>,
  first: Booking,
  by: CancelledBy,
  policy: readonly CancellationRule[],
  askedAt: number,
): Promise<Booking | undefined> {
  const { id } = first;
  const bookings = d1Bookings(c.env.STORE_DB);
  const stripe = await stripeClient(paymentKeys(c));
  // A balance's payment page left open is closed: paid after this, it would be refunded in full
  // (balance.ts), but better never taken.
  const open = first.balanceCheckout;
  if (open && open.expiresAt > Date.now()) {
    await stripe.checkout.sessions.expire(open.session).catch(() => undefined);
  }
  // What an earlier delivery, cut off, refunded already is Stripe's to say: reckoned again from
  // nothing, with more paid since, it would be refunded twice.
  const taken = await refundedFor(stripe, first);
  let booking: Booking | undefined = first;
  for (let round = 0; round < ROUNDS && booking?.status === "booked"; round++) {
    const refund = refundOf(booking, by, policy, askedAt);
    const done = [...taken.values()].reduce((sum, amount) => sum + amount, 0);
    for (const part of refundsOf(booking, refund - done, taken)) {
      const before = taken.get(part.paymentIntent) ?? 0;
      await stripe.refunds.create(
        { payment_intent: part.paymentIntent, amount: part.amount, metadata: { booking: id } },
        { idempotencyKey: `booking-cancel-${id}-${part.paymentIntent}-${before}` },
      );
      taken.set(part.paymentIntent, before + part.amount);
    }
    // What the client got back in all: the owner's own refunds too, where they gave more.
    const refunded = [...taken.values()].reduce((sum, amount) => sum + amount, 0);
    const cancelled = { by, at: Date.now(), refunded };
    if (await bookings.markCancelled(id, cancelled, booking.balancePayments.length)) {
      const released = await letGo(c, booking).then(
        () => undefined,
        (error: unknown) => error,
      );
      const record = await bookings.get(id);
      if (record) await afterCancel(c)(record);
      // The client is told all the same; the webhook fails, and Sanity's next delivery frees it.
      if (released) throw released;
      return record;
    }
    booking = await bookings.get(id);
  }
  if (booking?.status === "booked") throw new Error("Payments kept landing while it was cancelled");
  return booking;
}

/**
 * What Stripe refunded of each of the booking's payments, by payment: an earlier delivery's, and
 * one the owner made in Stripe's dashboard (each payment is this booking's alone), so that the
 * client gets back what the policy gives in all, and Stripe is never asked for more than it holds.
 */
async function refundedFor(stripe: Stripe, booking: Booking): Promise<Map<string, number>> {
  const taken = new Map<string, number>();
  for (const { paymentIntent } of paymentsOf(booking)) {
    if (!paymentIntent) continue;
    const { data } = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
    const refunded = data
      .filter((refund) => refund.status !== "failed" && refund.status !== "canceled")
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (refunded > 0) taken.set(paymentIntent, refunded);
  }
  return taken;
}

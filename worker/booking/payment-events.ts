/**
 * Stripe's events for bookings, through the store's webhook (verified there, each once): a
 * completed Checkout Session of a booking books it (its deposit) or records its balance paid, and
 * a dispute of a booking's payment, or a refund of one its client's bank refused, is recorded for
 * the owner. True for every event of a booking's session or payment, so the store leaves them
 * alone.
 */
import type { Context } from "hono";
import type Stripe from "stripe";
import { log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor } from "../request/context.ts";
import { disputeStanding, idOf, stripeClient } from "../store/index.ts";
import { applyBalanceSession, isBalanceSession } from "./balance.ts";
import { type Bookings, d1Bookings } from "./bookings.ts";
import { applyDepositSession, bookingOfSession, paymentKeys } from "./deposit.ts";
import { offerOf } from "./offer.ts";
import { calendarOf } from "./pages.tsx";
import { afterBalance, afterDeposit, copyAgain, copyBeforeAnswer } from "./settled.ts";

/** The owner's most shoots a day, or none where their hours cannot be read now. */
async function perDay(c: Context<AppEnv>): Promise<number | undefined> {
  try {
    return offerOf(await contentFor(c).booking())?.hours.perDay;
  } catch {
    // The day's limit is not counted for this booking.
    return undefined;
  }
}

/**
 * A dispute of a booking's payment (the deposit, a payment of the balance), recorded as it stands
 * now: read again from Stripe, which does not keep its events in order. The booking itself is
 * left to the owner (the shoot may still be theirs to do, or to cancel), who is told in the
 * Studio's copy. False for a payment that paid for no booking.
 */
async function applyDispute(
  c: Context<AppEnv>,
  bookings: Bookings,
  told: Stripe.Dispute,
): Promise<boolean> {
  const stripe = await stripeClient(paymentKeys(c));
  const paid = await bookings.paidBy(idOf(told.payment_intent));
  if (!paid) return unrecordedPayment(stripe, bookings, told);
  const dispute = await stripe.disputes.retrieve(told.id);
  const standing = disputeStanding(dispute);
  const due = standing === "open" ? dispute.evidence_details.due_by : null;
  const changed = await bookings.recordDispute(paid.booking, {
    id: dispute.id,
    payment: paid.payment,
    amount: dispute.amount,
    standing,
    answerBy: due ? due * 1000 : undefined,
  });
  const booking = changed ? await bookings.get(paid.booking) : undefined;
  if (booking) {
    log.warn("A dispute of a booking's payment changed", {
      booking: booking.id,
      dispute: dispute.id,
      standing,
    });
    await copyAgain(c)(booking);
  }
  return true;
}

/**
 * A dispute of a payment no booking has recorded: false when its charge was for no booking; for
 * a booking's payment refunded as one too many, there is nothing to hold. Otherwise its payment's
 * event has not been applied yet (Stripe does not keep its events in order): the dispute fails
 * now, and Stripe's retry records it once the payment is.
 */
async function unrecordedPayment(
  stripe: Stripe,
  bookings: Bookings,
  told: Stripe.Dispute,
): Promise<boolean> {
  const chargeId = idOf(told.charge);
  const charge = chargeId ? await stripe.charges.retrieve(chargeId) : undefined;
  const booking = charge?.metadata?.booking;
  if (!booking || !(await bookings.get(booking))) return false;
  if (charge.refunded) return true;
  throw new Error(`A dispute of booking ${booking}'s payment came before its payment was recorded`);
}

/**
 * A refund of a booking's payment that the client's bank refused (a card closed since): the money
 * is back with the owner, who is told in the Studio's copy to refund another way. False for a
 * payment that paid for no booking.
 */
async function applyRefundFailure(
  c: Context<AppEnv>,
  bookings: Bookings,
  refund: Stripe.Refund,
): Promise<boolean> {
  // A payment the booking records, else one it does not (a second page paid), whose refund
  // names its booking.
  const id =
    (await bookings.paidBy(idOf(refund.payment_intent)))?.booking ?? refund.metadata?.booking;
  if (!id) return false;
  await bookings.markRefundFailed(id, refund.failure_reason ?? "unknown");
  const booking = await bookings.get(id);
  if (!booking) return false;
  log.error("The client's bank refused a booking's refund: the money is back with the owner", {
    booking: id,
    refund: refund.id,
    reason: refund.failure_reason,
  });
  // Nothing else tells the owner, and no later change of the booking writes the copy.
  await copyBeforeAnswer(c, booking);
  return true;
}

export async function bookingPayments(c: Context<AppEnv>, event: Stripe.Event): Promise<boolean> {
  if (event.type === "charge.dispute.created" || event.type === "charge.dispute.closed") {
    return applyDispute(c, d1Bookings(c.env.STORE_DB), event.data.object);
  }
  if (event.type === "refund.failed") {
    return applyRefundFailure(c, d1Bookings(c.env.STORE_DB), event.data.object);
  }
  if (!event.type.startsWith("checkout.session.")) return false;
  const session = event.data.object as Stripe.Checkout.Session;
  if (!bookingOfSession(session)) return false;
  if (
    event.type !== "checkout.session.completed" &&
    event.type !== "checkout.session.async_payment_succeeded"
  ) {
    return true;
  }
  const bookings = d1Bookings(c.env.STORE_DB);
  const keys = paymentKeys(c);
  if (isBalanceSession(session)) {
    await applyBalanceSession(bookings, keys, session, afterBalance(c));
  } else {
    await applyDepositSession(
      bookings,
      calendarOf(c),
      keys,
      session,
      await perDay(c),
      afterDeposit(c),
    );
  }
  return true;
}

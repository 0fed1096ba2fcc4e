/**
 * Stripe's events for bookings, through the store's webhook (verified there, each once): a
 * completed Checkout Session of a booking books it (its deposit) or records its balance paid.
 * True for every event of a booking's session, so the store leaves them alone.
 */
import type { Context } from "hono";
import type Stripe from "stripe";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor } from "../request/context.ts";
import { applyBalanceSession, isBalanceSession } from "./balance.ts";
import { d1Bookings } from "./bookings.ts";
import { applyDepositSession, bookingOfSession, paymentKeys } from "./deposit.ts";
import { offerOf } from "./offer.ts";
import { calendarOf } from "./pages.tsx";
import { afterBalance, afterDeposit } from "./settled.ts";

/** The owner's most shoots a day, or none where their hours cannot be read now. */
async function perDay(c: Context<AppEnv>): Promise<number | undefined> {
  try {
    return offerOf(await contentFor(c).booking())?.hours.perDay;
  } catch {
    // The day's limit is not counted for this booking.
    return undefined;
  }
}

export async function bookingPayments(c: Context<AppEnv>, event: Stripe.Event): Promise<boolean> {
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

/**
 * The balance of a booked session (what is left after the deposit), on Stripe Checkout like the
 * deposit, in one payment or in the instalments of its payment plan (instalments.ts), one after
 * the other: `POST /book/held/{id}/balance` sends the client to pay the next (the booking's page
 * offers it, and the reminders point there); Stripe's event, or the client's return, records it
 * paid once, and what follows (settled.ts) issues its invoice, tells the client and writes the
 * Studio's copy again.
 */
import type { Context } from "hono";
import type Stripe from "stripe";
import { phrase } from "../../shared/i18n/messages.ts";
import { PageError } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { contentFor, i18nFor, localPath, siteOrigin } from "../request/context.ts";
import { checkoutNaming, idOf, priceTax, stripeClient, taxOn } from "../store/index.ts";
import { type Booking, type Bookings, d1Bookings } from "./bookings.ts";
import {
  CHECKOUT_MINUTES,
  chargeOf,
  type OnSettled,
  paymentKeys,
  refundUnrecorded,
} from "./deposit.ts";
import { nextInstalment } from "./instalments.ts";

/** Whether a booking's Checkout Session asks for its balance (else its deposit). */
export const isBalanceSession = (session: Stripe.Checkout.Session): boolean =>
  session.metadata?.payment === "balance";

/**
 * Sends the client to pay the balance's next payment (303 to Stripe), or back to the page if
 * none is due.
 */
export async function startBalance(c: Context<AppEnv>, booking: Booking): Promise<Response> {
  const page = await localPath(c, `/book/held/${booking.id}`);
  const next = nextInstalment(booking);
  if (!next) return c.redirect(page, 303);
  const back = `${siteOrigin(c)}${page}`;
  const now = Date.now();
  const open = booking.balanceCheckout;
  if (open && open.expiresAt > now + 60_000) return c.redirect(open.url, 303);
  const keys = paymentKeys(c);
  const [i18n, raw] = await Promise.all([i18nFor(c), contentFor(c).booking()]);
  // The Store's setting, as the deposit was charged, whether or not `/book` is open now.
  const tax = raw.tax === true;
  const time = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: booking.timeZone,
  }).format(booking.start);
  const until = now + CHECKOUT_MINUTES * 60_000;
  const metadata = { booking: booking.id, payment: "balance", instalment: String(next.n) };
  const session = booking.sessionTitle;
  let checkout: Stripe.Checkout.Session;
  try {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      client_reference_id: booking.id,
      metadata,
      payment_intent_data: { metadata },
      customer_email: booking.details.email,
      success_url: `${back}?session={CHECKOUT_SESSION_ID}`,
      cancel_url: back,
      expires_at: Math.floor(until / 1000),
      ...taxOn(tax),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: booking.currency,
            unit_amount: next.amount,
            ...priceTax(tax),
            product_data: {
              name: (next.of > 1
                ? i18n.t("booking.instalmentFor", { n: next.n, of: next.of, session, time })
                : i18n.t("booking.balanceFor", { session, time })
              ).slice(0, 250),
            },
          },
        },
      ],
    };
    const { customer_email: _, ...withoutEmail } = params;
    checkout = await checkoutNaming(
      await stripeClient(keys),
      params,
      withoutEmail,
      `booking-balance-${booking.id}-${next.n}-${until}`,
      { booking: booking.id },
    );
  } catch (error) {
    log.error("Stripe refused or could not be reached for a balance", {
      booking: booking.id,
      error: errorText(error),
    });
    throw new PageError(502, phrase("booking.error.payment"), { fatal: false });
  }
  if (!checkout.url) throw new PageError(502, phrase("booking.error.payment"), { fatal: false });
  await d1Bookings(c.env.STORE_DB).setBalanceCheckout(booking.id, {
    session: checkout.id,
    url: checkout.url,
    expiresAt: (checkout.expires_at ?? 0) * 1000,
  });
  return c.redirect(checkout.url, 303);
}

/**
 * What a completed Checkout Session for a balance's payment, as Stripe says it is, does: that
 * payment recorded, the one time it is, when it is the next one due and its amount is that
 * payment's. One its booking no longer waits for (that payment was made already, by another
 * session, or the booking was cancelled meanwhile) is refunded in full. Repeating it changes
 * nothing.
 */
export async function applyBalanceSession(
  bookings: Bookings,
  keys: Parameters<typeof refundUnrecorded>[0],
  session: Stripe.Checkout.Session,
  onPaid?: OnSettled,
): Promise<Booking | undefined> {
  const id = session.metadata?.booking;
  const booking = id ? await bookings.get(id) : undefined;
  if (!booking || session.status !== "complete" || session.payment_status !== "paid") {
    return booking;
  }
  const paymentIntent = idOf(session.payment_intent);
  const n = Number(session.metadata?.instalment ?? 1);
  const recorded = (record: Booking) =>
    record.balancePayments.some((payment) => payment.paymentIntent === paymentIntent);
  // A payment recorded before (Stripe tells an event again): nothing to do.
  if (recorded(booking)) return booking;
  const next = nextInstalment(booking);
  if (booking.status !== "booked" || !next || n < next.n) {
    await refundUnrecorded(keys, booking.id, session, "not a payment its booking is waiting for");
    return booking;
  }
  const charged = chargeOf(session);
  if (n !== next.n || charged.currency !== booking.currency || charged.subtotal !== next.amount) {
    log.error("A paid balance does not match its booking; it is not recorded", {
      booking: booking.id,
      session: session.id,
    });
    return booking;
  }
  if (await bookings.markBalancePaid(booking.id, n, session.id, paymentIntent, charged.tax)) {
    log.info("Balance paid", { booking: booking.id, instalment: n });
    const paid = await bookings.get(booking.id);
    if (paid && onPaid) await onPaid(paid);
  }
  const now = await bookings.get(booking.id);
  // Another session's event recorded this payment first (both paid at once): this one is extra.
  if (now && !recorded(now)) {
    await refundUnrecorded(keys, booking.id, session, "not a payment its booking is waiting for");
  }
  return now;
}

/** The balance's Checkout Session the client came back from (`?session=`), read from Stripe. */
export async function balanceBackFromStripe(
  c: Context<AppEnv>,
  booking: Booking,
  onPaid: OnSettled,
): Promise<Booking> {
  const asked = c.req.query("session");
  if (!asked || asked !== booking.balanceCheckout?.session || !nextInstalment(booking)) {
    return booking;
  }
  try {
    const session = await (await stripeClient(paymentKeys(c))).checkout.sessions.retrieve(asked);
    return (
      (await applyBalanceSession(d1Bookings(c.env.STORE_DB), paymentKeys(c), session, onPaid)) ??
      booking
    );
  } catch (error) {
    log.warn("A balance's Checkout Session could not be read; the webhook will tell", {
      booking: booking.id,
      error: errorText(error),
    });
    return booking;
  }
}

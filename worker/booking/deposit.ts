/**
 * The deposit that books a held time, on Stripe Checkout (the store's keys, its SDK client and
 * its webhook): `POST /book/held/{id}/pay` records the booking in D1 and sends the client to
 * Stripe; Stripe's event (or the client's return, read from Stripe) makes it booked once. A
 * deposit paid after the hold lapsed keeps the time if it is still free, and is refunded in full
 * if someone else took it: never lost, never charged twice.
 */
import type { Context } from "hono";
import type Stripe from "stripe";
import { phrase } from "../../shared/i18n/messages.ts";
import { storeIsOn } from "../config/config.ts";
import { PageError } from "../errors/page-error.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, localPath, siteOrigin } from "../request/context.ts";
import { checkoutNaming, idOf, minorUnits, priceTax, stripeClient, taxOn } from "../store/index.ts";
import { type Booking, type Bookings, d1Bookings, type Terms } from "./bookings.ts";
import type { Hold } from "./calendar.ts";
import { contractRecords } from "./contracts.ts";
import type { Details } from "./details.ts";
import type { Offer, SessionType } from "./offer.ts";
import { blockOf } from "./slots.ts";
import { placedZone } from "./visitor-clock.ts";

/** A Checkout Session lasts at least 30 minutes (Stripe's least); the hold is kept as long. */
export const CHECKOUT_MINUTES = 31;

/**
 * The longest a time stays held for payment, from the first payment page: two pages. A client
 * who asks for page after page keeps no time from others for good; a page paid after the hold
 * lapsed books the time if it is still free, and is refunded if not.
 */
const PAYING_HOLD_MINUTES = 2 * CHECKOUT_MINUTES;

/**
 * An amount of the offer (a price, a deposit) in the currency's smallest unit, as it is shown
 * and kept: a price is paid in parts (deposit, instalments), so no one charge's limit is its
 * (HUF 1,000,000 is 100,000,000 hundredths, past Stripe's 99,999,999 for one payment).
 */
export const offerUnits = (value: number, currency: string) =>
  minorUnits(value, currency, true, Number.POSITIVE_INFINITY) ?? 0;

/** What a session type costs now, as the offer says. */
export const offeredTerms = (offer: Offer, session: SessionType): Terms => ({
  currency: offer.currency,
  price: offerUnits(session.price, offer.currency),
  deposit: minorUnits(session.deposit, offer.currency) ?? 0,
});

/**
 * What a held time is charged: the amounts its booking was opened with, else those of the
 * contract the client signed, else the offer's. The owner changing the offer later changes no
 * amount a client was shown a payment page for or signed.
 */
export async function termsOf(
  c: Context<AppEnv>,
  offer: Offer,
  session: SessionType,
  hold: Pick<Hold, "id" | "signed">,
  known?: Terms,
): Promise<Terms> {
  if (known) return known;
  const signed = hold.signed
    ? await contractRecords(c.env.STORE_DB, c.env.CONTRACTS).get(hold.id)
    : undefined;
  return signed?.terms ?? offeredTerms(offer, session);
}

type Calendar = DurableObjectStub<import("./calendar.ts").BookingCalendar>;

/** The store's keys, or a clear 503: without Stripe no deposit can be taken. */
export function paymentKeys(c: Context<AppEnv>) {
  const keys = c.var.config.store;
  if (!storeIsOn(keys)) {
    throw new PageError(503, phrase("booking.error.noPayments"), { fatal: false });
  }
  return keys;
}

const sameDetails = (a: Details, b: Details) =>
  a.name === b.name &&
  a.email === b.email &&
  JSON.stringify(a.answers) === JSON.stringify(b.answers);

/**
 * Sends the client to pay the deposit of their held time (303 to Stripe): the booking is
 * recorded first (awaiting its deposit), the hold kept as long as the payment page, and a
 * Checkout Session already open for it is used again rather than a second one made.
 */
export async function startDeposit(
  c: Context<AppEnv>,
  calendar: Calendar,
  offer: Offer,
  session: SessionType,
  hold: Hold & { details: NonNullable<Hold["details"]> },
): Promise<Response> {
  const keys = paymentKeys(c);
  const bookings = d1Bookings(c.env.STORE_DB);
  const now = Date.now();
  const known = await bookings.get(hold.id);
  if (known && known.status !== "awaiting_deposit") {
    return c.redirect(await localPath(c, `/book/held/${hold.id}`), 303);
  }
  // The page already open, unless the client has corrected their details since (possible while
  // there is no contract to sign): Stripe's page shows the e-mail it was made with.
  if (
    known?.checkout &&
    known.checkout.expiresAt > now + 60_000 &&
    sameDetails(known.details, hold.details)
  ) {
    return c.redirect(known.checkout.url, 303);
  }
  const until = now + CHECKOUT_MINUTES * 60_000;
  const heldUntil = Math.min(until, (known?.createdAt ?? now) + PAYING_HOLD_MINUTES * 60_000);
  if (!(await calendar.extend(hold.id, heldUntil, now))) {
    throw new PageError(404, phrase("booking.held.lapsed"), { fatal: false });
  }
  const i18n = await i18nFor(c);
  const { currency, price, deposit } = await termsOf(c, offer, session, hold, known);
  const block = blockOf(session.shape, hold.slot);
  await bookings.open({
    id: hold.id,
    session: session.slug,
    sessionTitle: session.title,
    start: hold.slot.start,
    end: hold.slot.end,
    blockStart: block.start,
    blockEnd: block.end,
    day: hold.slot.day,
    timeZone: offer.hours.timeZone,
    details: hold.details,
    language: i18n.language,
    currency,
    price,
    deposit,
    plan: session.plan,
    clientZone: placedZone(c.req.raw),
  });
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: offer.hours.timeZone,
  }).format(hold.slot.start);
  const back = `${siteOrigin(c)}${await localPath(c, `/book/held/${hold.id}`)}`;
  let checkout: Stripe.Checkout.Session;
  try {
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      client_reference_id: hold.id,
      metadata: { booking: hold.id },
      payment_intent_data: { metadata: { booking: hold.id } },
      customer_email: hold.details.email,
      success_url: `${back}?session={CHECKOUT_SESSION_ID}`,
      cancel_url: back,
      expires_at: Math.floor(until / 1000),
      ...taxOn(offer.tax),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency,
            unit_amount: deposit,
            ...priceTax(offer.tax),
            product_data: {
              name: i18n
                .t("booking.depositFor", { session: session.title, time: when })
                .slice(0, 250),
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
      `booking-${hold.id}-${until}`,
      { booking: hold.id },
    );
  } catch (error) {
    log.error("Stripe refused or could not be reached for a deposit", {
      booking: hold.id,
      error: errorText(error),
    });
    throw new PageError(502, phrase("booking.error.payment"), { fatal: false });
  }
  if (!checkout.url) throw new PageError(502, phrase("booking.error.payment"), { fatal: false });
  await bookings.setCheckout(hold.id, {
    session: checkout.id,
    url: checkout.url,
    expiresAt: (checkout.expires_at ?? 0) * 1000,
  });
  return c.redirect(checkout.url, 303);
}

/**
 * What follows a payment's outcome (settled.ts: the e-mails, the invoice, the Studio's copy):
 * once, after the record says booked, refunded, or its balance paid.
 */
export type OnSettled = (booking: Booking) => Promise<void>;

/**
 * What a completed Checkout Session charged: its currency, the amount asked for before tax (the
 * booking's deposit or balance, to compare) and the tax Stripe Tax added on top, if any.
 */
export const chargeOf = (session: Stripe.Checkout.Session) => ({
  currency: session.currency,
  subtotal: session.amount_subtotal,
  tax: session.total_details?.amount_tax ?? 0,
});

/** The booking a Checkout Session was made for, when it was made for one. */
export const bookingOfSession = (session: Stripe.Checkout.Session): string | undefined =>
  session.metadata?.booking ?? undefined;

/**
 * Pays back in full a paid Checkout Session of a booking that records nothing of it: a second
 * payment page paid beside the one that booked it (two tabs, a page opened again as the first
 * was lapsing), or a balance's payment made twice or after the booking was cancelled. Money the
 * record does not show is never kept. Once per session (its key).
 */
export async function refundUnrecorded(
  keys: Parameters<typeof stripeClient>[0],
  booking: string,
  session: Stripe.Checkout.Session,
  why: string,
): Promise<void> {
  const paymentIntent = idOf(session.payment_intent);
  if (!paymentIntent) return;
  await (await stripeClient(keys)).refunds.create(
    { payment_intent: paymentIntent, metadata: { booking } },
    { idempotencyKey: `booking-unrecorded-${session.id}` },
  );
  log.warn(`A payment its booking does not record is refunded in full: ${why}`, {
    booking,
    session: session.id,
  });
}

/**
 * What a completed Checkout Session, as Stripe says it is, does to its booking: booked, the one
 * time its deposit is paid, with its time kept in the calendar; or, when the time went to
 * someone else after the hold lapsed, refunded in full. A second deposit, paid beside the one
 * that booked it, is refunded in full too. Repeating it changes nothing.
 */
export async function applyDepositSession(
  bookings: Bookings,
  calendar: Calendar,
  keys: Parameters<typeof stripeClient>[0],
  session: Stripe.Checkout.Session,
  perDay: number | undefined,
  onSettled?: OnSettled,
): Promise<Booking | undefined> {
  const id = bookingOfSession(session);
  const booking = id ? await bookings.get(id) : undefined;
  if (!id || !booking || session.status !== "complete" || session.payment_status !== "paid") {
    return booking;
  }
  const paymentIntent = idOf(session.payment_intent);
  // Settled by another payment (booked, or refunded after its time was taken): this one is extra.
  const extra = (record: Booking) =>
    record.status !== "awaiting_deposit" && record.paymentIntent !== paymentIntent;
  if (booking.status !== "awaiting_deposit") {
    if (extra(booking)) {
      await refundUnrecorded(keys, id, session, "its booking's deposit was paid already");
    }
    return booking;
  }
  const charged = chargeOf(session);
  if (charged.currency !== booking.currency || charged.subtotal !== booking.deposit) {
    log.error("A paid deposit does not match its booking; it is not booked", {
      booking: id,
      session: session.id,
    });
    return booking;
  }
  // Each step may be repeated (Stripe sends an event again until it is answered): the calendar
  // keeps a time it already keeps, Stripe makes one refund per key, and the record moves once.
  const kept = await calendar.book(
    id,
    booking.session,
    { start: booking.start, end: booking.end, day: booking.day },
    { start: booking.blockStart, end: booking.blockEnd, day: booking.day },
    perDay,
  );
  if (kept) {
    if (await bookings.markPaid(id, paymentIntent, charged.tax)) {
      log.info("Booked", { booking: id });
      const booked = await bookings.get(id);
      if (booked && onSettled) await onSettled(booked);
    }
  } else if (paymentIntent) {
    await (await stripeClient(keys)).refunds.create(
      { payment_intent: paymentIntent, metadata: { booking: id } },
      { idempotencyKey: `booking-refund-${paymentIntent}` },
    );
    if (await bookings.markRefunded(id, paymentIntent)) {
      log.warn("A deposit came after its hold lapsed and the time was taken; it is refunded", {
        booking: id,
      });
      const refunded = await bookings.get(id);
      if (refunded && onSettled) await onSettled(refunded);
    }
    // This payment is refunded in full, whichever the record names: another page's, paid at the
    // same moment for the same lost time, may have moved it first. Refunding it again as extra
    // would be refused by Stripe, and the event retried for days.
    return bookings.get(id);
  }
  const now = await bookings.get(id);
  // Another session's event moved the record first (both paid at once).
  if (now && extra(now)) {
    await refundUnrecorded(keys, id, session, "its booking's deposit was paid already");
  }
  return now;
}

// A booking's payments as Stripe tells them (Checkout Sessions as its events carry them), through
// the real D1 and the calendar's Durable Object: Stripe Tax's share kept beside each amount, the
// amount before tax compared with what the booking asks, and the tax paid back with the rest.
import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { portraitBooking } from "../../tests/worker/portrait-booking.ts";
import { loadConfig, storeIsOn } from "../config/config.ts";
import { applyBalanceSession } from "./balance.ts";
import { paymentOf } from "./booking-invoice.ts";
import { d1Bookings } from "./bookings.ts";
import { refundOf, refundsOf } from "./cancel.ts";
import { applyDepositSession, offeredTerms } from "./deposit.ts";
import { offerOf } from "./offer.ts";

/** A completed, paid session as Stripe sends it: `subtotal` asked for, `tax` added on top. */
const paidSession = (booking: string, subtotal: number, tax: number, balance = false) =>
  ({
    id: `cs_test_${crypto.randomUUID().replace(/-/g, "")}`,
    object: "checkout.session",
    status: "complete",
    payment_status: "paid",
    currency: "eur",
    amount_subtotal: subtotal,
    amount_total: subtotal + tax,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
    metadata: balance ? { booking, payment: "balance" } : { booking },
    payment_intent: `pi_${crypto.randomUUID().replace(/-/g, "")}`,
  }) as unknown as Stripe.Checkout.Session;

/** A portrait (€250, €75 deposit) asked to pay its deposit, on a day of its own in 2031. */
async function awaitingDeposit(day: number) {
  const { status, depositTax, balanceTax, ...booking } = portraitBooking(Date.UTC(2031, 0, day, 9));
  await d1Bookings(env.STORE_DB).open(booking);
  return booking.id;
}

const keys = () => {
  const store = loadConfig(env).store;
  if (!storeIsOn(store)) throw new Error("the tests' store is on");
  return store;
};

const apply = (session: Stripe.Checkout.Session) =>
  applyDepositSession(
    d1Bookings(env.STORE_DB),
    env.BOOKING_CALENDAR.getByName("owner"),
    keys(),
    session,
    undefined,
  );

describe("a client's cancellation", () => {
  it("counts the policy's days on the owner's calendar, across a change of clocks", () => {
    // 10:00 in Madrid on 7 April (summer time); asked at 09:30 on 8 March (winter time): 30 days
    // and half an hour on the calendar, though 29 days and 23½ hours pass.
    const booking = portraitBooking(Date.UTC(2026, 3, 7, 8));
    const policy = [
      { daysBefore: 30, share: 1 },
      { daysBefore: 14, share: 0.5 },
    ];
    expect(refundOf(booking, "client", policy, Date.UTC(2026, 2, 8, 8, 30))).toBe(7_500);
    // And back in autumn: 14 days less half an hour on the calendar (3 November 10:00, asked
    // 20 October 10:30), though 14 days and half an hour pass.
    const autumn = portraitBooking(Date.UTC(2026, 10, 3, 9));
    expect(refundOf(autumn, "client", policy, Date.UTC(2026, 9, 20, 8, 30))).toBe(0);
  });
});

describe("a booking's payments with Stripe Tax", () => {
  it("keep each payment's tax for its invoice, and pay it back with the rest", async () => {
    const id = await awaitingDeposit(7);
    const deposit = await apply(paidSession(id, 7_500, 1_500));
    expect(deposit).toMatchObject({ status: "booked", depositTax: 1_500 });
    const balance = await applyBalanceSession(
      d1Bookings(env.STORE_DB),
      keys(),
      paidSession(id, 17_500, 3_500, true),
    );
    expect(balance).toMatchObject({ balanceTax: 3_500, balancePaidAt: expect.any(Number) });
    if (!balance) throw new Error("no booking");
    expect(paymentOf(balance, "deposit")).toMatchObject({ amount: 7_500, tax: 1_500 });
    expect(paymentOf(balance, "balance")).toMatchObject({ amount: 17_500, tax: 3_500 });
    // Everything paid comes back when the owner cancels; half of it by a policy of half.
    expect(refundOf(balance, "owner", [], Date.now())).toBe(30_000);
    expect(refundOf(balance, "client", [{ daysBefore: 0, share: 0.5 }], Date.now())).toBe(15_000);
    // Its credit note: the refund below nought, the tax the refunded share of the tax paid.
    const cancelled = {
      ...balance,
      status: "cancelled" as const,
      cancelled: { by: "client" as const, at: Date.now(), refunded: 15_000 },
    };
    expect(paymentOf(cancelled, "refund")).toEqual({
      at: cancelled.cancelled.at,
      amount: -12_500,
      tax: -2_500,
    });
    expect(paymentOf(balance, "refund")).toBeUndefined();
  });

  it("book nothing when the amount before tax is not the deposit, even if the total is", async () => {
    const id = await awaitingDeposit(8);
    // Made up here, these two have no payment on the payments stand-in to refund; a real one is
    // refunded in full (tests/worker/booking-deposits.test.ts).
    const unpaid = (session: Stripe.Checkout.Session) => ({ ...session, payment_intent: null });
    // €62.50 and its 20 % make €75.00: the deposit's total, but not the deposit.
    expect(await apply(unpaid(paidSession(id, 6_250, 1_250)))).toMatchObject({
      status: "awaiting_deposit",
    });
    expect(await apply(unpaid(paidSession(id, 7_000, 1_400)))).toMatchObject({
      status: "awaiting_deposit",
    });
    expect(await apply(paidSession(id, 7_500, 0))).toMatchObject({
      status: "booked",
      depositTax: 0,
    });
  });
});

describe("a refund in a three-decimal currency", () => {
  it("keep a price past what one payment may be whole, the deposit charged in one", () => {
    const offer = offerOf({
      hours: {
        timeZone: "Europe/Budapest",
        weeklyHours: [{ weekday: 6, from: "10:00", to: "18:00" }],
      },
      sessions: [
        {
          slug: "wedding",
          title: "Wedding",
          durationMinutes: 480,
          price: 1_000_000,
          depositPercent: 30,
        },
      ],
      currency: "huf",
      tax: false,
    });
    const wedding = offer?.sessions[0];
    if (!offer || !wedding) throw new Error("no offer");
    // HUF 1,000,000: 100,000,000 hundredths, past Stripe's 99,999,999 for one charge.
    expect(offeredTerms(offer, wedding)).toEqual({
      currency: "huf",
      price: 100_000_000,
      deposit: 30_000_000,
    });
  });

  it("is an amount Stripe takes (whole hundredths), never more than was paid", () => {
    // 75.010 KWD paid; 33 % back by the policy.
    const paid = portraitBooking(Date.now() + 60 * 86_400_000, {
      currency: "kwd",
      price: 250_000,
      deposit: 75_010,
      paymentIntent: "pi_kwd",
      paidAt: Date.now(),
    });
    expect(refundOf(paid, "client", [{ daysBefore: 0, share: 0.33 }], Date.now())).toBe(24_750);
    expect(refundOf(paid, "client", [{ daysBefore: 0, share: 1 }], Date.now())).toBe(75_010);
    // €102.45 at 70 %: €71.715, rounded up to €71.72 (in floating point 7171.4999…, down).
    const euros = { ...paid, currency: "eur", deposit: 10_245, paymentIntent: "pi_eur" };
    expect(refundOf(euros, "client", [{ daysBefore: 0, share: 0.7 }], Date.now())).toBe(7_172);
  });
});

describe("a payment plan's refunds", () => {
  it("come from the latest payment first, each no more than it charged, the deposit's last", () => {
    const plan = portraitBooking(Date.UTC(2027, 2, 30, 16), {
      plan: 3,
      paymentIntent: "pi_deposit",
      balancePayments: [
        { n: 1, paymentIntent: "pi_first", tax: 0, paidAt: Date.UTC(2027, 1, 1) },
        { n: 2, paymentIntent: "pi_second", tax: 0, paidAt: Date.UTC(2027, 2, 1) },
      ],
    });
    // Paid: €75 deposit, €58.34 and €58.33; €150 back.
    expect(refundOf(plan, "owner", [], Date.now())).toBe(19_167);
    expect(refundsOf(plan, 15_000)).toEqual([
      { paymentIntent: "pi_second", amount: 5_833 },
      { paymentIntent: "pi_first", amount: 5_834 },
      { paymentIntent: "pi_deposit", amount: 3_333 },
    ]);
  });
});

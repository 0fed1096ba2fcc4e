// What happens when a buyer pays on the hosted page (or a test says they did): the session
// completes with the buyer's details, shipping and tax, its PaymentIntent and Charge come to
// exist, and the webhook hears of it. "Pay later" is a bank transfer (Stripe's
// `customer_balance`): the session completes unpaid and the money arrives, or does not,
// later, with its own event. A buyer may also type their e-mail and leave (`leave`): Stripe
// keeps what they typed on the session, and its expiry event carries it.
import type Stripe from "stripe";
import type { PaymentsContext } from "./context.ts";
import { redeem } from "./discounts.ts";
import { invalidRequest } from "./errors.ts";
import * as make from "./objects.ts";
import type { SessionRecord } from "./store.ts";

export interface Buyer {
  email: string;
  name: string;
  /** The shipping address when the session collects one; otherwise the billing address. */
  address: Stripe.Address;
  /** The id of the chosen shipping rate; the first of the session's options by default. */
  shippingRate?: string;
  /** Ticked "Send me news and offers" (asked when `consent_collection[promotions]` is auto). */
  promotions: boolean;
}

/** What the hosted page takes as an e-mail address. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PaymentChoice = "card" | "bank_transfer";

/** Why a session cannot be paid now, in the words Stripe's hosted page uses; none if it can. */
export function notPayable(record: SessionRecord): string | undefined {
  const { session } = record;
  if (session.status === "open" && session.expires_at > make.now()) return undefined;
  return session.status === "complete"
    ? "This Checkout Session has already been completed."
    : "This Checkout Session is no longer active.";
}

/** The shipping option a buyer chose: the first one unless they chose another. */
export function chosenShipping(
  session: Stripe.Checkout.Session,
  rateId: string | undefined,
): Stripe.Checkout.Session.ShippingOption | undefined {
  if (rateId === undefined) return session.shipping_options[0];
  const option = session.shipping_options.find((candidate) => candidate.shipping_rate === rateId);
  if (!option) throw invalidRequest(`No such shipping rate on this session: '${rateId}'`);
  return option;
}

export function complete(
  ctx: PaymentsContext,
  record: SessionRecord,
  buyer: Buyer,
  choice: PaymentChoice,
): void {
  const refusal = notPayable(record);
  if (refusal) throw invalidRequest(refusal);
  const { session } = record;
  const allowed = session.shipping_address_collection?.allowed_countries;
  if (allowed && !allowed.includes(buyer.address.country as (typeof allowed)[number])) {
    throw invalidRequest(`Shipping to ${buyer.address.country} is not allowed.`);
  }
  const option = chosenShipping(session, buyer.shippingRate);
  // The last check, with the redemption counted: nothing after it refuses the payment.
  redeem(ctx, record);
  const taxed = session.automatic_tax.enabled;
  const taxOf = (amount: number) =>
    taxed ? Math.round((amount * make.TAX_RATE_PERCENT) / 100) : 0;
  let tax = 0;
  let discount = 0;
  for (const item of record.lineItems) {
    const discounted = item.amount_subtotal - item.amount_discount;
    item.amount_tax = taxOf(discounted);
    item.amount_total = discounted + item.amount_tax;
    tax += item.amount_tax;
    discount += item.amount_discount;
  }
  const shipping = option?.shipping_amount ?? 0;
  if (option) {
    const shippingTax = taxOf(shipping);
    tax += shippingTax;
    session.shipping_cost = {
      amount_subtotal: shipping,
      amount_tax: shippingTax,
      amount_total: shipping + shippingTax,
      shipping_rate: option.shipping_rate,
    };
  }
  const subtotal = session.amount_subtotal ?? 0;
  const total = subtotal - discount + shipping + tax;
  session.amount_total = total;
  session.total_details = { amount_discount: discount, amount_shipping: shipping, amount_tax: tax };
  if (taxed) session.automatic_tax.status = "complete";
  session.customer_details = {
    address: buyer.address,
    business_name: null,
    email: buyer.email,
    individual_name: null,
    name: buyer.name,
    phone: null,
    tax_exempt: "none",
    tax_ids: [],
  };
  if (session.consent_collection?.promotions === "auto") {
    session.consent = {
      promotions: buyer.promotions ? "opt_in" : "opt_out",
      terms_of_service: null,
    };
  }
  const shipsTo = allowed ? { address: buyer.address, name: buyer.name } : null;
  if (shipsTo) {
    session.collected_information = {
      business_name: null,
      individual_name: null,
      shipping_details: shipsTo,
    };
  }

  const kind = choice === "card" ? "card" : "customer_balance";
  const intent = make.paymentIntent(
    total,
    session.currency ?? "eur",
    kind,
    record.paymentData.metadata,
    shipsTo && { ...shipsTo, carrier: null, phone: null, tracking_number: null },
  );
  intent.description = record.paymentData.description;
  ctx.store.paymentIntents.set(intent.id, intent);
  session.payment_intent = intent.id;
  session.status = "complete";
  session.url = null;

  if (choice === "card") {
    succeed(ctx, intent, session);
  } else {
    intent.status = "requires_action";
    intent.next_action = {
      type: "display_bank_transfer_instructions",
      display_bank_transfer_instructions: {
        amount_remaining: total,
        currency: intent.currency,
        financial_addresses: [],
        hosted_instructions_url: null,
        reference: make.newId("", 12).toUpperCase(),
        type: "eu_bank_transfer",
      },
    };
    const setting = ctx.asyncPayment;
    if (setting) ctx.timers.after(setting.afterMs, () => settle(ctx, record, setting.outcome));
  }
  ctx.webhooks.emit("checkout.session.completed", session);
}

/**
 * A buyer types their e-mail (and ticks the offers box, or leaves it unticked) and goes away
 * without paying. Nothing is sent now; the session keeps what they typed until it expires.
 */
export function leave(
  record: SessionRecord,
  email: string,
  promotions: "opt_in" | "opt_out" | undefined,
): void {
  const refusal = notPayable(record);
  if (refusal) throw invalidRequest(refusal);
  const { session } = record;
  if (!EMAIL.test(email)) throw invalidRequest(`Not an e-mail address: ${email}`);
  if (promotions !== undefined && session.consent_collection?.promotions !== "auto") {
    throw invalidRequest(
      'This Checkout Session does not ask for consent to promotions (consent_collection[promotions] is not "auto").',
    );
  }
  session.customer_details = {
    address: null,
    business_name: null,
    individual_name: null,
    name: null,
    phone: null,
    tax_exempt: "none",
    tax_ids: null,
    ...session.customer_details,
    email,
  };
  if (promotions !== undefined) session.consent = { promotions, terms_of_service: null };
}

/** The money of a "Pay later" session arrives (`succeeded`) or does not (`failed`). */
export function settle(
  ctx: PaymentsContext,
  record: SessionRecord,
  outcome: "succeeded" | "failed",
): void {
  const { session } = record;
  const intent = ctx.store.paymentIntents.get(String(session.payment_intent));
  if (session.payment_status !== "unpaid" || intent?.status !== "requires_action") {
    throw invalidRequest("This Checkout Session has no bank transfer waiting to be settled.");
  }
  intent.next_action = null;
  if (outcome === "succeeded") {
    succeed(ctx, intent, session);
    ctx.webhooks.emit("checkout.session.async_payment_succeeded", session);
  } else {
    intent.status = "requires_payment_method";
    intent.last_payment_error = {
      type: "invalid_request_error",
      code: "payment_intent_payment_attempt_expired",
      message: "The bank transfer was not received in time.",
      payment_method_type: "customer_balance",
    };
    ctx.webhooks.emit("checkout.session.async_payment_failed", session);
  }
}

function succeed(
  ctx: PaymentsContext,
  intent: Stripe.PaymentIntent,
  session: Stripe.Checkout.Session,
): void {
  const details = session.customer_details;
  const paid = make.charge(
    intent,
    intent.payment_method_types[0] === "card" ? "card" : "customer_balance",
    {
      address: details?.address ?? null,
      email: details?.email ?? null,
      name: details?.name ?? null,
      phone: null,
      tax_id: null,
    },
  );
  ctx.store.charges.set(paid.id, paid);
  intent.status = "succeeded";
  intent.amount_received = intent.amount;
  intent.latest_charge = paid.id;
  session.payment_status = "paid";
}

// The Stripe objects the stand-in answers with, built whole: every field the SDK's types
// declare for the API version it pins, so an integration reads the same fields here as from
// Stripe (the compiler checks the list against `stripe`'s own types). Fields the stand-in
// has no use for carry Stripe's value for a test-mode Checkout payment, mostly null.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

/** The API version of the `stripe` package's types; the only one the stand-in speaks. */
export const API_VERSION = "2026-10-28.endive";

/**
 * The sales tax rate of `automatic_tax`, in per cent, added on top of every line and the
 * shipping (tax-exclusive prices). Stripe Tax computes it from the buyer's address; one fixed
 * rate keeps the demo's totals predictable.
 */
export const TAX_RATE_PERCENT = 20;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `cs_test_a1B2…`: Stripe's shape of ids (a prefix, then letters and digits). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("");
}

export const now = (): number => Math.floor(Date.now() / 1000);

/** Stripe sends `unit_amount_decimal` as a string; the SDK's type is its parsed Decimal. */
export type WirePrice = Omit<Stripe.Price, "unit_amount_decimal"> & {
  unit_amount_decimal: string | null;
};
export type WireLineItem = Omit<Stripe.LineItem, "price"> & { price: WirePrice };

export const emptyAddress = (): Stripe.Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});

export function product(
  name: string,
  description: string | null,
  images: string[],
  metadata: Record<string, string>,
): Stripe.Product {
  const created = now();
  return {
    id: newId("prod_", 14),
    object: "product",
    active: false, // Stripe archives the products price_data makes: they are not for reuse.
    created,
    default_price: null,
    description,
    images,
    livemode: false,
    marketing_features: [],
    metadata,
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: created,
    url: null,
  };
}

export function price(
  currency: string,
  unitAmount: number,
  productId: string,
  taxBehavior: "exclusive" | "unspecified" = "unspecified",
): WirePrice {
  return {
    id: newId("price_"),
    object: "price",
    active: false,
    billing_scheme: "per_unit",
    created: now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: productId,
    recurring: null,
    tax_behavior: taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: "one_time",
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function lineItem(
  unitPrice: WirePrice,
  quantity: number,
  description: string,
): WireLineItem {
  const amount = (unitPrice.unit_amount ?? 0) * quantity;
  return {
    id: newId("li_"),
    object: "item",
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: unitPrice.currency,
    description,
    metadata: {},
    price: unitPrice,
    quantity,
  };
}

export function shippingRate(
  displayName: string,
  amount: number,
  currency: string,
  deliveryEstimate: Stripe.ShippingRate.DeliveryEstimate | null,
  metadata: Record<string, string>,
): Stripe.ShippingRate {
  return {
    id: newId("shr_"),
    object: "shipping_rate",
    active: true,
    created: now(),
    delivery_estimate: deliveryEstimate,
    display_name: displayName,
    fixed_amount: { amount, currency },
    livemode: false,
    metadata,
    tax_behavior: "unspecified",
    tax_code: null,
    type: "fixed_amount",
  };
}

/** What the stand-in needs to open a session; everything else is Stripe's default. */
export interface SessionInput {
  id: string;
  url: string;
  currency: string;
  amountSubtotal: number;
  shippingOptions: Stripe.Checkout.Session.ShippingOption[];
  allowedCountries: Stripe.Checkout.Session.ShippingAddressCollection.AllowedCountry[] | null;
  automaticTax: boolean;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: number;
  locale: Stripe.Checkout.Session.Locale | null;
  submitType: Stripe.Checkout.Session.SubmitType | null;
  billingAddressCollection: Stripe.Checkout.Session.BillingAddressCollection | null;
  allowPromotionCodes: boolean | null;
  consentCollection: Stripe.Checkout.Session.ConsentCollection | null;
}

export function session(input: SessionInput): Stripe.Checkout.Session {
  const firstShipping = input.shippingOptions[0];
  const shipping = firstShipping?.shipping_amount ?? 0;
  return {
    id: input.id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: input.amountSubtotal,
    amount_total: input.amountSubtotal + shipping,
    automatic_tax: {
      enabled: input.automaticTax,
      liability: input.automaticTax ? { type: "self" } : null,
      provider: input.automaticTax ? "stripe" : null,
      // Stripe Tax needs the buyer's address first.
      status: input.automaticTax ? "requires_location_inputs" : null,
    },
    billing_address_collection: input.billingAddressCollection,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: input.consentCollection,
    created: now(),
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: "if_required",
    customer_details: input.customerEmail
      ? {
          address: null,
          business_name: null,
          email: input.customerEmail,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: "none",
          tax_ids: null,
        }
      : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: input.locale,
    managed_payments: null,
    metadata: input.metadata,
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ["card", "customer_balance"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: input.allowedCountries
      ? { allowed_countries: input.allowedCountries }
      : null,
    shipping_cost: firstShipping
      ? {
          amount_subtotal: shipping,
          amount_tax: 0,
          amount_total: shipping,
          shipping_rate: firstShipping.shipping_rate,
        }
      : null,
    shipping_options: input.shippingOptions,
    status: "open",
    submit_type: input.submitType,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: shipping, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: input.url,
    wallet_options: null,
  };
}

/** Stripe names coupons and generates codes in eight capitals and digits (`Z4OV52SU`). */
export const shortCode = (): string => newId("", 8).toUpperCase();

export interface CouponInput {
  id: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  name: string | null;
  maxRedemptions: number | null;
  redeemBy: number | null;
  metadata: Record<string, string>;
}

export function coupon(input: CouponInput): Stripe.Coupon {
  return {
    id: input.id,
    object: "coupon",
    amount_off: input.amountOff,
    created: now(),
    currency: input.currency,
    duration: "once",
    duration_in_months: null,
    livemode: false,
    max_redemptions: input.maxRedemptions,
    metadata: input.metadata,
    name: input.name,
    percent_off: input.percentOff,
    redeem_by: input.redeemBy,
    times_redeemed: 0,
    valid: true,
  };
}

export interface PromotionCodeInput {
  coupon: string;
  code: string;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  metadata: Record<string, string>;
}

export function promotionCode(input: PromotionCodeInput): Stripe.PromotionCode {
  return {
    id: newId("promo_"),
    object: "promotion_code",
    active: input.active,
    code: input.code,
    created: now(),
    customer: null,
    customer_account: null,
    expires_at: input.expiresAt,
    livemode: false,
    max_redemptions: input.maxRedemptions,
    metadata: input.metadata,
    promotion: { type: "coupon", coupon: input.coupon },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
}

export type PaymentMethodKind = "card" | "customer_balance";

export function paymentIntent(
  amount: number,
  currency: string,
  kind: PaymentMethodKind,
  metadata: Record<string, string>,
  shipping: Stripe.PaymentIntent.Shipping | null,
): Stripe.PaymentIntent {
  const id = newId("pi_");
  return {
    id,
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${newId("", 25)}`,
    confirmation_method: "automatic",
    created: now(),
    currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: newId("pm_"),
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: [kind],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "requires_payment_method",
    transfer_group: null,
  };
}

export function charge(
  intent: Stripe.PaymentIntent,
  kind: PaymentMethodKind,
  billing: Stripe.Charge.BillingDetails,
): Stripe.Charge {
  const card: Stripe.Charge.PaymentMethodDetails.Card = {
    amount_authorized: intent.amount,
    authorization_code: null,
    brand: "visa",
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
    country: "US",
    electronic_commerce_indicator: null,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
    funding: "credit",
    installments: null,
    last4: "4242",
    mandate: null,
    network: "visa",
    network_transaction_id: null,
    regulated_status: "unregulated",
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
  return {
    id: newId("ch_"),
    object: "charge",
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: newId("txn_"),
    billing_details: billing,
    calculated_statement_descriptor: kind === "card" ? "PORTFOLIO" : null,
    captured: true,
    created: now(),
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      seller_message: "Payment complete.",
      type: "authorized",
    },
    paid: true,
    payment_intent: intent.id,
    payment_method: typeof intent.payment_method === "string" ? intent.payment_method : null,
    payment_method_details:
      kind === "card" ? { type: "card", card } : { type: "customer_balance", customer_balance: {} },
    receipt_email: billing.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: intent.shipping,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
}

export function refund(
  paid: Stripe.Charge,
  amount: number,
  metadata: Record<string, string>,
  reason: Stripe.Refund.Reason | null,
): Stripe.Refund {
  return {
    id: newId("re_"),
    object: "refund",
    amount,
    balance_transaction: newId("txn_"),
    charge: paid.id,
    created: now(),
    currency: paid.currency,
    customer: null,
    customer_account: null,
    metadata,
    payment_intent: typeof paid.payment_intent === "string" ? paid.payment_intent : null,
    payment_method: paid.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

// Checkout Sessions over the API: create (mode `payment`, prices given inline with
// `price_data`, a discount from discounts.ts), retrieve with `expand[]`, list line items,
// expire (asked, or on its own once `expires_at` passes). Paying happens on the hosted page or
// through the control API (completion.ts).

import type Stripe from "stripe";
import { SHIPPING_COUNTRIES } from "../../shared/shipping-countries.ts";
import type { PaymentsContext, RequestInfo } from "./context.ts";
import { applyDiscount, refusal, requested } from "./discounts.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import { missing, type Params } from "./form.ts";
import * as make from "./objects.ts";
import { expand, list, type SessionRecord } from "./store.ts";

const STRIPE_EMAIL =
  /^(?!.*\.\.)(?!\.)[\x21-\x3f\x41-\x7e]+(?<!\.)@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

type CreateParams = Stripe.Checkout.SessionCreateParams;

const IMPLEMENTED = [
  "mode",
  "line_items",
  "currency",
  "metadata",
  "client_reference_id",
  "customer_email",
  "success_url",
  "cancel_url",
  "shipping_address_collection",
  "shipping_options",
  "automatic_tax",
  "payment_intent_data",
  "expires_at",
  "locale",
  "expand",
  // The hosted page asks for a promotion code, and for consent to promotional e-mails.
  "allow_promotion_codes",
  "discounts",
  "consent_collection",
  // Taken and shown on the session; they change nothing on the hosted page.
  "submit_type",
  "billing_address_collection",
] as const satisfies readonly (keyof CreateParams)[];

// Every other parameter Stripe takes, from the SDK's types (the compiler keeps it honest).
const OTHERS = [
  "adaptive_pricing",
  "after_expiration",
  "allowed_payment_method_types",
  "branding_settings",
  "custom_fields",
  "custom_text",
  "customer",
  "customer_account",
  "customer_creation",
  "customer_update",
  "excluded_payment_method_types",
  "integration_identifier",
  "invoice_creation",
  "managed_payments",
  "name_collection",
  "optional_items",
  "origin_context",
  "payment_method_collection",
  "payment_method_configuration",
  "payment_method_data",
  "payment_method_options",
  "permissions",
  "phone_number_collection",
  "redirect_on_completion",
  "return_url",
  "saved_payment_method_options",
  "setup_intent_data",
  "subscription_data",
  "tax_id_collection",
  "ui_mode",
  "wallet_options",
] as const satisfies readonly (keyof CreateParams)[];

// Fails to compile when the SDK adds a parameter neither list names.
const everyParameterListed: Exclude<
  keyof CreateParams,
  (typeof IMPLEMENTED)[number] | (typeof OTHERS)[number]
> extends never
  ? true
  : false = true;
void everyParameterListed;

const MINUTE = 60;

function url(params: Params, key: string): string | null {
  const value = params.string(key);
  if (value === undefined) return null;
  if (!URL.canParse(value) || !/^https?:/.test(value)) {
    throw invalidRequest("Not a valid URL", { code: "url_invalid", param: params.name(key) });
  }
  return value;
}

function currencyOf(params: Params, key: string): string {
  const value = params.required(key).toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) {
    throw invalidRequest(`Invalid currency: ${value}.`, { param: params.name(key) });
  }
  return value;
}

/**
 * The tax behaviour of a price or a shipping rate, one this stand-in implements. It is an account
 * with no default tax behaviour in its tax settings (as a new one is), where Stripe Tax needs
 * each price's own: without it Stripe refuses the session.
 */
function taxBehaviour(data: Params, automaticTax: boolean): "exclusive" | "unspecified" {
  const behaviour = data.oneOf("tax_behavior", ["exclusive", "inclusive", "unspecified"]);
  const param = data.name("tax_behavior");
  if (behaviour === "inclusive") {
    // Stripe Tax here adds the tax on top of a price (completion.ts), as "exclusive" does.
    throw invalidRequest(`The payments stand-in does not implement ${param} "inclusive".`, {
      param,
    });
  }
  if (automaticTax && behaviour !== "exclusive") {
    throw invalidRequest(
      `Stripe Tax needs a tax behavior for every price and shipping rate: set ${param}, or a default tax behavior in the account's tax settings.`,
      { param },
    );
  }
  return behaviour ?? "unspecified";
}

function lineItems(
  ctx: PaymentsContext,
  params: Params,
  automaticTax: boolean,
): make.WireLineItem[] {
  const items = params.objects("line_items");
  if (items.length === 0) throw missing("line_items");
  if (items.length > 100) {
    throw invalidRequest("You may only specify up to 100 line items.", { param: "line_items" });
  }
  return items.map((item) => {
    item.only(["price_data", "quantity", "metadata"], [
      "adjustable_quantity",
      "price",
      "tax_rates",
    ] satisfies (keyof Stripe.Checkout.SessionCreateParams.LineItem)[]);
    const data = item.object("price_data");
    if (!data) throw missing(item.name("price_data"));
    data.only(["currency", "unit_amount", "product_data", "tax_behavior"], [
      "product",
      "recurring",
      "unit_amount_decimal",
    ] satisfies (keyof Stripe.Checkout.SessionCreateParams.LineItem.PriceData)[]);
    const behaviour = taxBehaviour(data, automaticTax);
    const currency = currencyOf(data, "currency");
    const unitAmount = data.integer("unit_amount", { min: 0 });
    if (unitAmount === undefined) throw missing(data.name("unit_amount"));
    const productData = data.object("product_data");
    if (!productData) throw missing(data.name("product_data"));
    productData.only(["name", "description", "images", "metadata"], [
      "tax_code",
      "tax_details",
      "unit_label",
    ] satisfies (keyof Stripe.Checkout.SessionCreateParams.LineItem.PriceData.ProductData)[]);
    const quantity = item.integer("quantity", { min: 1 });
    if (quantity === undefined) throw missing(item.name("quantity"));
    const name = productData.required("name");
    const productObject = make.product(
      name,
      productData.string("description") ?? null,
      productData.strings("images"),
      productData.metadata("metadata"),
    );
    ctx.store.products.set(productObject.id, productObject);
    const priced = make.price(currency, unitAmount, productObject.id, behaviour);
    const line = make.lineItem(priced, quantity, name);
    line.metadata = item.metadata("metadata");
    return line;
  });
}

function shippingOptions(
  ctx: PaymentsContext,
  params: Params,
  currency: string,
  automaticTax: boolean,
): Stripe.Checkout.Session.ShippingOption[] {
  const options = params.objects("shipping_options");
  if (options.length > 5) {
    throw invalidRequest("You may only specify up to 5 shipping options.", {
      param: "shipping_options",
    });
  }
  return options.map((option) => {
    option.only(["shipping_rate_data"], [
      "shipping_rate",
    ] satisfies (keyof Stripe.Checkout.SessionCreateParams.ShippingOption)[]);
    const data = option.object("shipping_rate_data");
    if (!data) throw missing(option.name("shipping_rate_data"));
    data.only(
      ["display_name", "fixed_amount", "delivery_estimate", "metadata", "type", "tax_behavior"],
      [
        "tax_code",
      ] satisfies (keyof Stripe.Checkout.SessionCreateParams.ShippingOption.ShippingRateData)[],
    );
    data.oneOf("type", ["fixed_amount"]);
    taxBehaviour(data, automaticTax);
    const fixed = data.object("fixed_amount");
    if (!fixed) throw missing(data.name("fixed_amount"));
    fixed.only(["amount", "currency"], ["currency_options"]);
    const amount = fixed.integer("amount", { min: 0 });
    if (amount === undefined) throw missing(fixed.name("amount"));
    if (currencyOf(fixed, "currency") !== currency) {
      throw invalidRequest(
        `The shipping rate's currency must be the session's currency (${currency}).`,
        { param: fixed.name("currency") },
      );
    }
    const rate = make.shippingRate(
      data.required("display_name"),
      amount,
      currency,
      deliveryEstimate(data),
      data.metadata("metadata"),
    );
    ctx.store.shippingRates.set(rate.id, rate);
    return { shipping_amount: amount, shipping_rate: rate.id };
  });
}

function deliveryEstimate(data: Params): Stripe.ShippingRate.DeliveryEstimate | null {
  const estimate = data.object("delivery_estimate")?.only(["minimum", "maximum"]);
  if (!estimate) return null;
  const bound = (key: string) => {
    const side = estimate.object(key)?.only(["unit", "value"]);
    if (!side) return null;
    const unit = side.oneOf("unit", ["business_day", "day", "hour", "month", "week"]);
    const value = side.integer("value", { min: 1 });
    if (unit === undefined) throw missing(side.name("unit"));
    if (value === undefined) throw missing(side.name("value"));
    return { unit, value };
  };
  return { minimum: bound("minimum"), maximum: bound("maximum") };
}

function consentCollection(params: Params): Stripe.Checkout.Session.ConsentCollection | null {
  const consent = params.object("consent_collection");
  if (!consent) return null;
  consent.only(["promotions", "terms_of_service"], [
    "payment_method_reuse_agreement",
  ] satisfies (keyof Stripe.Checkout.SessionCreateParams.ConsentCollection)[]);
  const terms = consent.oneOf("terms_of_service", ["none", "required"]);
  if (terms === "required") {
    // Stripe would need a terms-of-service URL in the account's settings, and a box to tick.
    throw invalidRequest(
      'The payments stand-in implements consent_collection[terms_of_service] "none" only.',
      { param: consent.name("terms_of_service") },
    );
  }
  return {
    payment_method_reuse_agreement: null,
    promotions: consent.oneOf("promotions", ["auto", "none"]) ?? null,
    terms_of_service: terms ?? null,
  };
}

function expiresAt(params: Params, created: number): number {
  const value = params.integer("expires_at");
  if (value === undefined) return created + 24 * 60 * MINUTE;
  if (value > created + 24 * 60 * MINUTE) {
    throw invalidRequest(
      "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
      { param: "expires_at" },
    );
  }
  if (value < created + 30 * MINUTE) {
    throw invalidRequest(
      "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
      { param: "expires_at" },
    );
  }
  return value;
}

export function createSession(ctx: PaymentsContext, params: Params): unknown {
  params.only(IMPLEMENTED, OTHERS);
  const mode = params.required("mode");
  if (mode !== "payment") {
    throw invalidRequest(`The payments stand-in implements mode "payment" only.`, {
      param: "mode",
    });
  }
  const created = make.now();
  const expiry = expiresAt(params, created);
  const tax = params.object("automatic_tax")?.only(["enabled"], ["liability"]);
  const automaticTax = tax?.boolean("enabled") ?? false;
  const items = lineItems(ctx, params, automaticTax);
  const currency = params.has("currency")
    ? currencyOf(params, "currency")
    : (items[0]?.currency as string);
  if (items.some((item) => item.currency !== currency)) {
    throw invalidRequest("All line items must have the same currency.", { param: "line_items" });
  }
  const collection = params.object("shipping_address_collection")?.only(["allowed_countries"]);
  const countries = collection?.strings("allowed_countries");
  if (collection && countries?.length === 0) {
    throw missing(collection.name("allowed_countries"));
  }
  for (const [index, country] of (countries ?? []).entries()) {
    if (!SHIPPING_COUNTRIES.has(country)) {
      const param = `shipping_address_collection[allowed_countries][${index}]`;
      throw invalidRequest(
        `Invalid ${param}: must be one of ${[...SHIPPING_COUNTRIES].join(", ")}`,
        { param },
      );
    }
  }
  const intentData = params
    .object("payment_intent_data")
    ?.only(["metadata", "description"], [
      "application_fee_amount",
      "capture_method",
      "on_behalf_of",
      "receipt_email",
      "setup_future_usage",
      "shipping",
      "statement_descriptor",
      "statement_descriptor_suffix",
      "transfer_data",
      "transfer_group",
    ] satisfies (keyof Stripe.Checkout.SessionCreateParams.PaymentIntentData)[]);
  const clientReference = params.string("client_reference_id") ?? null;
  if (clientReference !== null && clientReference.length > 200) {
    throw invalidRequest("client_reference_id can be at most 200 characters.", {
      param: "client_reference_id",
    });
  }
  const discount = requested(ctx, params);
  const unusable =
    discount &&
    refusal(
      ctx,
      discount,
      currency,
      `discounts[0][${discount.code ? "promotion_code" : "coupon"}]`,
    );
  if (unusable) throw unusable;
  const customerEmail = params.string("customer_email") ?? null;
  // Stripe's own rule, stricter than a form's: no two dots in a row, nothing beyond ASCII.
  if (customerEmail !== null && !STRIPE_EMAIL.test(customerEmail)) {
    throw invalidRequest(`Invalid email address: ${customerEmail}`, {
      code: "email_invalid",
      param: "customer_email",
    });
  }
  const id = make.newId("cs_test_", 58);
  const session = make.session({
    id,
    url: `${ctx.origin()}/c/pay/${id}`,
    currency,
    amountSubtotal: items.reduce((sum, item) => sum + item.amount_subtotal, 0),
    shippingOptions: shippingOptions(ctx, params, currency, automaticTax),
    allowedCountries: countries ?? null,
    automaticTax,
    metadata: params.metadata("metadata"),
    clientReferenceId: clientReference,
    customerEmail,
    successUrl: url(params, "success_url"),
    cancelUrl: url(params, "cancel_url"),
    expiresAt: expiry,
    locale: params.string("locale") ?? null,
    submitType: params.oneOf("submit_type", ["auto", "book", "donate", "pay"]) ?? null,
    billingAddressCollection:
      params.oneOf("billing_address_collection", ["auto", "required"]) ?? null,
    allowPromotionCodes: params.boolean("allow_promotion_codes") ?? null,
    consentCollection: consentCollection(params),
  });
  session.created = created;
  const record: SessionRecord = {
    session,
    lineItems: items,
    paymentData: {
      metadata: intentData?.metadata("metadata") ?? {},
      description: intentData?.string("description") ?? null,
    },
  };
  applyDiscount(record, discount);
  ctx.store.sessions.set(id, record);
  return view(ctx, record, params.strings("expand"));
}

export function sessionRecord(ctx: PaymentsContext, id: string): SessionRecord {
  const record = ctx.store.sessions.get(id);
  if (!record) throw noSuch("checkout.session", id, "session");
  return record;
}

/** The session as the API shows it, with `line_items` when asked to expand them. */
export function view(
  ctx: PaymentsContext,
  record: SessionRecord,
  paths: readonly string[],
): unknown {
  const withLines = paths.some((path) => path === "line_items" || path.startsWith("line_items."));
  const base = withLines
    ? {
        ...record.session,
        line_items: list(record.lineItems, `/v1/checkout/sessions/${record.session.id}/line_items`),
      }
    : record.session;
  return expand(base, paths, (id) => ctx.store.find(id));
}

export function listLineItems(ctx: PaymentsContext, id: string, params: Params) {
  params.only(["limit", "starting_after", "ending_before", "expand"]);
  const record = sessionRecord(ctx, id);
  const page = list(record.lineItems, `/v1/checkout/sessions/${id}/line_items`, {
    limit: params.integer("limit"),
    startingAfter: params.string("starting_after"),
    endingBefore: params.string("ending_before"),
  });
  return expand(page, params.strings("expand"), (found) => ctx.store.find(found));
}

/**
 * Expires every open session whose `expires_at` has passed, as Stripe does on its own; the
 * server calls it as each request arrives and every few seconds between.
 */
export function expireDue(ctx: PaymentsContext): void {
  const at = make.now();
  for (const record of ctx.store.sessions.values()) {
    if (record.session.status === "open" && record.session.expires_at <= at) expire(ctx, record);
  }
}

/** Ends an open session, from the API or when its `expires_at` passes. */
export function expire(ctx: PaymentsContext, record: SessionRecord, request?: RequestInfo): void {
  const { session } = record;
  if (session.status !== "open") {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  session.status = "expired";
  session.url = null;
  ctx.webhooks.emit("checkout.session.expired", session, request);
}

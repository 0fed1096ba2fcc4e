// The hosted checkout page at a session's `url`: plain HTML that works without JavaScript and
// loads nothing else. It shows what is bought and asks for the buyer's e-mail, name and (when
// the session collects one) shipping address and method, and, when the session asks for
// them, a promotion code (a form of its own, as Stripe's page applies a code before paying)
// and consent to promotional e-mails; its buttons pay by card, pay later by bank transfer, or
// have the card declined. Paying redirects (303) to `success_url`, as Stripe does; a declined
// card, or a code used up meanwhile, stays on the page with a message.
import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { readBody } from "../server/http.ts";
import { type Buyer, complete, EMAIL, notPayable, type PaymentChoice } from "./completion.ts";
import type { PaymentsContext } from "./context.ts";
import {
  applyDiscount,
  byCode,
  DiscountRefused,
  discountOf,
  INVALID_CODE,
  refusal,
} from "./discounts.ts";
import { StripeError } from "./errors.ts";
import { TAX_RATE_PERCENT } from "./objects.ts";
import type { SessionRecord } from "./store.ts";

/** The answers on the form, by field name. */
export type Fields = Record<string, string>;

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function money(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

function languageOf(session: Stripe.Checkout.Session): string {
  const locale = session.locale;
  return locale && locale !== "auto" && Intl.NumberFormat.supportedLocalesOf(locale).length
    ? locale
    : "en";
}

/** Checks the form's answers; the buyer when they are complete, otherwise what is wrong. */
export function readBuyer(
  session: Stripe.Checkout.Session,
  fields: Fields,
): { buyer?: Buyer; errors: Fields } {
  const value = (name: string) => (fields[name] ?? "").trim();
  const errors: Fields = {};
  if (!EMAIL.test(value("email"))) errors.email = "Enter a valid e-mail.";
  if (value("name") === "") errors.name = "Enter your name.";
  const allowed = session.shipping_address_collection?.allowed_countries as string[] | undefined;
  const country = value("country").toUpperCase();
  if (allowed) {
    if (value("line1") === "") errors.line1 = "Enter the street address.";
    if (value("city") === "") errors.city = "Enter the town or city.";
    if (value("postal_code") === "") errors.postal_code = "Enter the postal code.";
    if (!allowed.includes(country)) errors.country = "We do not ship to this country.";
  } else if (!/^[A-Z]{2}$/.test(country)) {
    errors.country = "Enter a two-letter country code.";
  }
  const rate = value("shipping_rate");
  if (rate !== "" && !session.shipping_options.some((o) => o.shipping_rate === rate)) {
    errors.shipping_rate = "Choose a shipping method.";
  }
  if (Object.keys(errors).length > 0) return { errors };
  const optional = (name: string) => (allowed && value(name) !== "" ? value(name) : null);
  return {
    errors,
    buyer: {
      email: value("email"),
      name: value("name"),
      address: {
        line1: optional("line1"),
        line2: optional("line2"),
        city: optional("city"),
        postal_code: optional("postal_code"),
        state: optional("state"),
        country,
      },
      ...(rate === "" ? {} : { shippingRate: rate }),
      promotions: value("promotions") === "opt_in",
    },
  };
}

function estimate(rate: Stripe.ShippingRate | undefined): string {
  const bounds = rate?.delivery_estimate;
  if (!bounds?.minimum && !bounds?.maximum) return "";
  const unit = (bounds.maximum ?? bounds.minimum)?.unit.replace("_", " ") ?? "";
  const range = [bounds.minimum?.value, bounds.maximum?.value].filter((v) => v !== undefined);
  return ` (${range.join("–")} ${unit}s)`;
}

interface PageState {
  fields: Fields;
  errors: Fields;
  /** A message at the top of the form: a declined card. */
  alert?: string;
}

function input(name: string, label: string, state: PageState, attributes: string): string {
  const error = state.errors[name];
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";
  return `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" value="${html(state.fields[name] ?? "")}" ${attributes}${described}>${
    error ? `<br><span class="error" id="${name}-error">${html(error)}</span>` : ""
  }</p>`;
}

function render(ctx: PaymentsContext, record: SessionRecord, state: PageState): string {
  const { session } = record;
  const lang = languageOf(session);
  const currency = session.currency ?? "eur";
  const price = (amount: number) => html(money(amount, currency, lang));
  const rows = record.lineItems
    .map(
      (item) =>
        `<tr><td>${html(item.description ?? "")}</td><td>${item.quantity}</td><td>${price(item.amount_subtotal)}</td></tr>`,
    )
    .join("");
  const shipping = session.shipping_cost?.amount_subtotal;
  const taxNote = session.automatic_tax.enabled
    ? `<tr><th scope="row" colspan="2">Tax (${TAX_RATE_PERCENT} %, added at payment)</th><td></td></tr>`
    : "";
  const allowed = session.shipping_address_collection?.allowed_countries;
  const chosen = state.fields.shipping_rate ?? session.shipping_options[0]?.shipping_rate;
  const options = session.shipping_options
    .map((option, index) => {
      const rate = ctx.store.shippingRates.get(String(option.shipping_rate));
      const id = `shipping-${index}`;
      return `<p><input type="radio" id="${id}" name="shipping_rate" value="${html(String(option.shipping_rate))}"${
        option.shipping_rate === chosen ? " checked" : ""
      }> <label for="${id}">${html(rate?.display_name ?? "")}${html(estimate(rate))}: ${price(option.shipping_amount)}</label></p>`;
    })
    .join("");
  const address = allowed
    ? `<fieldset><legend>Shipping address</legend>
${input("line1", "Address", state, 'autocomplete="address-line1" required')}
${input("line2", "Address line 2 (optional)", state, 'autocomplete="address-line2"')}
${input("city", "Town or city", state, 'autocomplete="address-level2" required')}
${input("postal_code", "Postal code", state, 'autocomplete="postal-code" required')}
${input("state", "State or county (optional)", state, 'autocomplete="address-level1"')}
<p><label for="country">Country</label><br><select id="country" name="country" autocomplete="country"${
        state.errors.country ? ' aria-invalid="true" aria-describedby="country-error"' : ""
      }>${allowed.map((code) => `<option${state.fields.country === code ? " selected" : ""}>${code}</option>`).join("")}</select>${
        state.errors.country
          ? `<br><span class="error" id="country-error">${html(state.errors.country)}</span>`
          : ""
      }</p>
</fieldset>`
    : `<fieldset><legend>Billing</legend>${input("country", "Country (two-letter code)", state, 'autocomplete="country" required maxlength="2"')}</fieldset>`;
  const discount = discountOf(ctx, session);
  const discountRow = discount
    ? `<tr><th scope="row" colspan="2">Discount (${html(discount.code?.code ?? discount.coupon.name ?? discount.coupon.id)})</th><td>${price(-(session.total_details?.amount_discount ?? 0))}</td></tr>`
    : "";
  const codeForm = session.allow_promotion_codes
    ? `<form method="post" action="/c/pay/${html(session.id)}">
<fieldset><legend>Promotion code</legend>
${input("promotion_code", "Promotion code", state, 'autocomplete="off" autocapitalize="characters"')}
<p><button name="action" value="apply_code">Apply</button></p>
</fieldset>
</form>`
    : "";
  const consent =
    session.consent_collection?.promotions === "auto"
      ? `<p><input type="checkbox" id="promotions" name="promotions" value="opt_in"${
          state.fields.promotions === "opt_in" ? " checked" : ""
        }> <label for="promotions">Send me news and offers by e-mail</label></p>`
      : "";
  const back = session.cancel_url
    ? `<p><a href="${html(session.cancel_url)}">Back to the shop</a></p>`
    : "";
  const problems = Object.keys(state.errors).length;
  return page(
    lang,
    `${back}
<h1>Checkout</h1>
<p class="note">Test mode: a stand-in for Stripe Checkout. No money moves.</p>
<h2>Your order</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><th scope="row" colspan="2">Subtotal</th><td>${price(session.amount_subtotal ?? 0)}</td></tr>
${shipping === undefined ? "" : `<tr><th scope="row" colspan="2">Shipping</th><td>${price(shipping)}</td></tr>`}
${discountRow}
${taxNote}
<tr><th scope="row" colspan="2">Total</th><td>${price(session.amount_total ?? 0)}</td></tr>
</tfoot>
</table>
${state.alert ? `<div role="alert" class="error"><p>${html(state.alert)}</p>${back}</div>` : ""}
${problems ? `<div role="alert" class="error"><p>Please correct ${problems === 1 ? "one field" : `${problems} fields`} below.</p></div>` : ""}
${codeForm}
<form method="post" action="/c/pay/${html(session.id)}">
<fieldset><legend>Contact</legend>
${input("email", "E-mail", state, 'type="email" autocomplete="email" required')}
${input("name", "Name", state, 'autocomplete="name" required')}
${consent}
</fieldset>
${address}
${options ? `<fieldset><legend>Shipping method</legend>${options}</fieldset>` : ""}
<p><button name="action" value="pay">Pay</button>
<button name="action" value="pay_later">Pay later (bank transfer)</button>
<button name="action" value="decline">Decline</button></p>
</form>`,
  );
}

function page(lang: string, body: string): string {
  return `<!doctype html>
<html lang="${html(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (test mode)</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 36rem; padding: 1rem; color: #0f172a; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .25rem; }
td:last-child { text-align: right; } fieldset { margin: 1rem 0; }
.note { color: #334155; } .error { color: #991b1b; }
button { font: inherit; padding: .5rem 1rem; margin: .25rem .25rem 0 0; }
</style>
</head>
<body><main>
${body}
</main></body>
</html>
`;
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(Buffer.byteLength(html)),
    "cache-control": "no-store",
  });
  res.end(html);
}

function message(res: ServerResponse, status: number, text: string, lang = "en"): void {
  send(res, status, page(lang, `<h1>Checkout</h1>\n<p>${html(text)}</p>`));
}

/**
 * The buyer typed a promotion code and pressed Apply: a usable one goes on the session (a
 * code applied before replaces it); any other is refused on the page, the session unchanged.
 */
function applyCode(ctx: PaymentsContext, record: SessionRecord, fields: Fields): [number, string] {
  const { session } = record;
  if (!session.allow_promotion_codes) {
    const alert = "This Checkout Session does not take promotion codes.";
    return [400, render(ctx, record, { fields, errors: {}, alert })];
  }
  const typed = (fields.promotion_code ?? "").trim();
  const code = typed === "" ? undefined : byCode(ctx, typed);
  const coupon = code && ctx.store.coupons.get(String(code.promotion.coupon));
  if (!code || !coupon) {
    const errors = { promotion_code: typed === "" ? "Enter a code." : INVALID_CODE };
    return [400, render(ctx, record, { fields, errors })];
  }
  const refused = refusal(ctx, { coupon, code }, session.currency ?? "");
  if (refused) {
    return [400, render(ctx, record, { fields, errors: { promotion_code: refused.buyerMessage } })];
  }
  applyDiscount(record, { coupon, code });
  return [200, render(ctx, record, { fields: { ...fields, promotion_code: "" }, errors: {} })];
}

export async function handlePage(
  ctx: PaymentsContext,
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
): Promise<void> {
  const record = ctx.store.sessions.get(id);
  if (!record) return message(res, 404, "This Checkout Session does not exist.");
  const lang = languageOf(record.session);
  const closed = notPayable(record);
  if (closed) return message(res, req.method === "POST" ? 409 : 200, closed, lang);
  const email = record.session.customer_email ?? "";
  const firstCountry = record.session.shipping_address_collection?.allowed_countries[0] ?? "";
  if (req.method !== "POST") {
    return send(
      res,
      200,
      render(ctx, record, { fields: { email, country: firstCountry }, errors: {} }),
    );
  }

  const fields = Object.fromEntries(
    new URLSearchParams((await readBody(req, 64 * 1024)).toString()),
  );
  const action = fields.action;
  if (action === "apply_code") {
    return send(res, ...applyCode(ctx, record, { email, country: firstCountry, ...fields }));
  }
  const { buyer, errors } = readBuyer(record.session, fields);
  if (!buyer || (action !== "pay" && action !== "pay_later" && action !== "decline")) {
    return send(res, 400, render(ctx, record, { fields, errors }));
  }
  if (action === "decline") {
    // Stripe's card_declined message; the session stays open and nothing is sent.
    return send(
      res,
      402,
      render(ctx, record, { fields, errors, alert: "Your card was declined." }),
    );
  }
  const choice: PaymentChoice = action === "pay" ? "card" : "bank_transfer";
  try {
    complete(ctx, record, buyer, choice);
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    const alert = error instanceof DiscountRefused ? error.buyerMessage : error.message;
    return send(res, 400, render(ctx, record, { fields, errors, alert }));
  }
  const success = record.session.success_url;
  if (!success) return message(res, 200, "Thank you: your payment is complete.", lang);
  res.writeHead(303, {
    location: success.replaceAll("{CHECKOUT_SESSION_ID}", record.session.id),
    "content-length": "0",
  });
  res.end();
}

import type { Context, Handler } from "hono";
import type Stripe from "stripe";
import { phrase } from "../../shared/i18n/messages.ts";
import { isEmailAddress } from "../../shared/inquiries.ts";
import { countStep } from "../insights/index.ts";
import { errorText, log } from "../lib/log.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor, localPath, siteOrigin } from "../request/context.ts";
import { LIMIT_PERIOD_SECONDS, LIMIT_WAIT, visitorKey } from "../request/visitor-key.ts";
import { refusal } from "./cart.tsx";
import { cartIdOf } from "./carts.ts";
import type { Catalogue } from "./catalogue.ts";
import { catalogueFor, formOf, type Store, shelvesFor, storeOf } from "./context.ts";
import { type GalleryPrints, publicPhotos } from "./gallery-prints.ts";
import { newOrderId, type Order, type OrderLine, orderReference } from "./orders.ts";
import { resolvePromotion } from "./promotions.ts";
import { sellable } from "./sellable.ts";
import { checkoutNaming, priceTax, refusedParam, stripeClient, taxOn } from "./stripe.ts";

/** How long a Checkout Session stays open: an hour (Stripe allows 30 minutes to a day). */
const SESSION_SECONDS = 60 * 60;
/**
 * A claim whose Checkout Session was never recorded is let go after this long: the request that
 * made it died (one that lives waits for Stripe 10 seconds, twice, at most).
 */
const UNFINISHED_CLAIM_MS = 60_000;

/** A well-formed e-mail address, as a buyer typed it to be reminded; undefined otherwise. */
function reminderAddress(value: string | null | undefined): string | undefined {
  const address = value?.trim();
  return address && isEmailAddress(address) ? address : undefined;
}

/** The visitor's time zone as Cloudflare placed them, when it did. */
function timeZoneOf(c: Context<AppEnv>): { timeZone?: string } {
  const zone = c.req.raw.cf?.timezone;
  return typeof zone === "string" && zone.length <= 64 ? { timeZone: zone } : {};
}

/** What the cart charges now: its lines priced from the catalogue, and its discount. */
interface Charge {
  catalogue: Catalogue;
  lines: OrderLine[];
  promotionCode: string | undefined;
  /** When the lines were read: a change of the cart after it is one its checkout missed. */
  readAt: number;
}

const charged = (currency: string, lines: readonly OrderLine[]) =>
  JSON.stringify([
    currency,
    lines.map((l) => [l.photo, l.kind, l.product, l.unitAmount, l.quantity]),
  ]);

/** The promotion code a session takes off, if any. */
const discountOf = (session: Stripe.Checkout.Session) => {
  const code = session.discounts?.[0]?.promotion_code;
  return typeof code === "string" ? code : code?.id;
};

/** The shipping rates a checkout offers for prints (Stripe takes five at most). */
const shippingRatesOf = (catalogue: Catalogue, lines: readonly OrderLine[]) =>
  lines.some((line) => line.kind === "print") ? catalogue.shippingRates.slice(0, 5) : [];

/** Where a checkout's reminder goes should it be left: the address typed, while reminders are on. */
const remindOf = (catalogue: Catalogue, typed: string | null | undefined) =>
  catalogue.cartReminder ? reminderAddress(typed) : undefined;

/**
 * Whether an open session is the checkout asked for now: it charges what the cart says (its
 * lines, their prices, its discount, its shipping rates and tax; the owner may have changed a
 * price or a rate, turned a code or Stripe Tax off, since; a code's end or its limit may have
 * come, and a cart that cannot be charged now, say so, is not either), and names the address
 * typed now for its reminder, or none when none is: a buyer back from Stripe's page who mends a
 * misspelt address, or clears it, is never written to at the one they gave first.
 */
const charges = (
  session: Stripe.Checkout.Session,
  order: Order,
  now: Charge | Response,
  typed: string | null | undefined,
) =>
  !(now instanceof Response) &&
  charged(order.currency, order.lines) === charged(now.catalogue.currency, now.lines) &&
  discountOf(session) === now.promotionCode &&
  String(session.shipping_options.map((option) => option.shipping_amount)) ===
    String(shippingRatesOf(now.catalogue, now.lines).map((rate) => rate.unitAmount)) &&
  session.automatic_tax.enabled === Boolean(now.catalogue.tax) &&
  (session.metadata?.remind ?? "") === (remindOf(now.catalogue, typed) ?? "");

/**
 * The cart's checkout already under way, if any: its Stripe page again while that is open and
 * is the one asked for (`charges`: what the cart says `now`, the address `typed`) (303); the
 * order's page once it was paid, or while its bank transfer is on its way and the cart
 * unchanged; a 409 while another request is still making it. Undefined when there is none, or
 * it is over: the session expired, or expired here because it no longer is the one asked for
 * (so that its page cannot be paid any more), or the cart changed while a bank transfer is on
 * its way (that order's lines leave the cart); its claim is then let go, for a new checkout to
 * make its own.
 */
async function underWay(
  c: Context<AppEnv>,
  store: Store,
  cartId: string,
  now: () => Promise<Charge | Response>,
  typed: string | null | undefined,
) {
  const claim = await store.carts.checkout(cartId);
  if (!claim) return undefined;
  const order = await store.orders.get(claim.order);
  if (order?.checkoutSession) {
    const stripe = await stripeClient(store.keys);
    let session = await stripe.checkout.sessions.retrieve(order.checkoutSession);
    if (session.status === "open") {
      if (session.url && charges(session, order, await now(), typed)) {
        return c.redirect(session.url, 303);
      }
      const open = session;
      // Another checkout of this cart may have expired it a moment ago: over all the same.
      session = await stripe.checkout.sessions.expire(open.id).catch(async (error: unknown) => {
        const now = await stripe.checkout.sessions.retrieve(open.id);
        if (now.status === "open") throw error;
        return now;
      });
    }
    if (session.status === "complete" && order.status !== "payment_failed") {
      // Waiting for the buyer's bank transfer, its lines are that order's: a cart changed since
      // (more added meanwhile) checks out what else it holds, as a new order.
      if (!(claim.changed && order.status === "awaiting_payment")) {
        return c.redirect(await localPath(c, `/order/${order.id}`), 303);
      }
      await store.carts.removeOrdered(cartId, order.id, order.lines);
      return undefined;
    }
  } else if (Date.now() - claim.at < UNFINISHED_CLAIM_MS) {
    return refusal(c, 409, phrase("cart.error.checkingOut"));
  }
  await store.carts.releaseCheckout(cartId, claim.order);
  return undefined;
}

/**
 * The cart priced from the catalogue and checked against the photographs now, never from
 * anything the browser sent, with its discount code's Stripe promotion code if the code covers
 * the cart now; the cart's page when it is empty, a line is no longer offered or the code not
 * taken (dropped, the page saying why).
 */
async function cartCharge(
  c: Context<AppEnv>,
  store: Store,
  galleries: GalleryPrints,
  cartId: string,
): Promise<Charge | Response> {
  const readAt = Date.now();
  const lines = await store.carts.lines(cartId);
  if (!lines?.length) return c.redirect("/cart?notice=empty", 303);
  const catalogue = await catalogueFor(c);
  if (!catalogue) return c.redirect("/cart?notice=changed", 303);

  const shelves = await shelvesFor(c, galleries);
  const orderLines: OrderLine[] = [];
  for (const [index, line] of lines.entries()) {
    const now = await sellable(shelves, catalogue, line);
    if (!now) return c.redirect("/cart?notice=changed", 303);
    const { product } = now;
    orderLines.push({
      line: index + 1,
      photo: line.photo,
      kind: product.kind,
      product: product.id,
      productName: product.name,
      photoTitle: now.title,
      unitAmount: product.unitAmount,
      quantity: product.kind === "licence" ? 1 : line.quantity,
      fulfilment: product.kind === "licence" ? "download" : product.fulfilment,
      labSku: product.kind === "print" ? (product.labSku ?? null) : null,
      details:
        product.kind === "print" && product.labAttributes
          ? { ...now.details, labAttributes: product.labAttributes }
          : now.details,
    });
  }

  // The cart's discount code (typed, or put there by an e-mail's link): its Stripe promotion
  // code if it covers this cart now.
  const code = await store.carts.promotionCode(cartId);
  if (!code) return { catalogue, lines: orderLines, promotionCode: undefined, readAt };
  const resolved = await resolvePromotion(
    await stripeClient(store.keys),
    catalogue,
    code,
    orderLines,
  ).catch((error: unknown) => {
    log.error("Stripe could not be asked about a discount code", {
      path: "/cart/checkout",
      error: errorText(error),
    });
    return undefined;
  });
  if (!resolved) return refusal(c, 502, phrase("cart.error.payment"));
  if ("refused" in resolved) {
    await store.carts.setPromotionCode(cartId, null);
    return c.redirect(await localPath(c, `/cart?notice=code-${resolved.refused}`), 303);
  }
  return { catalogue, lines: orderLines, promotionCode: resolved.promotionCode, readAt };
}

/**
 * `POST /cart/checkout`: the cart becomes an order (in D1, "open") and a Stripe Checkout
 * Session, and the visitor goes to Stripe's page (303). Every line is priced from the catalogue
 * and checked against the photograph now, never from anything the browser sent; a line no
 * longer offered sends the visitor back to the cart, which says so. Prints collect a shipping
 * address and offer the catalogue's shipping rates; Stripe Tax when the owner turned it on. A
 * client gallery's print is checked against its gallery now (still open, still selling prints).
 * A cart has one checkout under way at a time (`underWay`, and a claim in D1 before anything is
 * written), and a visitor starts at most 10 a minute (CHECKOUT_LIMIT).
 */
export const checkout =
  (galleries: GalleryPrints): Handler<AppEnv> =>
  async (c) => {
    const store = storeOf(c);
    // The one field: the e-mail a buyer gives to be reminded of their cart (optional).
    const form = await formOf(c);
    // Each checkout may make an order and a Checkout Session: a few a minute per visitor.
    if (!(await c.env.CHECKOUT_LIMIT.limit({ key: visitorKey(c) })).success) {
      log.warn("Checkout refused: too many from one visitor", { path: "/cart/checkout" });
      const res = await refusal(c, 429, phrase("cart.error.tooMany", { when: LIMIT_WAIT }));
      res.headers.set("Retry-After", String(LIMIT_PERIOD_SECONDS));
      return res;
    }
    const cartId = await cartIdOf(c, store.keys);
    if (!cartId) return c.redirect("/cart?notice=empty", 303);
    // The code typed on the cart page (an empty field is none) is the cart's from now on: one
    // the checkout under way was not made with changes the cart, and that checkout is made again.
    if (form?.has("code")) {
      await store.carts.setPromotionCode(cartId, (form.get("code") ?? "").trim() || null);
    }
    // One cart, one checkout: a second is the first's, or waits for it. The cart is priced once,
    // when the checkout under way asks what it charges now, or else for a new one.
    let pricing: Promise<Charge | Response> | undefined;
    const charge = () => {
      pricing ??= cartCharge(c, store, galleries, cartId);
      return pricing;
    };
    const typed = form?.get("email");
    const ongoing = await underWay(c, store, cartId, charge, typed).catch((error) => {
      log.error("Stripe could not be asked about a cart's checkout", {
        path: "/cart/checkout",
        error: errorText(error),
      });
      return refusal(c, 502, phrase("cart.error.payment"));
    });
    if (ongoing) return ongoing;
    const now = await charge();
    if (now instanceof Response) return now;
    const { catalogue, lines: orderLines, promotionCode } = now;

    const hasPrints = orderLines.some((line) => line.kind === "print");
    const subtotal = orderLines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const orderId = newOrderId();
    // Of two checkouts of this cart at once, one claims it; the other is told to wait.
    if (!(await store.carts.claimCheckout(cartId, orderId, now.readAt))) {
      return refusal(c, 409, phrase("cart.error.checkingOut"));
    }
    await store.orders.create(
      { id: orderId, currency: catalogue.currency, subtotal, hasPrints },
      orderLines,
    );

    const origin = siteOrigin(c);
    const remind = remindOf(catalogue, typed);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: "payment",
      client_reference_id: orderId,
      // The cart is emptied once the order is paid. A buyer who asked to be reminded of it is
      // written to, should the session expire, in their language at a sensible hour of their
      // clock (cart-reminder.ts).
      metadata: {
        order: orderId,
        cart: cartId,
        ...(remind ? { remind, language: (await i18nFor(c)).language, ...timeZoneOf(c) } : {}),
      },
      ...(remind ? { customer_email: remind } : {}),
      // Stripe takes it off and counts its uses (promotions.ts); no code field on Stripe's page.
      ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
      payment_intent_data: {
        metadata: { order: orderId },
        description: `Order ${orderReference(orderId)}`,
      },
      // Back in the language the buyer was shopping in, with the session's id (Stripe fills it
      // in), which the order page asks Stripe about: paid before the webhook says so.
      success_url: `${origin}${await localPath(c, `/order/${orderId}`)}?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${await localPath(c, "/cart")}`,
      expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      line_items: orderLines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: catalogue.currency,
          unit_amount: line.unitAmount,
          ...priceTax(catalogue.tax),
          product_data: {
            name: `${line.productName} · ${line.photoTitle}`.slice(0, 250),
            metadata: { photo: line.photo, kind: line.kind, product: line.product },
          },
        },
      })),
      ...taxOn(catalogue.tax),
      ...(hasPrints
        ? {
            shipping_address_collection: {
              allowed_countries:
                catalogue.shippingCountries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
            },
            shipping_options: shippingRatesOf(catalogue, orderLines).map((rate) => ({
              shipping_rate_data: {
                type: "fixed_amount" as const,
                display_name: rate.name,
                fixed_amount: { amount: rate.unitAmount, currency: catalogue.currency },
                ...priceTax(catalogue.tax),
                // Which of the Store's rates the buyer chose, for the lab (fulfil.ts).
                metadata: { rate: rate.id },
                ...(rate.minDays && rate.maxDays
                  ? {
                      delivery_estimate: {
                        minimum: { unit: "business_day" as const, value: rate.minDays },
                        maximum: { unit: "business_day" as const, value: rate.maxDays },
                      },
                    }
                  : {}),
              },
            })),
          }
        : {}),
    };
    const stripe = await stripeClient(store.keys);
    let session: Stripe.Checkout.Session;
    try {
      // The reminder is the buyer's option: an address Stripe will not take does not stop the
      // purchase, which goes on without the reminder.
      const { customer_email: _, metadata, ...rest } = params;
      const { remind: __, language, timeZone, ...kept } = metadata ?? {};
      session = await checkoutNaming(
        stripe,
        params,
        { ...rest, metadata: kept },
        `checkout-${orderId}`,
        { path: "/cart/checkout", order: orderId },
      );
    } catch (error) {
      await store.carts.releaseCheckout(cartId, orderId);
      const context = { path: "/cart/checkout", order: orderId, error: errorText(error) };
      // A code used up or ended meanwhile (Stripe names the discount): the cart goes on without it.
      if (promotionCode && refusedParam(error)?.startsWith("discounts")) {
        log.warn("Stripe refused the cart's promotion code; the cart goes on without it", context);
        await store.carts.setPromotionCode(cartId, null);
        return c.redirect(await localPath(c, "/cart?notice=code-ended"), 303);
      }
      log.error("Stripe refused or could not be reached at checkout", context);
      return refusal(c, 502, phrase("cart.error.payment"));
    }
    await store.orders.setCheckoutSession(orderId, session.id);
    const photos = publicPhotos(orderLines.map((line) => line.photo));
    countStep(c.req.raw, c.env, c.executionCtx, "checkout", photos);
    if (!session.url) return refusal(c, 502, phrase("cart.error.noCheckout"));
    return c.redirect(session.url, 303);
  };

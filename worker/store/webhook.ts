import type { Context, Handler } from "hono";
import type Stripe from "stripe";
import { storeIsOn } from "../config/config.ts";
import { errorText, log } from "../lib/log.ts";
import { readText } from "../lib/request-body.ts";
import type { AppEnv } from "../request/app-env.ts";
import { siteOrigin } from "../request/context.ts";
import { planCartReminder } from "./cart-reminder.ts";
import { type Carts, d1Carts } from "./carts.ts";
import { sendToFulfilment } from "./fulfil.ts";
import { stopAtLab } from "./lab-news.ts";
import { labFor } from "./labs/index.ts";
import { d1Orders, type OrderStatus, type Orders, type Payment } from "./orders.ts";
import { stripeClient, verifiedEvent } from "./stripe.ts";
import { writeOrderCopy } from "./studio.ts";

/** Stripe's events are small; anything larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/** The order a Checkout Session was made for (the worker names it in its metadata). */
const orderOfSession = (session: Stripe.Checkout.Session): string | null =>
  session.metadata?.order ?? session.client_reference_id ?? null;

/** Every state a full refund closes. */
const UNREFUNDED: OrderStatus[] = ["open", "awaiting_payment", "paid", "payment_failed", "expired"];

/** The id of an expandable field of a Stripe object (an id, or the object itself). */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Where the buyer asked their prints to go. Stripe writes an event in its endpoint's API version,
 * not the SDK's: before 2025-02-24 the address was the session's own `shipping_details`, which
 * an endpoint made on an older account still sends (without it the lab gets no address).
 */
const shippingOf = (session: Stripe.Checkout.Session) =>
  session.collected_information?.shipping_details ??
  (session as { shipping_details?: Stripe.Checkout.Session.CollectedInformation.ShippingDetails })
    .shipping_details ??
  null;

function paymentOf(session: Stripe.Checkout.Session): Payment {
  const shipping = shippingOf(session);
  return {
    paymentIntent: idOf(session.payment_intent),
    email: session.customer_details?.email ?? null,
    name: session.customer_details?.name ?? null,
    shippingAddress: shipping
      ? { name: shipping.name ?? null, address: shipping.address ?? null }
      : null,
    shipping: session.total_details?.amount_shipping ?? null,
    tax: session.total_details?.amount_tax ?? null,
    total: session.amount_total ?? null,
    discount: session.total_details?.amount_discount || null,
  };
}

export interface Applied {
  order: string | null;
  /** The order became paid with this event (the one time it does). */
  paid: boolean;
}

/**
 * What a completed Checkout Session, as Stripe says it is (an event's, or one read from Stripe
 * by the order page), does to its order: paid (the one time it becomes so, its cart emptied), or
 * awaiting a bank transfer. Conditional on the order's state, so repeating it changes nothing.
 */
export async function applySession(
  orders: Orders,
  session: Stripe.Checkout.Session,
  carts?: Carts,
): Promise<Applied> {
  const id = orderOfSession(session);
  const order = id ? await orders.get(id) : undefined;
  if (!id || !order || session.status !== "complete") return { order: id, paid: false };
  if (session.currency !== order.currency || session.amount_subtotal !== order.subtotal) {
    // Never: sessions are made from the order. Kept out of fulfilment for the owner to see.
    log.error("A paid Checkout Session does not match its order; it is not fulfilled", {
      order: id,
      session: session.id,
    });
    return { order: id, paid: false };
  }
  const paid =
    session.payment_status === "paid" || session.payment_status === "no_payment_required";
  if (!paid) {
    await orders.awaitPayment(id, paymentOf(session));
    return { order: id, paid: false };
  }
  const recorded = await orders.markPaid(id, paymentOf(session));
  const cart = session.metadata?.cart;
  // Bought, though refunded since: its lines leave the cart all the same, once; and at Stripe's
  // retry when that failed after the payment was recorded (the cart still claims the order).
  if (cart && carts && (recorded || (await carts.checkout(cart))?.order === id)) {
    await carts.removeOrdered(cart, id, order.lines);
  }
  return { order: id, paid: recorded === "paid" };
}

/**
 * The order a charge paid for. Named in its metadata (checkout gives the PaymentIntent the
 * order's id, and Stripe copies it to the charge), so it is found before its payment was
 * recorded; else by its PaymentIntent. A named order whose recorded payment is another is not it.
 */
async function orderOfCharge(orders: Orders, charge: Stripe.Charge): Promise<string | null> {
  const paymentIntent = idOf(charge.payment_intent);
  const named = charge.metadata?.order ? await orders.get(charge.metadata.order) : undefined;
  if (named && (named.paymentIntent === null || named.paymentIntent === paymentIntent)) {
    return named.id;
  }
  return paymentIntent ? ((await orders.byPaymentIntent(paymentIntent)) ?? null) : null;
}

/**
 * The Studio's copy of an order Stripe changed after it was written (refunded, disputed): it
 * said "paid" until something else wrote it. Not written for an order that has none (not paid
 * yet), and a failure is only logged: the change stands, and the copy is written again at the
 * order's next one; unless the copy is the only word the owner has of the change (`orFail`),
 * whose event then fails, for Stripe's retry to write it.
 */
async function rewriteCopy(
  c: Context<AppEnv>,
  orders: Orders,
  id: string,
  { orFail = false } = {},
): Promise<void> {
  const order = await orders.get(id);
  if (!order?.fulfilment.studioWrittenAt) return;
  try {
    await writeOrderCopy(c.var.config, order, order.fulfilment.origin ?? siteOrigin(c));
  } catch (error) {
    if (orFail) throw error;
    log.error("An order's Studio copy could not be written after Stripe's news", {
      order: id,
      error: errorText(error),
    });
  }
}

/**
 * A dispute's states decided for the buyer, who keeps the money: lost, or prevented (Visa's
 * Rapid Dispute Resolution refunded them before any chargeback). Every other decided state is
 * for the seller.
 */
const AGAINST_SELLER = new Set<string>(["lost", "prevented"]);

/** A dispute's states while the bank has not decided. */
const UNDECIDED = new Set<string>([
  "needs_response",
  "under_review",
  "warning_needs_response",
  "warning_under_review",
  "appeal_needs_response",
  "appeal_under_review",
]);

/** Where a dispute stands for the seller: the bank has not decided, or decided for or against. */
export type DisputeStanding = "open" | "won" | "lost";

export const disputeStanding = ({ status }: Pick<Stripe.Dispute, "status">): DisputeStanding =>
  AGAINST_SELLER.has(status) ? "lost" : UNDECIDED.has(status) ? "open" : "won";

type DisputeOutcome = "held" | "released" | "lost";

/**
 * What a dispute of an order's payment does to the order, as the dispute stands (read again from
 * Stripe by the webhook: Stripe does not keep its events in order, so its "closed" may come
 * before its "created", and either before the payment's own event: the order is then found by
 * its disputed charge, and paid later, it is held from the start). Undecided, the order is held:
 * nothing more is delivered. Won (or closed after a warning), it is released. Lost, the bank has
 * given the buyer the money back: the order is closed as refunded, still marked disputed.
 */
async function applyDispute(
  orders: Orders,
  stripe: Stripe,
  dispute: Stripe.Dispute,
  now = Date.now(),
): Promise<{ order: string | null; outcome?: DisputeOutcome }> {
  const paymentIntent = idOf(dispute.payment_intent);
  const charge = idOf(dispute.charge);
  const id =
    (paymentIntent ? await orders.byPaymentIntent(paymentIntent) : undefined) ??
    (charge ? await orderOfCharge(orders, await stripe.charges.retrieve(charge)) : null);
  const order = id ? await orders.get(id) : undefined;
  if (!id || !order) return { order: null };
  const standing = disputeStanding(dispute);
  if (standing !== "won") {
    if (order.disputedAt === null) await orders.record(id, { disputed_at: now });
    if (standing === "open") return { order: id, outcome: "held" };
    await orders.move(id, UNREFUNDED, "refunded", now);
    return { order: id, outcome: "lost" };
  }
  if (order.disputedAt !== null) await orders.record(id, { disputed_at: null });
  // Released even when an earlier delivery of this news lifted the hold and failed before the
  // order went on (Stripe delivers it again): fulfilment does each step once.
  return order.status === "paid" ? { order: id, outcome: "released" } : { order: id };
}

/**
 * What one verified event does to its order. Each change is conditional on the order's state,
 * so it happens at most once whatever Stripe repeats: an order becomes paid once.
 */
export async function applyEvent(
  orders: Orders,
  event: Stripe.Event,
  carts?: Carts,
): Promise<Applied> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return applySession(orders, event.data.object, carts);
    case "checkout.session.async_payment_failed": {
      const id = orderOfSession(event.data.object);
      if (id) await orders.move(id, ["open", "awaiting_payment"], "payment_failed");
      return { order: id, paid: false };
    }
    case "checkout.session.expired": {
      const id = orderOfSession(event.data.object);
      if (id) await orders.move(id, ["open"], "expired");
      return { order: id, paid: false };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const id = await orderOfCharge(orders, charge);
      // Refunded in full: the order is closed, whether its payment was recorded yet or not.
      // Stripe does not keep its events in order: a completed checkout (or a bank transfer's
      // money) told after its refund then finds it refunded, and nothing is fulfilled. A partial
      // refund leaves the order as it is.
      if (id && charge.refunded) await orders.move(id, UNREFUNDED, "refunded");
      return { order: id, paid: false };
    }
    default:
      return { order: null, paid: false };
  }
}

/**
 * Where the worker hands a paid order on (fulfilment; the queue in index.ts): once, whoever asks
 * and however often, and only a paid order.
 */
export type OnPaid = (env: Env, order: string, origin: string) => Promise<void>;

/**
 * Another feature's Checkout Sessions on the same account and webhook (a booking's deposit):
 * given each verified event once, before the store; true when the event was that feature's.
 */
export type OtherCheckouts = (c: Context<AppEnv>, event: Stripe.Event) => Promise<boolean>;

/**
 * `POST /_app/store/stripe`: Stripe's webhook. The raw body is verified with the SDK's
 * `constructEventAsync`, the endpoint's secret and a five-minute tolerance: unsigned, signed
 * with another secret, altered or older than five minutes, it is refused (400) and changes
 * nothing. A verified event is applied once: its id is claimed in D1 first, recorded applied
 * after, and an event applied already is answered 200 without doing anything again (Stripe
 * repeats events); one claimed by another delivery still applying it, 409. Should applying it
 * fail, its claim is removed and the answer is 500, so Stripe's retry applies it; should the
 * request be cut off (Stripe waits seconds, a lab's answer may take longer), its claim lapses
 * after two minutes, and Stripe's next delivery applies it.
 */
export const stripeWebhook =
  (onPaid?: OnPaid, others?: OtherCheckouts): Handler<AppEnv> =>
  async (c) => {
    const keys = c.var.config.store;
    if (!storeIsOn(keys)) return c.text("404 Not Found", 404);
    const signature = c.req.header("Stripe-Signature");
    const body = await readText(c.req.raw, MAX_EVENT_BYTES, c.var.config);
    if (!signature || body === null) return c.text("400 Bad Request: not a Stripe event", 400);
    let event: Stripe.Event;
    try {
      event = await verifiedEvent(keys, body, signature);
    } catch (error) {
      log.warn("A Stripe webhook was refused: its signature does not verify", {
        path: "/_app/store/stripe",
        error: errorText(error),
      });
      return c.text("400 Bad Request: the signature does not verify", 400);
    }
    const object = event.data?.object as { metadata?: Record<string, string> | null } | null;
    if (typeof object !== "object" || object === null) {
      // Signed, so Stripe's (or the secret's holder's), yet about nothing: nothing to apply, and
      // nothing a retry would change.
      log.warn("A Stripe event without its object was ignored", {
        event: event.id,
        type: event.type,
      });
      return c.json({ received: true, applied: false });
    }
    const orders = d1Orders(c.env.STORE_DB);
    const claim = await orders.claimEvent(event.id, event.type, object.metadata?.order ?? null);
    if (claim === "applied") return c.json({ received: true, applied: false });
    // Another delivery is applying it now: should that one fail, this one's retry is needed.
    if (claim === "busy") return c.text("409 Conflict: this event is being applied", 409);
    // What the event does: each change conditional on the order's (or booking's) state, so an
    // event applied again after a claim that lapsed part-way changes nothing twice.
    const apply = async (): Promise<Response> => {
      if (await others?.(c, event)) return c.json({ received: true, applied: true });
      if (event.type === "charge.dispute.created" || event.type === "charge.dispute.closed") {
        const stripe = await stripeClient(keys);
        const dispute = await stripe.disputes.retrieve(event.data.object.id);
        const { order, outcome } = await applyDispute(orders, stripe, dispute);
        if (!order) return c.json({ received: true, applied: false });
        log.warn("A payment's dispute changed its order", { order, dispute: dispute.id, outcome });
        // Lost: as a refund, the lab is asked to stop prints it has not made.
        if (outcome === "lost") await stopAtLab(orders, labFor(keys), order);
        await rewriteCopy(c, orders, order);
        // Won: fulfilment goes on from where the dispute stopped it.
        if (outcome === "released") await sendToFulfilment(c.env, order, siteOrigin(c));
        return c.json({ received: true, applied: true });
      }
      if (event.type === "refund.failed") {
        const refund = event.data.object;
        const paymentIntent = idOf(refund.payment_intent);
        const order = paymentIntent ? await orders.byPaymentIntent(paymentIntent) : undefined;
        if (!order) return c.json({ received: true, applied: false });
        // The order stays as it is (refunded: nothing is delivered); the owner has the money
        // back and must give it back another way.
        await orders.record(order, { refund_failed: refund.failure_reason ?? "unknown" });
        log.error("The buyer's bank refused a refund: the money is back with the owner", {
          order,
          refund: refund.id,
          reason: refund.failure_reason,
        });
        // Nothing else tells the owner, and no later change of the refunded order writes it.
        await rewriteCopy(c, orders, order, { orFail: true });
        return c.json({ received: true, applied: true });
      }
      const applied = await applyEvent(orders, event, d1Carts(c.env.STORE_DB));
      if (event.type === "checkout.session.expired" && applied.order) {
        await planCartReminder(c, event.data.object);
      }
      // Refunded in full (recorded above, whatever follows) once the lab had the order: the lab
      // is asked to stop it. Should the lab not answer, Stripe's retry asks again, which is
      // harmless: the refund is recorded already, and a cancelled order is not asked twice.
      if (event.type === "charge.refunded" && applied.order) {
        await stopAtLab(orders, labFor(keys), applied.order);
        await rewriteCopy(c, orders, applied.order);
      }
      if (applied.paid && applied.order) {
        log.info("Order paid", { order: applied.order, event: event.id });
      }
      // Fulfilment starts for any paid order not handed on yet (this event's, one the order
      // page found paid, or one whose earlier hand-over failed): `onPaid` hands each over once.
      if (applied.order && onPaid) await onPaid(c.env, applied.order, siteOrigin(c));
      return c.json({ received: true, applied: true });
    };
    try {
      const answer = await apply();
      await orders.eventApplied(event.id);
      return answer;
    } catch (error) {
      // Should even that fail, the claim lapses, and Stripe's retry after it applies the event.
      await orders.forgetEvent(event.id).catch(() => {});
      log.error("A Stripe event could not be applied; Stripe will send it again", {
        event: event.id,
        type: event.type,
        error: errorText(error),
      });
      return c.text("500 Internal Server Error", 500);
    }
  };

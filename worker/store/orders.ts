/**
 * Orders in D1 (migrations/0002_orders.sql): the record of every sale. An order is written at
 * checkout, priced from the catalogue, before the buyer pays; Stripe's events move it on, each
 * applied once (stripe_events), and each change of state is a conditional update, so that an
 * order becomes paid once, whatever is repeated.
 */

import { formatCountry } from "../../shared/i18n/format.ts";
import { toBase64url } from "../lib/signing.ts";
import type { Product } from "./catalogue.ts";
import type { LabNews, LabStage } from "./labs/index.ts";

export type OrderStatus =
  | "open"
  | "awaiting_payment"
  | "paid"
  | "payment_failed"
  | "expired"
  | "refunded";

export interface OrderLine {
  line: number;
  photo: string;
  kind: Product["kind"];
  product: string;
  productName: string;
  photoTitle: string;
  unitAmount: number;
  quantity: number;
  fulfilment: "lab" | "owner" | "download";
  labSku: string | null;
  /** What fulfilment needs later: see LineDetails. */
  details: LineDetails;
}

/** Kept with a line at checkout, for the lab, the download and the owner. */
export interface LineDetails {
  /** The photograph's page (a path). */
  path: string;
  /**
   * A public photograph's image asset (its id, address and size), the size of its private
   * original where the asset is its public copy, and the owner's crop at checkout.
   */
  asset?: string;
  assetUrl?: string;
  assetWidth?: number;
  assetHeight?: number;
  original?: { width: number; height: number };
  crop?: { top: number; bottom: number; left: number; right: number } | null;
  /** A client gallery's photograph: the gallery (its id, title and Studio document) and the photograph's id and file name. */
  gallery?: { id: string; title: string; document: string; photo: string; name: string };
  /** A print's size in inches, a licence's delivered long edge and terms. */
  widthInches?: number;
  heightInches?: number;
  longEdge?: number;
  termsUrl?: string;
  /** Who made the photograph (its credit line's first part, else the site's owner). */
  creator?: string;
  /** A lab print's options besides its code (a frame's color), as the catalogue had them. */
  labAttributes?: Record<string, string>;
}

export interface ShippingDetails {
  name: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
  } | null;
}

/**
 * Where the prints go, a line each as on a label, the country named in `locale` (Stripe gives
 * its code): what the order page, the owner's e-mail and the Studio's copy say.
 */
export function shipTo(
  { shippingAddress }: Pick<Order, "shippingAddress">,
  locale: string,
): string[] | undefined {
  const address = shippingAddress?.address;
  if (!address) return undefined;
  const { line1, line2, postal_code, city, state, country } = address;
  const town = [postal_code, city].filter(Boolean).join(" ");
  return [
    shippingAddress.name,
    line1,
    line2,
    town,
    state,
    country && formatCountry(locale, country),
  ].filter((line): line is string => Boolean(line));
}

/** The shipping rate the buyer paid for (migrations/0020_shipping_rate.sql). */
export interface PaidShipping {
  /** The Store's rate's id ("express"); null for a Checkout Session made before it was named. */
  id: string | null;
  /** Its name, as the buyer chose it on Stripe's page. */
  name: string;
}

export interface Order {
  id: string;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  discount: number | null;
  hasPrints: boolean;
  checkoutSession: string | null;
  paymentIntent: string | null;
  email: string | null;
  name: string | null;
  shippingAddress: ShippingDetails | null;
  shippingRate: PaidShipping | null;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  fulfilmentQueuedAt: number | null;
  /** When the buyer's bank disputed the payment (migrations/0022_order_disputes.sql): null once the dispute is won, kept when it was lost. */
  disputedAt: number | null;
  /** Why the buyer's bank refused the order's refund after Stripe sent it (migrations/0025): the money is back with the owner. */
  refundFailed: string | null;
  /** Fulfilment (migrations/0003_fulfilment.sql). */
  fulfilment: Fulfilment;
  lines: OrderLine[];
}

/** Where a paid order's fulfilment stands. */
export interface Fulfilment {
  /** "lab" (the lab has the prints), "owner" (prints wait for the owner), "parked" (every retry failed), null (not started or nothing to do). */
  state: string | null;
  labOrder: string | null;
  error: string | null;
  studioWrittenAt: number | null;
  ownerMailedAt: number | null;
  buyerMailedAt: number | null;
  parkedAt: number | null;
  shippedAt: number | null;
  trackingUrl: string | null;
  origin: string | null;
  /** Where the lab's order stands, from the lab's news (migrations/0004_lab_news.sql). */
  labStage: LabStage | null;
  /** When every line was found still for sale, once the payment was in: files go out from then. */
  saleCheckedAt: number | null;
}

const ORDER_ID = /^[A-Za-z0-9_-]{32}$/;

/** How the order's note begins once a refund came too late for the lab to stop its prints. */
export const REFUNDED_TOO_LATE = "Refunded too late:";

/**
 * Whether the order's files may be delivered now: paid, found still for sale once the payment
 * arrived (fulfilment's first step: until then the order page says its files are being
 * prepared), and, to the buyer, its payment not disputed by their bank. The lab may still fetch a
 * disputed order's print files: it has only orders handed over before the dispute, which go on
 * (fulfilment holds back the rest).
 */
export const deliverable = (order: Order, to: "buyer" | "lab" = "buyer"): boolean =>
  order.status === "paid" &&
  order.fulfilment.saleCheckedAt !== null &&
  (to === "lab" || order.disputedAt === null);

/** Whether `value` could be an order id (32 base64url characters): anything else is not looked up. */
export const isOrderId = (value: string): boolean => ORDER_ID.test(value);

/** A new order id: 24 random bytes (192 bits), base64url: the order page's unguessable address. */
export function newOrderId(): string {
  // Never with a leading dash: its Studio copy is `order.{id}`, and Sanity refuses a document id
  // whose segment starts with one (a 64th of all orders, each retried for ever).
  for (;;) {
    const id = toBase64url(crypto.getRandomValues(new Uint8Array(24)));
    if (!id.startsWith("-")) return id;
  }
}

/**
 * What the buyer and the owner call an order: the first eight letters and digits of its id, in
 * capitals. The id's `-` and `_` are left out, so a reference never reads as broken ("__3MWV4F").
 */
export const orderReference = (id: string): string =>
  id
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase();

interface OrderRow {
  id: string;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  discount: number | null;
  has_prints: number;
  checkout_session: string | null;
  payment_intent: string | null;
  email: string | null;
  name: string | null;
  shipping_address: string | null;
  shipping_rate: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  fulfilment_queued_at: number | null;
  sale_checked_at: number | null;
  disputed_at: number | null;
  refund_failed: string | null;
  fulfilment_state: string | null;
  lab_order: string | null;
  fulfilment_error: string | null;
  studio_written_at: number | null;
  owner_mailed_at: number | null;
  buyer_mailed_at: number | null;
  parked_at: number | null;
  shipped_at: number | null;
  tracking_url: string | null;
  origin: string | null;
  lab_stage: LabStage | null;
}

interface LineRow {
  line: number;
  photo: string;
  kind: Product["kind"];
  product: string;
  product_name: string;
  photo_title: string;
  unit_amount: number;
  quantity: number;
  fulfilment: OrderLine["fulfilment"];
  lab_sku: string | null;
  details: string;
}

const orderOf = (row: OrderRow, lines: LineRow[]): Order => ({
  id: row.id,
  status: row.status,
  currency: row.currency,
  subtotal: row.subtotal,
  shipping: row.shipping,
  tax: row.tax,
  total: row.total,
  discount: row.discount,
  hasPrints: row.has_prints === 1,
  checkoutSession: row.checkout_session,
  paymentIntent: row.payment_intent,
  email: row.email,
  name: row.name,
  shippingAddress: row.shipping_address
    ? (JSON.parse(row.shipping_address) as ShippingDetails)
    : null,
  shippingRate: row.shipping_rate ? (JSON.parse(row.shipping_rate) as PaidShipping) : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  paidAt: row.paid_at,
  fulfilmentQueuedAt: row.fulfilment_queued_at,
  disputedAt: row.disputed_at,
  refundFailed: row.refund_failed,
  fulfilment: {
    state: row.fulfilment_state,
    labOrder: row.lab_order,
    error: row.fulfilment_error,
    studioWrittenAt: row.studio_written_at,
    ownerMailedAt: row.owner_mailed_at,
    buyerMailedAt: row.buyer_mailed_at,
    parkedAt: row.parked_at,
    shippedAt: row.shipped_at,
    trackingUrl: row.tracking_url,
    origin: row.origin,
    labStage: row.lab_stage,
    saleCheckedAt: row.sale_checked_at,
  },
  lines: lines.map((line) => ({
    line: line.line,
    photo: line.photo,
    kind: line.kind,
    product: line.product,
    productName: line.product_name,
    photoTitle: line.photo_title,
    unitAmount: line.unit_amount,
    quantity: line.quantity,
    fulfilment: line.fulfilment,
    labSku: line.lab_sku,
    details: JSON.parse(line.details) as LineDetails,
  })),
});

/** What Stripe says about a completed payment, recorded on the order. */
export interface Payment {
  paymentIntent: string | null;
  email: string | null;
  name: string | null;
  shippingAddress: ShippingDetails | null;
  shipping: number | null;
  tax: number | null;
  total: number | null;
  /** What a promotion code took off (migrations/0017). */
  discount: number | null;
}

export interface Orders {
  create(
    order: Pick<Order, "id" | "currency" | "subtotal" | "hasPrints">,
    lines: OrderLine[],
    now?: number,
  ): Promise<void>;
  setCheckoutSession(id: string, session: string): Promise<void>;
  get(id: string): Promise<Order | undefined>;
  /** The order a payment paid for. */
  byPaymentIntent(paymentIntent: string): Promise<string | undefined>;
  /**
   * Claims a Stripe event to apply it: "claimed" the first time, or when an earlier claim lapsed
   * unfinished; "applied" once it was (Stripe sends an event again until it is answered 2xx, and
   * may repeat it anyway); "busy" while another delivery of it is being applied.
   */
  claimEvent(
    eventId: string,
    type: string,
    orderId: string | null,
    now?: number,
  ): Promise<"claimed" | "applied" | "busy">;
  /** Records a claimed event as applied: it is never applied again. */
  eventApplied(eventId: string, now?: number): Promise<void>;
  /** Forgets an event's claim (its handling failed: Stripe's retry must apply it). */
  forgetEvent(eventId: string): Promise<void>;
  /** The checkout completed without the money yet (a bank transfer): unless already further. */
  awaitPayment(id: string, payment: Payment, now?: number): Promise<boolean>;
  /**
   * Records the payment, the one time it arrives: the order becomes paid, or stays refunded when
   * Stripe's refund of that payment came first (its state then); undefined when it was recorded
   * already.
   */
  markPaid(id: string, payment: Payment, now?: number): Promise<"paid" | "refunded" | undefined>;
  /** A state the order moves to only from `from` (true when it did). */
  move(id: string, from: OrderStatus[], to: OrderStatus, now?: number): Promise<boolean>;
  /**
   * Claims the paid order's hand-over to fulfilment, with the origin its links are to name: true
   * the first time, and again once a claim not followed by its send (`fulfilment_sent_at`) has
   * lapsed (HAND_OVER_LAPSE_MS): the request that claimed it was cut off.
   */
  markQueued(id: string, origin: string, now?: number): Promise<boolean>;
  /**
   * Paid orders of the last days never handed over: a claim that lapsed unsent, or no claim (the
   * order page found the payment and was cut off before handing it over, and no event of
   * Stripe's came after), with the origin of their claim when there was one.
   */
  notHandedOver(now?: number): Promise<{ id: string; origin: string | null }[]>;
  /**
   * Whether `email` paid for an order after `since`, or ordered one since that waits for their
   * bank transfer (a cart left behind was bought after all).
   */
  orderedSince(email: string, since: number): Promise<boolean>;
  /** Whether `email` paid for prints of client gallery `gallery`'s photographs. */
  galleryOrderedBy(gallery: string, email: string): Promise<boolean>;
  /**
   * Records the lab's news on a paid order: its stage, tracking link and issues; an order the
   * lab had alone ("lab") becomes "shipped" (shipped_at, once) or "cancelled". True when anything
   * changed: the same news again changes nothing.
   */
  labNews(id: string, news: LabNews, now?: number): Promise<boolean>;
  /**
   * Claims the sending of a paid order's e-mails for one fulfilment attempt; false while another
   * attempt holds it (given back with `record`, or lapsed after MAILS_LAPSE_MS).
   */
  claimMails(id: string, now?: number): Promise<boolean>;
  /** Records a step of fulfilment (the columns of migrations/0003_fulfilment.sql and later ones), a dispute's start or end, or the hand-over given back. */
  record(
    id: string,
    fields: Partial<Record<FulfilmentColumn, string | number | null>>,
  ): Promise<void>;
}

export type FulfilmentColumn =
  | "fulfilment_queued_at"
  | "fulfilment_state"
  | "lab_order"
  | "fulfilment_error"
  | "studio_written_at"
  | "owner_mailed_at"
  | "buyer_mailed_at"
  | "parked_at"
  | "shipped_at"
  | "tracking_url"
  | "origin"
  | "shipping_rate"
  | "disputed_at"
  | "refund_failed"
  | "fulfilment_sent_at"
  | "sale_checked_at"
  | "mails_claimed_at";

const FULFILMENT_COLUMNS = new Set<string>([
  "fulfilment_queued_at",
  "fulfilment_state",
  "lab_order",
  "fulfilment_error",
  "studio_written_at",
  "owner_mailed_at",
  "buyer_mailed_at",
  "parked_at",
  "shipped_at",
  "tracking_url",
  "origin",
  "shipping_rate",
  "disputed_at",
  "refund_failed",
  "fulfilment_sent_at",
  "sale_checked_at",
  "mails_claimed_at",
]);

/**
 * How long a hand-over's claim is its request's: far longer than a queue's send takes, short
 * enough that an order whose request was cut off goes to fulfilment at the next sweep but one.
 */
const HAND_OVER_LAPSE_MS = 10 * 60_000;
/** How long an attempt's claim on an order's e-mails holds: far longer than sending them takes. */
const MAILS_LAPSE_MS = 10 * 60_000;
/** A paid order still not handed over after this long is the owner's to look at, not the sweep's. */
const STRANDED_FOR_MS = 3 * 86_400_000;

/**
 * How long a claimed Stripe event is the claiming delivery's: longer than the slowest webhook
 * (a lab asked to cancel, then for its news, 15 s each), so a claim that lapses is one whose
 * request was cut off, and Stripe's next delivery applies the event.
 */
const EVENT_CLAIM_MS = 2 * 60_000;

export function d1Orders(db: D1Database): Orders {
  const paymentColumns = (payment: Payment) => [
    payment.paymentIntent,
    payment.email,
    payment.name,
    payment.shippingAddress ? JSON.stringify(payment.shippingAddress) : null,
    payment.shipping,
    payment.tax,
    payment.total,
    payment.discount,
  ];
  return {
    async create(order, lines, now = Date.now()) {
      await db.batch([
        db
          .prepare(
            "INSERT INTO orders (id, status, currency, subtotal, has_prints, created_at, updated_at) VALUES (?1, 'open', ?2, ?3, ?4, ?5, ?5)",
          )
          .bind(order.id, order.currency, order.subtotal, order.hasPrints ? 1 : 0, now),
        ...lines.map((line) =>
          db
            .prepare(
              `INSERT INTO order_items (order_id, line, photo, kind, product, product_name, photo_title, unit_amount, quantity, fulfilment, lab_sku, details)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`,
            )
            .bind(
              order.id,
              line.line,
              line.photo,
              line.kind,
              line.product,
              line.productName,
              line.photoTitle,
              line.unitAmount,
              line.quantity,
              line.fulfilment,
              line.labSku,
              JSON.stringify(line.details),
            ),
        ),
      ]);
    },
    async setCheckoutSession(id, session) {
      await db
        .prepare("UPDATE orders SET checkout_session = ?2, updated_at = ?3 WHERE id = ?1")
        .bind(id, session, Date.now())
        .run();
    },
    async get(id) {
      if (!isOrderId(id)) return undefined;
      const [order, lines] = await db.batch<OrderRow | LineRow>([
        db.prepare("SELECT * FROM orders WHERE id = ?").bind(id),
        db.prepare("SELECT * FROM order_items WHERE order_id = ? ORDER BY line").bind(id),
      ]);
      const row = order?.results[0] as OrderRow | undefined;
      return row ? orderOf(row, (lines?.results ?? []) as LineRow[]) : undefined;
    },
    async byPaymentIntent(paymentIntent) {
      const row = await db
        .prepare("SELECT id FROM orders WHERE payment_intent = ?")
        .bind(paymentIntent)
        .first<{ id: string }>();
      return row?.id;
    },
    async claimEvent(eventId, type, orderId, now = Date.now()) {
      const [claim, after] = await db.batch<{ applied_at: number | null }>([
        db
          .prepare(
            `INSERT INTO stripe_events (id, type, order_id, received_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (id) DO UPDATE SET received_at = excluded.received_at
             WHERE stripe_events.applied_at IS NULL AND stripe_events.received_at <= ?4 - ?5`,
          )
          .bind(eventId, type, orderId, now, EVENT_CLAIM_MS),
        db.prepare("SELECT applied_at FROM stripe_events WHERE id = ?").bind(eventId),
      ]);
      if (claim?.meta.changes === 1) return "claimed";
      return after?.results[0]?.applied_at == null ? "busy" : "applied";
    },
    async eventApplied(eventId, now = Date.now()) {
      await db
        .prepare("UPDATE stripe_events SET applied_at = ? WHERE id = ?")
        .bind(now, eventId)
        .run();
    },
    async forgetEvent(eventId) {
      await db.prepare("DELETE FROM stripe_events WHERE id = ?").bind(eventId).run();
    },
    async awaitPayment(id, payment, now = Date.now()) {
      const result = await db
        .prepare(
          `UPDATE orders SET status = 'awaiting_payment', payment_intent = ?2, email = ?3, name = ?4, shipping_address = ?5,
             shipping = ?6, tax = ?7, total = ?8, discount = ?9, updated_at = ?10
           WHERE id = ?1 AND status = 'open'`,
        )
        .bind(id, ...paymentColumns(payment), now)
        .run();
      return result.meta.changes === 1;
    },
    async orderedSince(email, since) {
      const row = await db
        .prepare(
          `SELECT 1 AS yes FROM orders WHERE email = ?1 COLLATE NOCASE
             AND ((status = 'paid' AND paid_at > ?2) OR (status = 'awaiting_payment' AND created_at > ?2))
           LIMIT 1`,
        )
        .bind(email, since)
        .first();
      return row !== null;
    },
    async galleryOrderedBy(gallery, email) {
      const row = await db
        .prepare(
          `SELECT 1 AS yes FROM order_items i JOIN orders o ON o.id = i.order_id
           WHERE i.photo LIKE ? AND o.email = ? COLLATE NOCASE AND o.paid_at IS NOT NULL LIMIT 1`,
        )
        .bind(`gallery/${gallery}/%`, email)
        .first();
      return row !== null;
    },
    async markPaid(id, payment, now = Date.now()) {
      const row = await db
        .prepare(
          `UPDATE orders SET status = CASE status WHEN 'refunded' THEN 'refunded' ELSE 'paid' END, payment_intent = COALESCE(?2, payment_intent), email = COALESCE(?3, email),
             name = COALESCE(?4, name), shipping_address = COALESCE(?5, shipping_address), shipping = COALESCE(?6, shipping),
             tax = COALESCE(?7, tax), total = COALESCE(?8, total), discount = COALESCE(?9, discount),
             paid_at = ?10, updated_at = ?10
           WHERE id = ?1 AND (status IN ('open', 'awaiting_payment', 'payment_failed', 'expired')
             OR (status = 'refunded' AND paid_at IS NULL))
           RETURNING status`,
        )
        .bind(id, ...paymentColumns(payment), now)
        .first<{ status: "paid" | "refunded" }>();
      return row?.status;
    },
    async move(id, from, to, now = Date.now()) {
      const result = await db
        .prepare(
          `UPDATE orders SET status = ?2, updated_at = ?3 WHERE id = ?1 AND status IN (${from.map(() => "?").join(", ")})`,
        )
        .bind(id, to, now, ...from)
        .run();
      return result.meta.changes === 1;
    },
    async record(id, fields) {
      const names = Object.keys(fields).filter((name) => FULFILMENT_COLUMNS.has(name));
      if (!names.length) return;
      await db
        .prepare(
          `UPDATE orders SET ${names.map((name, i) => `${name} = ?${i + 2}`).join(", ")}, updated_at = ?${names.length + 2} WHERE id = ?1`,
        )
        .bind(id, ...names.map((name) => fields[name as FulfilmentColumn] ?? null), Date.now())
        .run();
    },
    async labNews(id, news, now = Date.now()) {
      const error =
        news.issues.join("; ") ||
        (news.stage === "cancelled" ? "The lab's order was cancelled" : null);
      // Every SET reads the row as it was: the state moves on only from "lab". A refund too late
      // for the lab stays the order's note (the owner paid the lab for it), whatever the lab says.
      const result = await db
        .prepare(
          `UPDATE orders SET lab_stage = ?2, tracking_url = COALESCE(?3, tracking_url),
             fulfilment_error = CASE WHEN fulfilment_error LIKE ?6 THEN fulfilment_error ELSE ?4 END,
             fulfilment_state = CASE WHEN fulfilment_state = 'lab' AND ?2 IN ('shipped', 'cancelled') THEN ?2 ELSE fulfilment_state END,
             shipped_at = CASE WHEN fulfilment_state = 'lab' AND ?2 = 'shipped' THEN COALESCE(shipped_at, ?5) ELSE shipped_at END,
             updated_at = ?5
           WHERE id = ?1 AND status IN ('paid', 'refunded') AND lab_order IS NOT NULL
             AND (lab_stage IS NOT ?2 OR (?3 IS NOT NULL AND tracking_url IS NOT ?3)
               OR (fulfilment_error IS NOT ?4 AND COALESCE(fulfilment_error, '') NOT LIKE ?6))`,
        )
        .bind(id, news.stage, news.trackingUrl ?? null, error, now, `${REFUNDED_TOO_LATE}%`)
        .run();
      return result.meta.changes === 1;
    },
    async markQueued(id, origin, now = Date.now()) {
      const result = await db
        .prepare(
          `UPDATE orders SET fulfilment_queued_at = ?2, origin = COALESCE(origin, ?3), updated_at = ?2
           WHERE id = ?1 AND status = 'paid' AND fulfilment_sent_at IS NULL
             AND (fulfilment_queued_at IS NULL OR fulfilment_queued_at <= ?2 - ?4)`,
        )
        .bind(id, now, origin, HAND_OVER_LAPSE_MS)
        .run();
      return result.meta.changes === 1;
    },
    async claimMails(id, now = Date.now()) {
      const result = await db
        .prepare(
          `UPDATE orders SET mails_claimed_at = ?2
           WHERE id = ?1 AND (mails_claimed_at IS NULL OR mails_claimed_at <= ?2 - ?3)`,
        )
        .bind(id, now, MAILS_LAPSE_MS)
        .run();
      return result.meta.changes === 1;
    },
    async notHandedOver(now = Date.now()) {
      // Untouched by fulfilment (not checked, no state, no error): one it has seen was sent.
      const { results } = await db
        .prepare(
          `SELECT id, origin FROM orders
           WHERE status = 'paid' AND fulfilment_sent_at IS NULL AND updated_at > ?2
             AND sale_checked_at IS NULL AND fulfilment_state IS NULL AND fulfilment_error IS NULL
             AND COALESCE(fulfilment_queued_at, updated_at) <= ?1
           ORDER BY updated_at LIMIT 20`,
        )
        .bind(now - HAND_OVER_LAPSE_MS, now - STRANDED_FOR_MS)
        .all<{ id: string; origin: string | null }>();
      return results;
    },
  };
}

import type { Config } from "../config/config.ts";
import { linkClient } from "../content/client-copies.ts";
import { editorClient } from "../content/sanity-client.ts";
import { formatAmount } from "./catalogue.ts";
import { type Order, orderReference, shipTo } from "./orders.ts";

/**
 * Orders in the Studio: the owner's copy of each paid order, an `order` document at
 * `order.{id}` (a sub-path: never served without a token). The site writes its fields and never
 * the owner's ("Shipped", the tracking link), so a later write keeps what the owner set.
 */
export const orderDocumentId = (id: string) => `order.${id}`;

export interface OrderDocumentFields {
  reference: string;
  status: string;
  fulfilment: string;
  fulfilmentError?: string;
  labOrder?: string;
  labTrackingUrl?: string;
  paidAt?: string;
  name?: string;
  email?: string;
  shippingAddress?: string;
  /** The shipping the buyer paid for (the Store's rate's name): what a print is sent by. */
  shipping?: string;
  items: {
    _key: string;
    _type: "orderItem";
    photograph: string;
    /** The client gallery a client's print is from. */
    gallery?: { _type: "reference"; _ref: string; _weak: true };
    url: string;
    product: string;
    quantity: number;
    amount: string;
    fulfilment: string;
  }[];
  total: string;
  orderPage: string;
}

export interface OwnerNotes {
  shipped?: boolean;
  trackingUrl?: string;
}

export interface OrderCopies {
  /** Creates or updates the site's fields of the order's document. */
  write(id: string, fields: OrderDocumentFields): Promise<void>;
  /** What the owner set on it ("Shipped", the tracking link). */
  notes(id: string): Promise<OwnerNotes | undefined>;
}

/**
 * The Studio's "Payment": a refund the buyer's bank refused first (the owner has money to give
 * back another way), then a dispute, while it runs and when it was lost.
 */
const copyStatus = ({ status, disputedAt, refundFailed }: Order): string =>
  refundFailed !== null
    ? "refund_failed"
    : disputedAt === null
      ? status
      : status === "refunded"
        ? "dispute_lost"
        : "disputed";

export function orderFields(
  config: Config,
  order: Order,
  reference: string,
  orderPage: string,
): OrderDocumentFields {
  const money = (amount: number) => formatAmount(amount, order.currency, config.site.language);
  const address = shipTo(order, config.site.language);
  const origin = new URL(orderPage).origin;
  return {
    reference,
    status: copyStatus(order),
    fulfilment: order.fulfilment.state ?? "none",
    ...(order.fulfilment.error ? { fulfilmentError: order.fulfilment.error } : {}),
    ...(order.fulfilment.labOrder ? { labOrder: order.fulfilment.labOrder } : {}),
    ...(order.fulfilment.trackingUrl ? { labTrackingUrl: order.fulfilment.trackingUrl } : {}),
    ...(order.paidAt ? { paidAt: new Date(order.paidAt).toISOString() } : {}),
    ...(order.name ? { name: order.name } : {}),
    ...(order.email ? { email: order.email } : {}),
    ...(address ? { shippingAddress: address.join("\n") } : {}),
    ...(order.shippingRate ? { shipping: order.shippingRate.name } : {}),
    items: order.lines.map((line) => ({
      _key: `line${line.line}`,
      _type: "orderItem",
      photograph: line.details.gallery?.name ?? line.photoTitle,
      ...(line.details.gallery
        ? {
            gallery: {
              _type: "reference" as const,
              _ref: line.details.gallery.document,
              _weak: true as const,
            },
          }
        : {}),
      url: `${origin}${line.details.path}`,
      product: line.productName,
      quantity: line.quantity,
      amount: money(line.unitAmount * line.quantity),
      fulfilment: line.fulfilment,
    })),
    total: money(order.total ?? order.subtotal),
    orderPage,
  };
}

/**
 * Writes the order's copy as the order stands now (after the lab's news, a refund, a parked
 * fulfilment), its page on `origin`, the site the order was made on.
 */
export const writeOrderCopy = (
  config: Config,
  order: Order,
  origin: string,
  copies: OrderCopies = sanityOrderCopies(config),
) =>
  copies.write(
    order.id,
    orderFields(config, order, orderReference(order.id), `${origin}/order/${order.id}`),
  );

export function sanityOrderCopies(settings: Config): OrderCopies {
  const client = editorClient(settings, "Orders in the Studio");
  return {
    async write(id, fields) {
      const docId = orderDocumentId(id);
      await client
        .transaction()
        .createIfNotExists({ _id: docId, _type: "order", shipped: false, ...fields })
        .patch(docId, (patch) => patch.set(fields))
        .commit();
      // The buyer's own document (Clients in the Studio) links the order.
      if (fields.email) {
        await linkClient(client, { name: fields.name ?? fields.email, email: fields.email }, [
          { field: "orders", document: docId },
        ]);
      }
    },
    async notes(id) {
      const doc = await client.getDocument<OwnerNotes>(orderDocumentId(id), {
        signal: AbortSignal.timeout(3_000),
      });
      return doc
        ? {
            shipped: doc.shipped === true,
            ...(doc.trackingUrl ? { trackingUrl: doc.trackingUrl } : {}),
          }
        : undefined;
    },
  };
}

/**
 * A print lab, as the store's fulfilment uses it: one call that hands it an order's prints, one
 * that reads where the lab's order stands (when the lab says it changed), and one that stops an
 * order refunded before its prints were made.
 * Prodigi's is the first (prodigi.ts); a second lab is one more file with a `Lab` of its own,
 * and its name in labs/index.ts.
 */

export interface LabRecipient {
  name: string;
  email: string | null;
  address: {
    line1: string;
    line2: string | null;
    postalCode: string;
    city: string;
    state: string | null;
    countryCode: string;
  };
}

export interface LabItem {
  /** Our line's reference ("{order}-{line}"). */
  reference: string;
  sku: string;
  /** The product's options besides its code (a frame's color), by the lab's names. */
  attributes?: Record<string, string>;
  copies: number;
  /** The print file: a signed address on this site that expires (the lab downloads it). */
  fileUrl: string;
}

export interface LabOrderRequest {
  /** Our order's id: the lab's idempotency key and merchant reference, so a retry never orders twice. */
  orderId: string;
  recipient: LabRecipient;
  items: LabItem[];
  /** The Store's shipping rate the buyer paid for, by its id ("express"): the lab's own method. */
  shipping: string | null;
  /** Where the lab calls back with its news, when it does. */
  callbackUrl?: string;
}

/** A lab that answered, but refused the order (its reasons, for the owner). */
export class LabRefusal extends Error {
  override name = "LabRefusal";
}

/** Where a lab's order stands, as the lab's own API says. */
export interface LabNews {
  stage: LabStage;
  /** The parcel's tracking page, once shipped. */
  trackingUrl: string | undefined;
  /** What the lab says is wrong (a file it could not fetch…), for the owner. */
  issues: string[];
}

export type LabStage = "in production" | "shipped" | "cancelled";

export interface Lab {
  name: string;
  /** Places the order (or finds the one a retry placed already); the lab's order id. */
  submit(order: LabOrderRequest): Promise<{ labOrderId: string }>;
  /** The lab's order as it stands now, read from its API (what a callback says is not trusted). */
  news(labOrderId: string): Promise<LabNews>;
  /**
   * The lab's order for our order `orderId`, if it has one: a submit whose answer was lost (a
   * timeout, a 5xx after the lab had made it) leaves us without its id.
   */
  find(orderId: string): Promise<string | undefined>;
  /**
   * Cancels the lab's order: true when it is cancelled (now, or already), false when it is too
   * late (in production or shipped: the lab is paid for it). Throws when the lab could not say.
   */
  cancel(labOrderId: string): Promise<boolean>;
}

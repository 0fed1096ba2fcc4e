// Everything the payments stand-in remembers, in memory until it stops or is reset, and
// Stripe's `expand[]`: an id in an answer replaced by the object it names, along dotted paths
// (`payment_intent.latest_charge`, `line_items.data.price.product`).
import type Stripe from "stripe";
import { invalidRequest } from "./errors.ts";
import type { WireLineItem } from "./objects.ts";

export interface SessionRecord {
  session: Stripe.Checkout.Session;
  lineItems: WireLineItem[];
  /** `payment_intent_data[metadata, description]`, for the payment once it exists. */
  paymentData: { metadata: Record<string, string>; description: string | null };
}

export class PaymentsStore {
  readonly sessions = new Map<string, SessionRecord>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly charges = new Map<string, Stripe.Charge>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly disputes = new Map<string, Stripe.Dispute>();
  readonly products = new Map<string, Stripe.Product>();
  readonly shippingRates = new Map<string, Stripe.ShippingRate>();
  /** Deleted ones stay (as `valid: false`) for the codes and sessions that name them. */
  readonly coupons = new Map<string, Stripe.Coupon>();
  readonly deletedCoupons = new Set<string>();
  readonly promotionCodes = new Map<string, Stripe.PromotionCode>();

  clear(): void {
    for (const map of this.maps()) map.clear();
    this.deletedCoupons.clear();
  }

  /** The stored object an id names, whatever its kind. */
  find(id: string): unknown {
    if (this.sessions.has(id)) return this.sessions.get(id)?.session;
    for (const map of this.maps()) if (map !== this.sessions && map.has(id)) return map.get(id);
    return undefined;
  }

  private maps(): Map<string, unknown>[] {
    return [
      this.sessions,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.disputes,
      this.products,
      this.shippingRates,
      this.coupons,
      this.promotionCodes,
    ];
  }
}

/** A list object, as Stripe pages lists: `{object: "list", data, has_more, url}`. */
export function list<T extends { id: string }>(
  items: readonly T[],
  url: string,
  page: { limit?: number; startingAfter?: string; endingBefore?: string } = {},
): { object: "list"; data: T[]; has_more: boolean; url: string } {
  const limit = page.limit ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest("Invalid limit: must be an integer between 1 and 100", {
      param: "limit",
    });
  }
  let from = 0;
  let to = items.length;
  const cursor = page.startingAfter ?? page.endingBefore;
  if (cursor !== undefined) {
    const at = items.findIndex((item) => item.id === cursor);
    if (at < 0) throw invalidRequest(`No such object: '${cursor}'`, { code: "resource_missing" });
    if (page.startingAfter !== undefined) from = at + 1;
    else to = at;
  }
  const data =
    page.endingBefore !== undefined
      ? items.slice(Math.max(from, to - limit), to)
      : items.slice(from, from + limit);
  const more = page.endingBefore !== undefined ? to - limit > from : from + limit < items.length;
  return { object: "list", data, has_more: more, url };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A copy of `value` with each path in `paths` expanded through `find`. A path that names no
 * expandable id is refused, as Stripe refuses it.
 */
export function expand<T>(value: T, paths: readonly string[], find: (id: string) => unknown): T {
  const copy = structuredClone(value);
  for (const [index, path] of paths.entries()) {
    if (!expandPath(copy, path.split("."), find)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, {
        param: `expand[${index}]`,
      });
    }
  }
  return copy;
}

function expandPath(
  node: unknown,
  segments: readonly string[],
  find: (id: string) => unknown,
): boolean {
  const [head, ...rest] = segments;
  if (!isRecord(node) || head === undefined) return false;
  if (node.object === "list" && head === "data" && Array.isArray(node.data)) {
    return node.data.every((item) => rest.length === 0 || expandPath(item, rest, find));
  }
  let value = node[head];
  if (typeof value === "string") {
    const found = find(value);
    if (found === undefined) return false;
    value = structuredClone(found);
    node[head] = value;
  } else if (value === null) {
    return true; // Nothing to expand yet, as with Stripe: the field stays null.
  } else if (!isRecord(value)) {
    return false;
  }
  return rest.length === 0 || expandPath(value, rest, find);
}

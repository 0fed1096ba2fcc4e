// Discounts on a Checkout Session: one coupon, given as itself or through a promotion code,
// taken off the goods (never the shipping), with the tax on what is left. A discount is
// checked when it is put on a session (at create, or by a buyer typing a code on the hosted
// page) and again when the session completes, where its redemption is counted in the same
// synchronous step: of two buyers racing for a code's last redemption, one completes and the
// other is refused, their session still open.
import type Stripe from "stripe";
import type { PaymentsContext } from "./context.ts";
import { couponValid } from "./coupons.ts";
import { invalidRequest, StripeError } from "./errors.ts";
import type { Params } from "./form.ts";
import * as make from "./objects.ts";
import type { SessionRecord } from "./store.ts";

export interface Discount {
  coupon: Stripe.Coupon;
  /** The promotion code the coupon came through, if it came through one. */
  code: Stripe.PromotionCode | null;
}

/** A discount that cannot be used: the API's message, and the hosted page's to the buyer. */
export class DiscountRefused extends StripeError {
  readonly buyerMessage: string;

  constructor(message: string, buyerMessage: string, param?: string) {
    super(400, "invalid_request_error", message, param === undefined ? {} : { param });
    this.buyerMessage = buyerMessage;
  }
}

export const INVALID_CODE = "This code is invalid.";
const USED_UP = "This code has expired or reached its limit.";

/** Why `discount` cannot be used now on a session in `currency`; nothing if it can. */
export function refusal(
  ctx: PaymentsContext,
  discount: Discount,
  currency: string,
  param?: string,
): DiscountRefused | undefined {
  const { coupon, code } = discount;
  const at = make.now();
  const refuse = (message: string, buyer: string) => new DiscountRefused(message, buyer, param);
  const theCode = code ? `The promotion code ${code.code} (${code.id})` : "";
  const theCoupon = code
    ? `The coupon ${coupon.id} of the promotion code ${code.code}`
    : `The coupon ${coupon.id}`;
  if (code && !code.active) return refuse(`${theCode} is inactive.`, INVALID_CODE);
  if (ctx.store.deletedCoupons.has(coupon.id)) {
    return refuse(`${theCoupon} has been deleted.`, INVALID_CODE);
  }
  if (code?.expires_at != null && code.expires_at <= at) {
    return refuse(`${theCode} has expired.`, USED_UP);
  }
  if (code?.max_redemptions != null && code.times_redeemed >= code.max_redemptions) {
    return refuse(
      `${theCode} has reached its limit of ${code.max_redemptions} redemptions.`,
      USED_UP,
    );
  }
  if (coupon.redeem_by !== null && coupon.redeem_by <= at) {
    return refuse(`${theCoupon} has expired.`, USED_UP);
  }
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    return refuse(
      `${theCoupon} has reached its limit of ${coupon.max_redemptions} redemptions.`,
      USED_UP,
    );
  }
  if (coupon.currency !== null && coupon.currency !== currency) {
    return refuse(
      `${theCoupon} takes an amount in ${coupon.currency} off; this session is in ${currency}.`,
      "This code cannot be used for this purchase.",
    );
  }
  return undefined;
}

/**
 * The discount a session is created with: `discounts: [{promotion_code}]` or `[{coupon}]`,
 * at most one (Checkout applies one), and not together with `allow_promotion_codes`.
 */
export function requested(ctx: PaymentsContext, params: Params): Discount | undefined {
  const entries = params.objects("discounts");
  if (entries.length === 0) return undefined;
  if (params.has("allow_promotion_codes")) {
    throw invalidRequest(
      "You may only specify one of these parameters: allow_promotion_codes, discounts.",
    );
  }
  if (entries.length > 1) {
    throw invalidRequest("Only one discount may be specified.", { param: "discounts" });
  }
  const entry = (entries[0] as Params).only(["coupon", "promotion_code"]);
  const codeId = entry.string("promotion_code");
  const couponId = entry.string("coupon");
  if (codeId !== undefined && couponId !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: coupon, promotion_code.", {
      param: entry.prefix,
    });
  }
  if (codeId !== undefined) {
    const code = ctx.store.promotionCodes.get(codeId);
    const coupon = code && ctx.store.coupons.get(String(code.promotion.coupon));
    if (!code || !coupon) {
      throw invalidRequest(`No such promotion_code: '${codeId}'`, {
        code: "resource_missing",
        param: entry.name("promotion_code"),
      });
    }
    return { coupon, code };
  }
  if (couponId === undefined) {
    throw invalidRequest("You must specify either coupon or promotion_code.", {
      param: entry.prefix,
    });
  }
  const coupon = ctx.store.coupons.get(couponId);
  if (!coupon || ctx.store.deletedCoupons.has(couponId)) {
    throw invalidRequest(`No such coupon: '${couponId}'`, {
      code: "resource_missing",
      param: entry.name("coupon"),
    });
  }
  return { coupon, code: null };
}

/** The promotion code a buyer typed, regardless of case: the active one when there is one. */
export function byCode(ctx: PaymentsContext, typed: string): Stripe.PromotionCode | undefined {
  const wanted = typed.trim().toLowerCase();
  const matching = [...ctx.store.promotionCodes.values()].filter(
    (candidate) => candidate.code.toLowerCase() === wanted,
  );
  return matching.find((candidate) => candidate.active) ?? matching.at(-1);
}

/** The discount on a session now, if any. */
export function discountOf(
  ctx: PaymentsContext,
  session: Stripe.Checkout.Session,
): Discount | undefined {
  const [entry] = session.discounts ?? [];
  const coupon = entry && ctx.store.coupons.get(String(entry.coupon));
  if (!coupon) return undefined;
  const code = entry.promotion_code
    ? (ctx.store.promotionCodes.get(String(entry.promotion_code)) ?? null)
    : null;
  return { coupon, code };
}

/**
 * What a coupon takes off `subtotal`: a percentage rounded to the cent (half up), or its
 * amount, never more than the subtotal.
 */
export function amountOff(coupon: Stripe.Coupon, subtotal: number): number {
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  return Math.min(coupon.amount_off ?? 0, subtotal);
}

/**
 * `amount` shared out in proportion to `weights`, in whole cents that add up to it: each
 * share rounded down, and the cents left over to the largest remainders (the first on ties).
 */
export function shares(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const result = weights.map((weight) => Math.floor((amount * weight) / total));
  let left = amount - result.reduce((sum, share) => sum + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, rest: (amount * weight) % total }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/**
 * Puts `discount` on an open session (or takes it off): `discounts`, each line's share in
 * `amount_discount`, and the totals (tax comes at payment, on the discounted amounts).
 */
export function applyDiscount(record: SessionRecord, discount: Discount | undefined): void {
  const { session } = record;
  const subtotal = session.amount_subtotal ?? 0;
  const amount = discount ? amountOff(discount.coupon, subtotal) : 0;
  const split = shares(
    amount,
    record.lineItems.map((item) => item.amount_subtotal),
  );
  for (const [index, item] of record.lineItems.entries()) {
    item.amount_discount = split[index] ?? 0;
    item.amount_total = item.amount_subtotal - item.amount_discount + item.amount_tax;
  }
  session.discounts = discount
    ? [{ coupon: discount.coupon.id, promotion_code: discount.code?.id ?? null }]
    : [];
  const details = session.total_details ?? { amount_shipping: 0, amount_tax: 0 };
  session.total_details = { ...details, amount_discount: amount };
  session.amount_total =
    subtotal - amount + (details.amount_shipping ?? 0) + (details.amount_tax ?? 0);
}

/**
 * Checks the session's discount once more (a code may have expired, been deactivated or
 * used up since) and counts its redemption on the code and its coupon. Synchronous: nothing
 * else runs between the check and the count.
 */
export function redeem(ctx: PaymentsContext, record: SessionRecord): void {
  const discount = discountOf(ctx, record.session);
  if (!discount) return;
  const refused = refusal(ctx, discount, record.session.currency ?? "");
  if (refused) throw refused;
  discount.coupon.times_redeemed += 1;
  if (discount.code) discount.code.times_redeemed += 1;
  discount.coupon.valid = couponValid(ctx, discount.coupon);
}

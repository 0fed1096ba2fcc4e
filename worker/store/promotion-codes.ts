/**
 * A promotion code of one e-mail's own at Stripe (the e-mails that bring buyers back): one use,
 * ending when the e-mail says, on a coupon for its discount that is made once and shared. Made
 * through the SDK once per e-mail (its text comes from the e-mail's id, and a repeated run finds
 * it), so Stripe alone decides whether it still takes anything off: its end, its one use.
 */
import type { StoreKeys } from "../config/config.ts";
import { formatAmount } from "./catalogue.ts";
import { stripeClient } from "./stripe.ts";

/** A discount: a share, or an amount in the currency's smallest unit. */
export type Discount = { percentOff: number } | { amountOff: number };

export async function personalCode(
  keys: StoreKeys,
  mail: { id: string; prefix: string; kinds?: "print" | undefined },
  discount: Discount,
  currency: string,
  ends: number,
): Promise<{ code: string; ends: number }> {
  const stripe = await stripeClient(keys);
  const coupon =
    "percentOff" in discount
      ? `sales-mail-${discount.percentOff}-percent`
      : `sales-mail-${discount.amountOff}-${currency}`;
  try {
    await stripe.coupons.create({
      id: coupon,
      name: "An e-mail's own code",
      duration: "once",
      ...("percentOff" in discount
        ? { percent_off: discount.percentOff }
        : { amount_off: discount.amountOff, currency }),
    });
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_already_exists") throw error;
  }
  const code = `${mail.prefix}${mail.id
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase()}`;
  // Made at an earlier try of this e-mail (its sending failed): it ends when it was made to.
  const [made] = (await stripe.promotionCodes.list({ code, limit: 1 })).data;
  if (made?.expires_at) return { code, ends: made.expires_at * 1000 };
  if (!made) {
    await stripe.promotionCodes.create(
      {
        promotion: { type: "coupon", coupon },
        code,
        max_redemptions: 1,
        expires_at: Math.floor(ends / 1000),
        // Which kinds of product it covers, for the cart's check (promotions.ts); all without.
        metadata: { mail: mail.id, ...(mail.kinds ? { kinds: mail.kinds } : {}) },
      },
      { idempotencyKey: `sales-mail-code-${mail.id}` },
    );
  }
  return { code, ends: Math.floor(ends / 1000) * 1000 };
}

/** The discount as the buyer reads it: "10 %", "€5.00". */
export function discountText(discount: Discount, currency: string, locale: string): string {
  return "percentOff" in discount
    ? new Intl.NumberFormat(locale, { style: "percent" }).format(discount.percentOff / 100)
    : formatAmount(discount.amountOff, currency, locale);
}

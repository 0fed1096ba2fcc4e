/**
 * A discount code at checkout (docs/store.md, "Discount codes"): one the owner made in the
 * Studio, or one an e-mail made for its reader (promotion-codes.ts). Codes are taken on the cart
 * page only, never on Stripe's (whose field would take a code for any product): the worker
 * decides whether the code covers everything in the cart, and Stripe applies it and enforces
 * the rest (its end, its number of uses, even with two checkouts racing for the last), since the
 * discount is a Stripe promotion code given as the session's `discounts`, never an amount the
 * browser sent.
 */
import type Stripe from "stripe";
import { sha256Hex } from "../lib/signing.ts";
import type { Catalogue, Product, Promotion } from "./catalogue.ts";

export type Resolved = { promotionCode: string } | { refused: "unknown" | "ended" | "products" };

/** What a code is asked about: the cart's lines. */
interface Line {
  kind: Product["kind"];
  product: string;
}

export const CODE_TEXT = /^[A-Z0-9]{3,40}$/;

/** The Stripe promotion code `code` is for this cart now, or why not. */
export async function resolvePromotion(
  stripe: Stripe,
  catalogue: Catalogue,
  code: string,
  lines: Line[],
  now = Date.now(),
): Promise<Resolved> {
  const text = code.trim().toUpperCase();
  if (!CODE_TEXT.test(text)) return { refused: "unknown" };
  const own = catalogue.promotions.find((promotion) => promotion.code === text);
  if (own) {
    if (own.endsAt !== undefined && own.endsAt <= now) return { refused: "ended" };
    const covered = lines.every((line) => own.products.includes(line.product));
    if (own.products.length > 0 && !covered) return { refused: "products" };
    const made = await ownersCode(stripe, own, catalogue.currency);
    return made === "used up" ? { refused: "ended" } : taken(made);
  }
  // An e-mail's own code: Stripe knows it; its metadata names the e-mail and which kinds it
  // covers. Stripe also still knows the owner's codes once used: one the owner has turned off or
  // removed is not among theirs above, and is turned off at Stripe too, so that no session it is
  // already on can be paid with it.
  const [found] = (await stripe.promotionCodes.list({ code: text, active: true, limit: 1 })).data;
  if (found && promotionCoupon(found)?.startsWith(OWNERS)) {
    await stripe.promotionCodes.update(found.id, { active: false });
  }
  if (!found?.metadata?.mail) return { refused: "unknown" };
  if (found.expires_at && found.expires_at * 1000 <= now) return { refused: "ended" };
  const kinds = found.metadata?.kinds?.split(",");
  if (kinds && !lines.every((line) => kinds.includes(line.kind))) return { refused: "products" };
  return taken(found);
}

/** A code used as often as it may be is ended (another buyer paid with its last use). */
const taken = (code: Stripe.PromotionCode): Resolved =>
  code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions
    ? { refused: "ended" }
    : { promotionCode: code.id };

/** The owner's codes' coupons (an e-mail's are `sales-mail-…`). */
const OWNERS = "offer-";

const alreadyThere = (error: unknown) =>
  (error as { code?: string }).code === "resource_already_exists";

/**
 * The owner's code at Stripe, made through the SDK on its first use: a coupon for its terms
 * (its share or amount, end and limit: new terms, a new coupon) and the promotion code buyers
 * type. An earlier code of the same text on other terms is turned off first (Stripe keeps one
 * active code per text), and its uses count against the limit: "Uses at most" is the code's,
 * whatever the owner changed since; "used up" once they reach it.
 */
async function ownersCode(
  stripe: Stripe,
  promotion: Promotion,
  currency: string,
): Promise<Stripe.PromotionCode | "used up"> {
  const { code, discount, endsAt, limit } = promotion;
  const terms = JSON.stringify([code, discount, endsAt, limit, currency]);
  const coupon = `${OWNERS}${(await sha256Hex(terms)).slice(0, 24)}`;
  // Stripe ends it when the owner does (rounded up: Stripe takes only a time still to come).
  const ends = endsAt === undefined ? undefined : Math.ceil(endsAt / 1000);
  try {
    await stripe.coupons.create({
      id: coupon,
      name: code,
      duration: "once",
      ...("percentOff" in discount
        ? { percent_off: discount.percentOff }
        : { amount_off: discount.amountOff, currency }),
      ...(limit ? { max_redemptions: limit } : {}),
      ...(ends ? { redeem_by: ends } : {}),
      metadata: { code },
    });
  } catch (error) {
    if (!alreadyThere(error)) throw error;
  }
  const made = (await stripe.promotionCodes.list({ code, limit: 100 })).data;
  const mine = made.find((each) => promotionCoupon(each) === coupon);
  if (mine?.active) return mine;
  for (const other of made) {
    if (other.active) await stripe.promotionCodes.update(other.id, { active: false });
  }
  // Turned off while the owner's code was (resolvePromotion), on again with it.
  if (mine) return stripe.promotionCodes.update(mine.id, { active: true });
  const used = made.reduce((sum, other) => sum + other.times_redeemed, 0);
  if (limit && used >= limit) return "used up";
  return stripe.promotionCodes.create(
    {
      promotion: { type: "coupon", coupon },
      code,
      ...(limit ? { max_redemptions: limit - used } : {}),
      ...(ends ? { expires_at: ends } : {}),
    },
    { idempotencyKey: `offer-code-${coupon}` },
  );
}

/** The coupon a promotion code takes off (this API version's `promotion.coupon`). */
const promotionCoupon = (code: Stripe.PromotionCode): string | undefined => {
  const coupon = code.promotion?.coupon;
  return typeof coupon === "string" ? coupon : coupon?.id;
};

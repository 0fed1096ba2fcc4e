// Coupons and promotion codes over the API, as Checkout discounts use them. A coupon takes a
// percentage or a fixed amount off, once (`duration: "once"`, the only duration a one-off
// payment has); a promotion code is a customer-facing code (`SUMMER10`) standing for a
// coupon, with limits of its own. Sessions use them and count their redemptions in
// discounts.ts.
import type Stripe from "stripe";
import type { PaymentsContext } from "./context.ts";
import { invalidRequest, noSuch } from "./errors.ts";
import { missing, type Params } from "./form.ts";
import * as make from "./objects.ts";
import { list } from "./store.ts";

const COUPON_IMPLEMENTED = [
  "id",
  "percent_off",
  "amount_off",
  "currency",
  "duration",
  "name",
  "max_redemptions",
  "redeem_by",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.CouponCreateParams)[];
const COUPON_OTHERS = [
  "applies_to",
  "currency_options",
  "duration_in_months",
] as const satisfies readonly (keyof Stripe.CouponCreateParams)[];

const CODE_IMPLEMENTED = [
  "promotion",
  "code",
  "active",
  "expires_at",
  "max_redemptions",
  "metadata",
  "expand",
] as const satisfies readonly (keyof Stripe.PromotionCodeCreateParams)[];
const CODE_OTHERS = [
  "customer",
  "customer_account",
  "restrictions",
] as const satisfies readonly (keyof Stripe.PromotionCodeCreateParams)[];

// Fail to compile when the SDK adds a parameter neither list names.
const everyCouponParameterListed: Exclude<
  keyof Stripe.CouponCreateParams,
  (typeof COUPON_IMPLEMENTED)[number] | (typeof COUPON_OTHERS)[number]
> extends never
  ? true
  : false = true;
const everyCodeParameterListed: Exclude<
  keyof Stripe.PromotionCodeCreateParams,
  (typeof CODE_IMPLEMENTED)[number] | (typeof CODE_OTHERS)[number]
> extends never
  ? true
  : false = true;
void everyCouponParameterListed;
void everyCodeParameterListed;

const YEAR = 365 * 24 * 60 * 60;

/** A timestamp that must lie ahead, refused in Stripe's words when it does not. */
function future(params: Params, key: string): number | null {
  const value = params.integer(key);
  if (value === undefined) return null;
  if (value <= make.now()) {
    throw invalidRequest("Invalid timestamp: must be an integer Unix timestamp in the future.", {
      param: params.name(key),
    });
  }
  return value;
}

/** Whether a coupon can still be applied: not deleted, not past `redeem_by`, not used up. */
export function couponValid(ctx: PaymentsContext, coupon: Stripe.Coupon, at = make.now()) {
  return (
    !ctx.store.deletedCoupons.has(coupon.id) &&
    (coupon.redeem_by === null || coupon.redeem_by > at) &&
    (coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions)
  );
}

/** Brings every coupon's `valid` up to date (time passes `redeem_by` without a request). */
export function refreshCoupons(ctx: PaymentsContext): void {
  const at = make.now();
  for (const coupon of ctx.store.coupons.values()) coupon.valid = couponValid(ctx, coupon, at);
}

export function createCoupon(ctx: PaymentsContext, params: Params): Stripe.Coupon {
  params.only(COUPON_IMPLEMENTED, COUPON_OTHERS);
  const duration = params.oneOf("duration", ["forever", "once", "repeating"]);
  if (duration !== undefined && duration !== "once") {
    throw invalidRequest(
      `The payments stand-in implements duration "once" only (a Checkout payment redeems a coupon once).`,
      { param: "duration" },
    );
  }
  const percentOff = params.decimal("percent_off");
  const amountOff = params.integer("amount_off", { min: 1 });
  if (percentOff !== undefined && amountOff !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: amount_off, percent_off.");
  }
  if (percentOff === undefined && amountOff === undefined) {
    throw invalidRequest("You must specify either amount_off or percent_off.");
  }
  if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
    throw invalidRequest("percent_off must be greater than 0 and at most 100.", {
      param: "percent_off",
    });
  }
  const currency = params.string("currency")?.toLowerCase();
  if (amountOff === undefined && currency !== undefined) {
    throw invalidRequest("currency is only taken with amount_off.", { param: "currency" });
  }
  if (amountOff !== undefined && currency === undefined) throw missing("currency");
  if (currency !== undefined && !/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(`Invalid currency: ${currency}.`, { param: "currency" });
  }
  const redeemBy = future(params, "redeem_by");
  if (redeemBy !== null && redeemBy > make.now() + 5 * YEAR) {
    throw invalidRequest("redeem_by can be at most 5 years in the future.", {
      param: "redeem_by",
    });
  }
  const given = params.string("id");
  // A deleted coupon keeps its id: the codes and sessions that named it still do.
  if (given !== undefined && ctx.store.coupons.has(given)) {
    throw invalidRequest("Coupon already exists.", {
      code: "resource_already_exists",
      param: "id",
    });
  }
  let id = given ?? make.shortCode();
  while (given === undefined && ctx.store.coupons.has(id)) id = make.shortCode();
  const created = make.coupon({
    id,
    percentOff: percentOff ?? null,
    amountOff: amountOff ?? null,
    currency: currency ?? null,
    name: params.string("name") ?? null,
    maxRedemptions: params.integer("max_redemptions", { min: 1 }) ?? null,
    redeemBy,
    metadata: params.metadata("metadata"),
  });
  ctx.store.coupons.set(id, created);
  return created;
}

/** A coupon not deleted, or Stripe's 404. */
function couponRecord(ctx: PaymentsContext, id: string): Stripe.Coupon {
  const found = ctx.store.coupons.get(id);
  if (!found || ctx.store.deletedCoupons.has(id)) throw noSuch("coupon", id, "coupon");
  return found;
}

/** Deleting stops new redemptions; sessions that already hold the coupon are refused at payment. */
export function deleteCoupon(ctx: PaymentsContext, id: string) {
  const found = couponRecord(ctx, id);
  ctx.store.deletedCoupons.add(id);
  found.valid = false;
  return { id, object: "coupon", deleted: true } as const;
}

/** Codes are unique regardless of case among active ones (inactive ones may share a code). */
function ensureFree(ctx: PaymentsContext, code: string, except?: string): void {
  const taken = [...ctx.store.promotionCodes.values()].some(
    (other) =>
      other.active && other.id !== except && other.code.toLowerCase() === code.toLowerCase(),
  );
  if (taken) {
    throw invalidRequest(`An active promotion code with \`code: ${code}\` already exists.`, {
      param: "code",
    });
  }
}

export function createPromotionCode(ctx: PaymentsContext, params: Params): Stripe.PromotionCode {
  params.only(CODE_IMPLEMENTED, CODE_OTHERS);
  const promotion = params.object("promotion")?.only(["type", "coupon"]);
  if (!promotion) throw missing("promotion");
  if (promotion.oneOf("type", ["coupon"]) === undefined) throw missing(promotion.name("type"));
  const couponId = promotion.required("coupon");
  const coupon = ctx.store.coupons.get(couponId);
  if (!coupon || ctx.store.deletedCoupons.has(couponId)) {
    throw invalidRequest(`No such coupon: '${couponId}'`, {
      code: "resource_missing",
      param: promotion.name("coupon"),
    });
  }
  const given = params.string("code");
  if (given !== undefined && !/^[A-Za-z0-9-]{1,500}$/.test(given)) {
    throw invalidRequest(
      "A promotion code may contain only letters (a-z, A-Z), digits and dashes, at most 500.",
      { param: "code" },
    );
  }
  const active = params.boolean("active") ?? true;
  if (given !== undefined && active) ensureFree(ctx, given);
  const taken = (code: string) =>
    [...ctx.store.promotionCodes.values()].some(
      (other) => other.code.toLowerCase() === code.toLowerCase(),
    );
  let code = given ?? make.shortCode();
  while (given === undefined && taken(code)) code = make.shortCode();
  const expiresAt = future(params, "expires_at");
  if (expiresAt !== null && coupon.redeem_by !== null && expiresAt > coupon.redeem_by) {
    throw invalidRequest("expires_at cannot be after the coupon's redeem_by.", {
      param: "expires_at",
    });
  }
  const created = make.promotionCode({
    coupon: couponId,
    code,
    active,
    expiresAt,
    maxRedemptions: params.integer("max_redemptions", { min: 1 }) ?? null,
    metadata: params.metadata("metadata"),
  });
  ctx.store.promotionCodes.set(created.id, created);
  return created;
}

function promotionCodeRecord(ctx: PaymentsContext, id: string): Stripe.PromotionCode {
  const found = ctx.store.promotionCodes.get(id);
  if (!found) throw noSuch("promotion_code", id, "promotion_code");
  return found;
}

/** Only `active` and `metadata` change; the rest of a code is fixed, as on Stripe. */
export function updatePromotionCode(
  ctx: PaymentsContext,
  id: string,
  params: Params,
): Stripe.PromotionCode {
  params.only(["active", "metadata", "expand"], [
    "restrictions",
  ] satisfies (keyof Stripe.PromotionCodeUpdateParams)[]);
  const found = promotionCodeRecord(ctx, id);
  const active = params.boolean("active");
  if (active === true && !found.active) ensureFree(ctx, found.code, found.id);
  const metadata = params.metadataUpdate("metadata", found.metadata ?? {});
  if (active !== undefined) found.active = active;
  found.metadata = metadata;
  return found;
}

/** Newest first, as Stripe lists, filtered by `code` (regardless of case), `active`, `coupon`. */
export function listPromotionCodes(ctx: PaymentsContext, params: Params) {
  params.only(["code", "active", "coupon", "limit", "starting_after", "ending_before", "expand"], [
    "created",
    "customer",
    "customer_account",
  ] satisfies (keyof Stripe.PromotionCodeListParams)[]);
  const code = params.string("code")?.toLowerCase();
  const active = params.boolean("active");
  const coupon = params.string("coupon");
  const matching = [...ctx.store.promotionCodes.values()]
    .reverse()
    .filter(
      (candidate) =>
        (code === undefined || candidate.code.toLowerCase() === code) &&
        (active === undefined || candidate.active === active) &&
        (coupon === undefined || candidate.promotion.coupon === coupon),
    );
  return list(matching, "/v1/promotion_codes", {
    limit: params.integer("limit"),
    startingAfter: params.string("starting_after"),
    endingBefore: params.string("ending_before"),
  });
}

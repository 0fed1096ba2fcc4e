// Coupons, promotion codes and discounted Checkout Sessions, driven as the worker will drive
// them: the SDK creates a coupon and its code and finds the code by what a buyer types, a
// session carries the discount in its totals and line items, the redemption is counted once
// when the session completes, and of two buyers racing for a code's last redemption only one
// pays. The hosted page takes a code and asks for consent to offers.
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buyerForm, type Harness, printOrder, startHarness } from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());
afterEach(() => {
  vi.useRealTimers();
});

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** A coupon and a promotion code for it; codes differ between tests (one service for all). */
async function promotion(
  coupon: Stripe.CouponCreateParams,
  code: Omit<Stripe.PromotionCodeCreateParams, "promotion">,
) {
  const created = await h.stripe.coupons.create(coupon);
  const promo = await h.stripe.promotionCodes.create({
    promotion: { type: "coupon", coupon: created.id },
    ...code,
  });
  return { coupon: created, code: promo };
}

function control(path: string, body: object): Promise<Response> {
  return fetch(`${h.service.url}/_control/${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
}

const completeSession = (id: string, body: object = {}) =>
  control(`checkout/sessions/${id}/complete`, body);

describe("coupons and promotion codes", () => {
  it("are created in Stripe's shape, read back, and a code is found by what a buyer types", async () => {
    const params: Stripe.CouponCreateParams = {
      percent_off: 10,
      duration: "once",
      name: "Summer",
      max_redemptions: 5,
      redeem_by: inSeconds(3600),
      metadata: { campaign: "summer" },
    };
    const coupon = await h.stripe.coupons.create(params, { idempotencyKey: "coupon-summer" });
    expect(coupon.id).toMatch(/^[A-Z0-9]{8}$/);
    expect(coupon).toMatchObject({
      object: "coupon",
      percent_off: 10,
      amount_off: null,
      currency: null,
      duration: "once",
      duration_in_months: null,
      name: "Summer",
      max_redemptions: 5,
      times_redeemed: 0,
      valid: true,
      livemode: false,
      metadata: { campaign: "summer" },
    });
    const again = await h.stripe.coupons.create(params, { idempotencyKey: "coupon-summer" });
    expect(again.id).toBe(coupon.id);
    expect((await h.stripe.coupons.retrieve(coupon.id)).name).toBe("Summer");

    const code = await h.stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "SUMMER10",
      max_redemptions: 2,
      metadata: { channel: "newsletter" },
    });
    expect(code.id).toMatch(/^promo_\w+$/);
    expect(code).toMatchObject({
      object: "promotion_code",
      code: "SUMMER10",
      active: true,
      promotion: { type: "coupon", coupon: coupon.id },
      max_redemptions: 2,
      expires_at: null,
      times_redeemed: 0,
      customer: null,
      livemode: false,
    });
    await expect(
      h.stripe.promotionCodes.create({
        promotion: { type: "coupon", coupon: coupon.id },
        code: "summer10",
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      message: "An active promotion code with `code: summer10` already exists.",
    });

    const found = await h.stripe.promotionCodes.list({
      code: "summer10",
      active: true,
      expand: ["data.promotion.coupon"],
    });
    expect(found.object).toBe("list");
    expect(found.data.map((each) => each.id)).toEqual([code.id]);
    expect(found.data[0]?.promotion.coupon).toMatchObject({ id: coupon.id, percent_off: 10 });
    const byCoupon = await h.stripe.promotionCodes.list({ coupon: coupon.id });
    expect(byCoupon.data.map((each) => each.code)).toEqual(["SUMMER10"]);

    const updated = await h.stripe.promotionCodes.update(code.id, {
      active: false,
      metadata: { channel: "", wave: "2" },
    });
    expect(updated).toMatchObject({ active: false, metadata: { wave: "2" } });
    expect((await h.stripe.promotionCodes.list({ code: "SUMMER10", active: true })).data).toEqual(
      [],
    );
    // Inactive, the code is free for another one.
    const other = await h.stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "Summer10",
    });
    expect((await h.stripe.promotionCodes.retrieve(other.id)).code).toBe("Summer10");
    await expect(h.stripe.promotionCodes.update(code.id, { active: true })).rejects.toThrow(
      "An active promotion code with `code: SUMMER10` already exists.",
    );
  });

  it("refuses what the stand-in or Stripe does not take, and a deleted coupon is gone", async () => {
    await expect(
      h.stripe.coupons.create({ percent_off: 10, duration: "forever" }),
    ).rejects.toMatchObject({ statusCode: 400, param: "duration", message: /"once" only/ });
    await expect(h.stripe.coupons.create({ percent_off: 0 })).rejects.toMatchObject({
      param: "percent_off",
    });
    await expect(h.stripe.coupons.create({ percent_off: 101 })).rejects.toMatchObject({
      param: "percent_off",
    });
    await expect(
      h.stripe.coupons.create({ percent_off: 10, amount_off: 500, currency: "eur" }),
    ).rejects.toThrow("You may only specify one of these parameters: amount_off, percent_off.");
    await expect(h.stripe.coupons.create({ amount_off: 500 })).rejects.toMatchObject({
      code: "parameter_missing",
      param: "currency",
    });
    await expect(
      h.stripe.coupons.create({ percent_off: 10, redeem_by: inSeconds(-60) }),
    ).rejects.toMatchObject({ param: "redeem_by" });

    const coupon = await h.stripe.coupons.create({ id: "GONE5", amount_off: 500, currency: "EUR" });
    expect(coupon).toMatchObject({ id: "GONE5", amount_off: 500, currency: "eur" });
    await expect(h.stripe.coupons.create({ id: "GONE5", percent_off: 5 })).rejects.toMatchObject({
      code: "resource_already_exists",
      message: "Coupon already exists.",
    });
    expect(await h.stripe.coupons.del("GONE5")).toMatchObject({
      id: "GONE5",
      object: "coupon",
      deleted: true,
    });
    await expect(h.stripe.coupons.retrieve("GONE5")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such coupon: 'GONE5'",
    });
    await expect(
      h.stripe.promotionCodes.create({ promotion: { type: "coupon", coupon: "GONE5" } }),
    ).rejects.toMatchObject({ code: "resource_missing", param: "promotion[coupon]" });
  });
});

describe("a session with a discount", () => {
  it("takes a percentage off the goods, shared among the lines, with tax on what is left", async () => {
    const { coupon, code } = await promotion({ percent_off: 15 }, { code: "PRINTS15" });
    const session = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      discounts: [{ promotion_code: code.id }],
    });
    expect(session).toMatchObject({
      amount_subtotal: 21_000,
      amount_total: 21_000 - 3150 + 900,
      total_details: { amount_discount: 3150, amount_shipping: 900, amount_tax: 0 },
      discounts: [{ coupon: coupon.id, promotion_code: code.id }],
    });
    const lines = await h.stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data.map((line) => [line.amount_discount, line.amount_total])).toEqual([
      [1350, 7650],
      [1800, 10_200],
    ]);

    expect((await completeSession(session.id)).status).toBe(200);
    const paid = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["line_items", "payment_intent"],
    });
    // 20 % tax on 7650 + 10200 of discounted goods and 900 of shipping.
    expect(paid).toMatchObject({
      amount_subtotal: 21_000,
      amount_total: 17_850 + 900 + 3750,
      total_details: { amount_discount: 3150, amount_shipping: 900, amount_tax: 3750 },
    });
    expect((paid.payment_intent as Stripe.PaymentIntent).amount).toBe(22_500);
    expect(
      paid.line_items?.data.map((line) => [
        line.amount_discount,
        line.amount_tax,
        line.amount_total,
      ]),
    ).toEqual([
      [1350, 1530, 9180],
      [1800, 2040, 12_240],
    ]);
  });

  it("takes an amount off in whole cents that add up, never more than the goods", async () => {
    const coupon = await h.stripe.coupons.create({ amount_off: 1000, currency: "eur" });
    const session = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      discounts: [{ coupon: coupon.id }],
    });
    expect(session).toMatchObject({
      amount_total: 20_000 + 900,
      total_details: { amount_discount: 1000 },
      discounts: [{ coupon: coupon.id, promotion_code: null }],
    });
    const lines = await h.stripe.checkout.sessions.listLineItems(session.id);
    // 1000 × 9000/21000 = 428.57 and 1000 × 12000/21000 = 571.43: the odd cent to the first.
    expect(lines.data.map((line) => line.amount_discount)).toEqual([429, 571]);

    const { code } = await promotion({ amount_off: 50_000, currency: "eur" }, { code: "ALLFREE" });
    const free = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      discounts: [{ promotion_code: code.id }],
    });
    // The shipping is not discounted.
    expect(free).toMatchObject({ amount_total: 900, total_details: { amount_discount: 21_000 } });
  });

  it("refuses a code or coupon that cannot be used, and a discount with allow_promotion_codes", async () => {
    const create = (discount: Stripe.Checkout.SessionCreateParams.Discount) =>
      h.stripe.checkout.sessions.create({ ...printOrder(), discounts: [discount] });
    const { coupon, code } = await promotion(
      { percent_off: 5 },
      { code: "SOON-OVER", expires_at: inSeconds(5) },
    );
    const inactive = await h.stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code: "ASLEEP",
      active: false,
    });
    await expect(create({ promotion_code: inactive.id })).rejects.toMatchObject({
      statusCode: 400,
      type: "StripeInvalidRequestError",
      param: "discounts[0][promotion_code]",
      message: `The promotion code ASLEEP (${inactive.id}) is inactive.`,
    });

    const dollars = await h.stripe.coupons.create({ amount_off: 500, currency: "usd" });
    await expect(create({ coupon: dollars.id })).rejects.toMatchObject({
      param: "discounts[0][coupon]",
      message: /in usd off; this session is in eur/,
    });

    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        discounts: [{ promotion_code: code.id }],
        allow_promotion_codes: true,
      }),
    ).rejects.toThrow(
      "You may only specify one of these parameters: allow_promotion_codes, discounts.",
    );
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        discounts: [{ promotion_code: code.id }, { coupon: coupon.id }],
      }),
    ).rejects.toMatchObject({ param: "discounts" });

    // Limits reached: the code's own, then its coupon's through another code.
    const once = await promotion(
      { percent_off: 5, max_redemptions: 1 },
      { code: "ONCE-A", max_redemptions: 1 },
    );
    const twice = await h.stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: once.coupon.id },
      code: "ONCE-B",
    });
    const used = await create({ promotion_code: once.code.id });
    expect((await completeSession(used.id)).status).toBe(200);
    await expect(create({ promotion_code: once.code.id })).rejects.toThrow(
      `The promotion code ONCE-A (${once.code.id}) has reached its limit of 1 redemptions.`,
    );
    await expect(create({ promotion_code: twice.id })).rejects.toThrow(
      `The coupon ${once.coupon.id} of the promotion code ONCE-B has reached its limit of 1 redemptions.`,
    );
    expect(await h.stripe.coupons.retrieve(once.coupon.id)).toMatchObject({
      times_redeemed: 1,
      valid: false,
    });

    // Past `expires_at` (the stand-in's clock moved on).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10_000);
    await expect(create({ promotion_code: code.id })).rejects.toThrow(
      `The promotion code SOON-OVER (${code.id}) has expired.`,
    );
  });
});

describe("redemption", () => {
  it("is counted once, when the session completes", async () => {
    const { coupon, code } = await promotion(
      { percent_off: 20, max_redemptions: 10 },
      { code: "COUNTED", max_redemptions: 3 },
    );
    const session = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      discounts: [{ promotion_code: code.id }],
    });
    expect((await h.stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(0);
    expect((await completeSession(session.id)).status).toBe(200);
    expect((await completeSession(session.id)).status).toBe(400); // already complete
    expect((await h.stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);
    expect(await h.stripe.coupons.retrieve(coupon.id)).toMatchObject({
      times_redeemed: 1,
      valid: true,
    });
  });

  it("lets one of two buyers racing for the last one pay; the other is refused, still open", async () => {
    const { coupon, code } = await promotion(
      { percent_off: 10 },
      { code: "LAST-ONE", max_redemptions: 1 },
    );
    const open = () =>
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        discounts: [{ promotion_code: code.id }],
      });
    const [first, second, third] = await Promise.all([open(), open(), open()]);
    const pay = (session: Stripe.Checkout.Session) =>
      fetch(session.url as string, {
        method: "POST",
        body: buyerForm("pay"),
        redirect: "manual",
      });
    const answers = await Promise.all([pay(first), pay(second)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const refusedAt = answers.findIndex((answer) => answer.status === 400);
    const refused = [first, second][refusedAt] as Stripe.Checkout.Session;
    const html = await answers[refusedAt]?.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("This code has expired or reached its limit.");
    expect((await h.stripe.checkout.sessions.retrieve(refused.id)).status).toBe("open");

    const late = await completeSession(third.id);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      error: {
        type: "invalid_request_error",
        message: `The promotion code LAST-ONE (${code.id}) has reached its limit of 1 redemptions.`,
      },
    });
    expect((await h.stripe.checkout.sessions.retrieve(third.id)).status).toBe("open");
    expect((await h.stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);
    expect((await h.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it("is refused when the code was deactivated after the session took it", async () => {
    const { code } = await promotion({ percent_off: 10 }, { code: "WITHDRAWN" });
    const session = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      discounts: [{ promotion_code: code.id }],
    });
    await h.stripe.promotionCodes.update(code.id, { active: false });
    const refused = await completeSession(session.id);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: /is inactive/ } });
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });
});

describe("the hosted page", () => {
  it("applies a promotion code typed in any case, and refuses one it cannot use", async () => {
    const { code } = await promotion({ percent_off: 20 }, { code: "PAGE20" });
    await h.stripe.promotionCodes.create({
      promotion: { type: "coupon", coupon: code.promotion.coupon as string },
      code: "DORMANT",
      active: false,
    });
    const session = await h.stripe.checkout.sessions.create({
      ...printOrder(),
      allow_promotion_codes: true,
    });
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain("<legend>Promotion code</legend>");
    expect(page).toContain('<button name="action" value="apply_code">Apply</button>');
    const apply = (typed: string) =>
      fetch(session.url as string, {
        method: "POST",
        body: new URLSearchParams({ promotion_code: typed, action: "apply_code" }),
      });

    for (const typed of ["NOPE", "dormant"]) {
      const refused = await apply(typed);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain("This code is invalid.");
    }
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).total_details).toMatchObject({
      amount_discount: 0,
    });

    const applied = await apply(" page20 ");
    expect(applied.status).toBe(200);
    const html = await applied.text();
    expect(html).toContain("Discount (PAGE20)");
    expect(html).toMatch(/-42,00\s€/); // 20 % of 210,00 €
    expect(html).toMatch(/177,00\s€/); // 168,00 € of goods and 9,00 € of shipping
    const read = await h.stripe.checkout.sessions.retrieve(session.id);
    expect(read).toMatchObject({
      discounts: [{ promotion_code: code.id }],
      total_details: { amount_discount: 4200 },
    });

    const paid = await fetch(session.url as string, {
      method: "POST",
      body: buyerForm("pay"),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect((await h.stripe.promotionCodes.retrieve(code.id)).times_redeemed).toBe(1);
    // 20 % tax on 16800 of goods and 900 of shipping.
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).amount_total).toBe(
      16_800 + 900 + 3540,
    );
  });

  it("asks for consent to offers, unticked, and records the answer at payment", async () => {
    const order = { ...printOrder(), consent_collection: { promotions: "auto" as const } };
    const ticked = await h.stripe.checkout.sessions.create(order);
    expect(ticked.consent_collection).toEqual({
      payment_method_reuse_agreement: null,
      promotions: "auto",
      terms_of_service: null,
    });
    expect(ticked.consent).toBeNull();
    const page = await (await fetch(ticked.url as string)).text();
    expect(page).toContain(
      '<input type="checkbox" id="promotions" name="promotions" value="opt_in">',
    );
    expect(page).toContain('<label for="promotions">Send me news and offers by e-mail</label>');
    const pay = (session: Stripe.Checkout.Session, extra: Record<string, string> = {}) =>
      fetch(session.url as string, {
        method: "POST",
        body: buyerForm("pay", extra),
        redirect: "manual",
      });
    expect((await pay(ticked, { promotions: "opt_in" })).status).toBe(303);
    expect((await h.stripe.checkout.sessions.retrieve(ticked.id)).consent).toEqual({
      promotions: "opt_in",
      terms_of_service: null,
    });

    const unticked = await h.stripe.checkout.sessions.create(order);
    expect((await pay(unticked)).status).toBe(303);
    expect((await h.stripe.checkout.sessions.retrieve(unticked.id)).consent).toEqual({
      promotions: "opt_out",
      terms_of_service: null,
    });

    const unasked = await h.stripe.checkout.sessions.create(printOrder());
    expect(await (await fetch(unasked.url as string)).text()).not.toContain('name="promotions"');
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        consent_collection: { terms_of_service: "required" },
      }),
    ).rejects.toMatchObject({ param: "consent_collection[terms_of_service]" });
  });
});

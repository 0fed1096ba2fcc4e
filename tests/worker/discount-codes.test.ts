// Discount codes: the owner's, made in the Studio's Store document, typed on the cart page and
// taken off by Stripe at checkout, only for the products they cover, not past their end and not
// past their limit, even by two buyers paying at once; an e-mail's print code, for prints only.
// Through the real worker, D1, the content service and the payments stand-in (Stripe's wire
// format: coupons, promotion codes, discounts and their redemption).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Buyer, deliver, eventsOf, FOR_SALE, LARGE, pay, stripe, studioWrite } from "./store.ts";

const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase();

/** Adds discount codes to the Store document as the owner does in the Studio (its other codes kept). */
async function ownerCodes(...offers: Record<string, unknown>[]) {
  await studioWrite({
    patch: {
      id: "storeSettings",
      setIfMissing: { offers: [] },
      insert: {
        after: "offers[-1]",
        items: offers.map((offer) => ({ _key: unique(), _type: "storeOffer", ...offer })),
      },
    },
  });
}

/**
 * Checks out a buyer's cart with `code` typed (and `email` for a reminder): where the answer
 * leads, and the session.
 */
async function checkOutWith(buyer: Buyer, code: string, email?: string) {
  const answer = await buyer.post("/cart/checkout", { code, ...(email ? { email } : {}) });
  const location = answer.headers.get("Location") ?? "";
  const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(location)?.[1];
  return { status: answer.status, location, session };
}

async function withPrint() {
  const buyer = new Buyer();
  expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
  return buyer;
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("an owner's discount code", () => {
  it("is taken off by Stripe at checkout, typed in any case, for the products it covers", async () => {
    const code = `SPRING${unique()}`;
    await ownerCodes({ code, percentOff: 15, products: ["fine-art-8x10"], endsAt: future(30) });
    const buyer = await withPrint();
    const { session } = await checkOutWith(buyer, code.toLowerCase());
    expect(session).toBeDefined();
    const checkout = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(checkout.total_details?.amount_discount).toBe(
      Math.round((checkout.amount_subtotal ?? 0) * 0.15),
    );
    const promotion = (await stripe().promotionCodes.list({ code })).data[0];
    expect(checkout.discounts?.[0]?.promotion_code).toBe(promotion?.id);
    // Made through the SDK on its first use, ending when the owner said.
    expect(promotion?.expires_at).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    // The cart page shows the code it will take to checkout.
    expect((await buyer.get("/cart")).body).toContain(`value="${code.toLowerCase()}"`);

    // A licence is not a product it covers: said on the cart page, no session made.
    const other = new Buyer();
    await other.add(FOR_SALE, "print:fine-art-8x10");
    await other.add(FOR_SALE, "licence:personal");
    const refused = await checkOutWith(other, code);
    expect(refused.location).toBe("/cart?notice=code-products");
    expect((await other.get(refused.location)).body).toContain(
      "That discount code does not cover everything in your cart",
    );
  });

  it("is refused once ended, turned off or unknown, and a cart goes on without it", async () => {
    const [ended, off] = [`OLD${unique()}`, `OFF${unique()}`];
    await ownerCodes(
      { code: ended, percentOff: 20, endsAt: new Date(Date.now() - 60_000).toISOString() },
      { code: off, percentOff: 20, active: false },
    );
    const buyer = await withPrint();
    expect((await checkOutWith(buyer, ended)).location).toBe("/cart?notice=code-ended");
    expect((await checkOutWith(buyer, off)).location).toBe("/cart?notice=code-unknown");
    expect((await checkOutWith(buyer, `NOPE${unique()}`)).location).toBe(
      "/cart?notice=code-unknown",
    );
    expect((await checkOutWith(buyer, "<script>")).location).toBe("/cart?notice=code-unknown");
    // Without a code, the checkout is as ever, at the full price.
    const { session } = await checkOutWith(buyer, "");
    const checkout = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(checkout.discounts ?? []).toEqual([]);
    expect(checkout.amount_total).toBeGreaterThanOrEqual(checkout.amount_subtotal ?? 0);
  });

  it("is taken when typed after coming back from Stripe's page: that page closed, a new one made", async () => {
    const code = `BACK${unique()}`;
    await ownerCodes({ code, percentOff: 10 });
    const buyer = await withPrint();
    const first = await checkOutWith(buyer, "");
    const second = await checkOutWith(buyer, code);
    expect(second.session).toBeDefined();
    expect(second.session).not.toBe(first.session);
    const checkout = await stripe().checkout.sessions.retrieve(second.session ?? "");
    expect(checkout.total_details?.amount_discount).toBe(
      Math.round((checkout.amount_subtotal ?? 0) * 0.1),
    );
    expect((await stripe().checkout.sessions.retrieve(first.session ?? "")).status).toBe("expired");
    // The same code again changes nothing: the same page.
    expect((await checkOutWith(buyer, code)).session).toBe(second.session);
  });

  it("is taken when typed with the next checkout while an earlier order waits for its bank transfer", async () => {
    const code = `WAIT${unique()}`;
    await ownerCodes({ code, percentOff: 10 });
    const buyer = await withPrint();
    const first = await buyer.checkout();
    await pay(first.session, "bank_transfer");
    const [completed] = await eventsOf([first.session]);
    expect((await deliver(completed)).status).toBe(200);
    // Something more added meanwhile checks out on its own, with the code typed for it.
    expect((await buyer.add(LARGE, "licence:personal")).status).toBe(303);
    const { session } = await checkOutWith(buyer, code);
    const checkout = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(checkout.total_details?.amount_discount).toBe(
      Math.round((checkout.amount_subtotal ?? 0) * 0.1),
    );
    expect((await buyer.get("/cart")).body).toContain(`value="${code}"`);
  });

  it("is refused once the owner turns it off, though Stripe keeps it from its earlier use", async () => {
    const [code, key] = [`LATER${unique()}`, unique()];
    await ownerCodes({ _key: key, code, percentOff: 20, products: ["personal"] });
    const licence = new Buyer();
    expect((await licence.add(FOR_SALE, "licence:personal")).status).toBe(303);
    expect((await checkOutWith(licence, code)).session).toBeDefined();
    await studioWrite({
      patch: { id: "storeSettings", set: { [`offers[_key=="${key}"].active`]: false } },
    });
    // Neither for what it covered nor for what it never did.
    const another = new Buyer();
    expect((await another.add(FOR_SALE, "licence:personal")).status).toBe(303);
    expect((await checkOutWith(another, code)).location).toBe("/cart?notice=code-unknown");
    const prints = await withPrint();
    expect((await checkOutWith(prints, code)).location).toBe("/cart?notice=code-unknown");
  });

  it("turned off, no longer takes anything off the Stripe pages it is already on; on again, it takes", async () => {
    const [code, key] = [`HALF${unique()}`, unique()];
    await ownerCodes({ _key: key, code, percentOff: 50 });
    const [first, second] = [await withPrint(), await withPrint()];
    const a = await checkOutWith(first, code);
    const b = await checkOutWith(second, code);
    const active = (on: boolean) =>
      studioWrite({
        patch: { id: "storeSettings", set: { [`offers[_key=="${key}"].active`]: on } },
      });
    await active(false);
    // The first buyer checks out again: told so, and the page they had is closed.
    expect((await checkOutWith(first, code)).location).toBe("/cart?notice=code-unknown");
    expect((await stripe().checkout.sessions.retrieve(a.session ?? "")).status).toBe("expired");
    // The second went back to the page Stripe had open: Stripe no longer takes the code.
    await expect(pay(b.session ?? "")).rejects.toThrow(/inactive/);
    // Checked out again, at the full price.
    const again = await checkOutWith(first, "");
    expect(again.session).not.toBe(a.session);
    expect((await stripe().checkout.sessions.retrieve(again.session ?? "")).discounts).toEqual([]);
    await active(true);
    const later = await checkOutWith(await withPrint(), code);
    const checkout = await stripe().checkout.sessions.retrieve(later.session ?? "");
    expect(checkout.total_details?.amount_discount).toBe((checkout.amount_subtotal ?? 0) / 2);
  });

  it("ends at Stripe when the owner said, though first used in its last minute, and with it the pages it is on", async () => {
    const code = `SOON${unique()}`;
    const endsAt = Date.now() + 6_000;
    await ownerCodes({ code, percentOff: 20, endsAt: new Date(endsAt).toISOString() });
    const buyer = await withPrint();
    const first = await checkOutWith(buyer, code);
    expect(first.session).toBeDefined();
    const promotion = (await stripe().promotionCodes.list({ code })).data[0];
    expect(promotion?.expires_at).toBe(Math.ceil(endsAt / 1000));
    await new Promise((done) => setTimeout(done, endsAt + 1_000 - Date.now()));
    expect((await checkOutWith(buyer, code)).location).toBe("/cart?notice=code-ended");
    expect((await stripe().checkout.sessions.retrieve(first.session ?? "")).status).toBe("expired");
  });

  it("used up by another buyer, is dropped from a cart whose page it was on, and the cart goes on at the full price", async () => {
    const code = `LAST${unique()}`;
    await ownerCodes({ code, amountOff: 5, limit: 1 });
    const [first, second] = [await withPrint(), await withPrint()];
    const a = await checkOutWith(first, code);
    const b = await checkOutWith(second, code);
    await pay(a.session ?? "");
    expect((await checkOutWith(second, code)).location).toBe("/cart?notice=code-ended");
    expect((await stripe().checkout.sessions.retrieve(b.session ?? "")).status).toBe("expired");
    const again = await checkOutWith(second, "");
    expect(again.session).not.toBe(b.session);
    const checkout = await stripe().checkout.sessions.retrieve(again.session ?? "");
    expect(checkout.discounts).toEqual([]);
    expect(checkout.total_details?.amount_discount).toBe(0);
  });

  it("is kept when Stripe refuses the reminder's address: checkout goes on without the reminder", async () => {
    const code = `KEEP${unique()}`;
    await ownerCodes({ code, percentOff: 10 });
    const buyer = await withPrint();
    // An address a form takes and Stripe does not (two dots in a row).
    const { location, session } = await checkOutWith(buyer, code, "ana..lopez@example.com");
    expect(session, location).toBeDefined();
    const read = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(read.customer_email).toBeNull();
    expect(read.metadata?.remind).toBeUndefined();
    expect(read.total_details?.amount_discount).toBe(Math.round((read.amount_subtotal ?? 0) / 10));
  });

  it("is used no more than its limit, even by two buyers paying at once", async () => {
    const code = `ONCE${unique()}`;
    await ownerCodes({ code, amountOff: 5, limit: 1 });
    const [first, second] = [await withPrint(), await withPrint()];
    // Both checkouts take it (no use yet): Stripe counts a use when a session is paid.
    const a = await checkOutWith(first, code);
    const b = await checkOutWith(second, code);
    expect(a.session && b.session).toBeTruthy();
    const pay = (session: string) =>
      fetch(`${env.PAYMENTS_URL}/_control/checkout/sessions/${session}/complete`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          address: { line1: "1 Calle Mayor", postal_code: "28013", city: "Madrid", country: "ES" },
        }),
      });
    const answers = await Promise.all([pay(a.session ?? ""), pay(b.session ?? "")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const promotion = (await stripe().promotionCodes.list({ code })).data[0];
    expect(promotion?.times_redeemed).toBe(1);
    // A third buyer: Stripe refuses the used code, and the cart says so.
    const third = await withPrint();
    expect((await checkOutWith(third, code)).location).toBe("/cart?notice=code-ended");
  });

  it("counts the uses before the owner changed it against its limit", async () => {
    const [code, key] = [`TWICE${unique()}`, unique()];
    await ownerCodes({ _key: key, code, amountOff: 5, limit: 2, endsAt: future(10) });
    const first = await withPrint();
    await pay((await checkOutWith(first, code)).session ?? "");
    // The owner gives the code more time: new terms at Stripe, the same code for buyers.
    await studioWrite({
      patch: { id: "storeSettings", set: { [`offers[_key=="${key}"].endsAt`]: future(20) } },
    });
    const second = await withPrint();
    const { session } = await checkOutWith(second, code);
    const checkout = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(checkout.total_details?.amount_discount).toBeGreaterThan(0);
    await pay(session ?? "");
    // Two uses in all: a third buyer is told it is used up, and no session takes it.
    expect((await checkOutWith(await withPrint(), code)).location).toBe("/cart?notice=code-ended");
  });
});

describe("an e-mail's print code", () => {
  it("covers prints only", async () => {
    const coupon = await stripe().coupons.create({ percent_off: 10, duration: "once" });
    const code = `PRINT${unique()}`;
    await stripe().promotionCodes.create({
      promotion: { type: "coupon", coupon: coupon.id },
      code,
      max_redemptions: 1,
      // As promotion-codes.ts makes one: the e-mail it is for, and the kinds it covers.
      metadata: { mail: `mail-${code}`, kinds: "print" },
    });
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    expect((await checkOutWith(buyer, code)).location).toBe("/cart?notice=code-products");
    const printer = await withPrint();
    const { session } = await checkOutWith(printer, code);
    const checkout = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(checkout.total_details?.amount_discount).toBeGreaterThan(0);
  });
});

// The store through the real worker, real D1 and the payments stand-in (Stripe's API, for the
// official SDK): the Buy section, the cart, checkout, Stripe's webhook and the order page, and
// an attacker's matrix: tampered products and quantities, forged carts, webhooks unsigned,
// signed with another secret, too old or replayed, and guessed order pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { captureLogs, mutableEnv, mutate, request } from "./harness.ts";
import {
  Buyer,
  deliver,
  eventsOf,
  FOR_SALE,
  FOR_SALE_PAGE,
  LARGE,
  NOT_FOR_SALE,
  orderRow,
  pay,
  stripe,
} from "./store.ts";

const cartLines = async (buyer: Buyer) => {
  const cart = await buyer.get("/cart");
  return [...cart.body.matchAll(/name="line\.\d+" value="([^"]+)"/g)].map((match) => match[1]);
};

describe("the Buy section", () => {
  it("offers the sizes the cropped photograph has the pixels for, and says the rule", async () => {
    const page = await request(FOR_SALE_PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toContain('action="/cart/add"');
    expect(page.body).toContain('value="print:fine-art-8x10"');
    expect(page.body).toContain('value="licence:personal"');
    // 2400×1598 px (its original): 12×16 in would need 1800×2400.
    expect(page.body).not.toContain('value="print:fine-art-12x16"');
    expect(page.body).toContain("at least 150 pixels per inch");
    expect(page.body).toContain("€45.00");
  });

  it("offers every size of a photograph with the pixels for them", async () => {
    const page = await request("/portfolio/photo/b5i7");
    expect(page.body).toContain('value="print:fine-art-16x20"');
  });

  it("is not on a photograph the owner withheld from sale", async () => {
    const page = await request("/portfolio/photo/b4i2");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("/cart/add");
  });

  it("names the photograph's buy page and licence in its structured data", async () => {
    const page = await request(FOR_SALE_PAGE);
    expect(page.body).toContain('"acquireLicensePage":"http://localhost/portfolio/photo/b2i1#buy"');
    expect(page.body).toContain('"license":"http://localhost/licensing"');
  });

  it("is nowhere without Stripe's keys, and the store's pages are not there", async () => {
    const off = { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    const page = await request(FOR_SALE_PAGE, { env: off });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("/cart/add");
    const cart = await request("/cart", { env: off });
    expect(cart.status).toBe(404);
    // A developer is told which settings are missing; a deploy's visitors are not.
    expect(cart.body).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set");
    const deployed = await request("/cart", { env: { ...off, ENVIRONMENT: "production" } });
    expect(deployed.status).toBe(404);
    expect(deployed.body).not.toContain("STRIPE_");
  });
});

describe("the cart", () => {
  it("keeps items across requests, keyed by a signed cookie, with editable quantities", async () => {
    const buyer = new Buyer();
    const added = await buyer.add(FOR_SALE, "print:fine-art-8x10", "2");
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/cart");
    const cookie = added.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/^cart=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    await buyer.add(FOR_SALE, "print:fine-art-8x10", "1");
    await buyer.add(LARGE, "licence:editorial", "3");
    const cart = await buyer.get("/cart");
    expect(cart.status).toBe(200);
    expect(cart.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cart.headers.get("X-Robots-Tag")).toBe("noindex");
    // 3 prints at €45, one licence (a licence is one, whatever was asked) at €90.
    expect(cart.body).toContain("€135.00");
    expect(cart.body).toContain("€90.00");
    expect(cart.body).toContain("€225.00");
    const lines = await cartLines(buyer);
    expect(lines).toEqual([`${FOR_SALE}|print:fine-art-8x10`, `${LARGE}|licence:editorial`]);
    // Quantities changed, then a line removed.
    await buyer.post("/cart", {
      "line.0": lines[0] ?? "",
      "quantity.0": "5",
      "line.1": lines[1] ?? "",
      "quantity.1": "1",
    });
    expect((await buyer.get("/cart")).body).toContain("€225.00");
    await buyer.post("/cart", { remove: lines[1] ?? "" });
    expect(await cartLines(buyer)).toEqual([lines[0]]);
  });

  it.each([
    ["an unknown product", FOR_SALE, "print:no-such-print", "1", 400],
    ["a product id with a price in it", FOR_SALE, "print:fine-art-8x10&price=1", "1", 400],
    ["a size the photograph has not the pixels for", FOR_SALE, "print:fine-art-12x16", "1", 400],
    ["a quantity of 0", FOR_SALE, "print:fine-art-8x10", "0", 400],
    ["a quantity of 11", FOR_SALE, "print:fine-art-8x10", "11", 400],
    ["a negative quantity", FOR_SALE, "print:fine-art-8x10", "-1", 400],
    ["a quantity in another notation", FOR_SALE, "print:fine-art-8x10", "1e1", 400],
    ["a photograph that is not for sale", NOT_FOR_SALE, "print:fine-art-8x10", "1", 404],
    ["a photograph that is not there", "portfolio/nope", "print:fine-art-8x10", "1", 404],
    ["something that is not a photograph", "../../etc", "print:fine-art-8x10", "1", 400],
  ])("refuses %s, clearly, changing nothing", async (_, photo, product, quantity, status) => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const answer = await buyer.add(photo, product, quantity);
    expect(answer.status).toBe(status);
    expect(answer.body).toContain("That did not work");
    expect(await cartLines(buyer)).toEqual([`${FOR_SALE}|licence:personal`]);
  });

  it("prices nothing from the form: a price or name sent along is ignored", async () => {
    const buyer = new Buyer();
    await buyer.post("/cart/add", {
      photo: FOR_SALE,
      product: "print:fine-art-8x10",
      quantity: "1",
      price: "1",
      unit_amount: "1",
      name: "Free print",
    });
    const cart = await buyer.get("/cart");
    expect(cart.body).toContain("€45.00");
    expect(cart.body).not.toContain("Free print");
  });

  it("is no cart for a forged cookie, a cookie of another purpose or an altered one", async () => {
    const owner = new Buyer();
    await owner.add(FOR_SALE, "print:fine-art-8x10");
    const genuine = owner.cookies.get("cart") ?? "";
    const [id, signature] = decodeURIComponent(genuine).split(".");
    const forgeries = [
      // A cart id of the right shape, unsigned.
      "A".repeat(32),
      // The genuine id with another signature.
      encodeURIComponent(`${id}.${"A".repeat(43)}=`),
      // The genuine signature on another id.
      encodeURIComponent(`${"B".repeat(32)}.${signature}`),
    ];
    for (const forged of forgeries) {
      const thief = new Buyer();
      thief.cookies.set("cart", forged);
      expect(await cartLines(thief)).toEqual([]);
      // Adding gives a cart of their own, never the one they aimed at.
      await thief.add(FOR_SALE, "licence:personal");
      expect(thief.cookies.get("cart")).not.toBe(genuine);
      expect(await cartLines(thief)).toEqual([`${FOR_SALE}|licence:personal`]);
    }
    expect(await cartLines(owner)).toEqual([`${FOR_SALE}|print:fine-art-8x10`]);
  });

  it("takes no form posted from another site", async () => {
    const answer = await request("/cart/add", {
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ photo: FOR_SALE, product: "licence:personal" }).toString(),
    });
    expect(answer.status).toBe(403);
  });
});

describe("checkout and payment", () => {
  it("builds the Checkout Session from the catalogue only, with shipping for prints", async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10", "2");
    await buyer.add(LARGE, "licence:personal");
    const { answer, session, order } = await buyer.checkout();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toContain(`/c/pay/${session}`);
    const read = await stripe().checkout.sessions.retrieve(session, { expand: ["line_items"] });
    expect(read.currency).toBe("eur");
    expect(read.amount_subtotal).toBe(2 * 4500 + 2500);
    expect(read.metadata?.order).toBe(order);
    expect(read.success_url).toBe(`http://localhost/order/${order}`);
    expect(read.line_items?.data.map((line) => [line.quantity, line.price?.unit_amount])).toEqual([
      [2, 4500],
      [1, 2500],
    ]);
    expect(read.shipping_address_collection?.allowed_countries).toContain("DE");
    expect(read.shipping_options).toHaveLength(2);
    expect((await orderRow(order))?.status).toBe("open");
  });

  it("charges the catalogue's price as it is now, though the cart showed one the content cache kept", async () => {
    const testEnv = mutableEnv();
    const read = await fetch(
      `${env.MUTABLE_CONTENT_URL}/v2025-02-19/data/query/production?query=*[_id=="storeSettings"][0]`,
    );
    const { _rev, ...original } = ((await read.json()) as { result: Record<string, unknown> })
      .result;
    const buyer = new Buyer(testEnv);
    await buyer.add(LARGE, "licence:personal");
    expect((await buyer.get("/cart")).body).toContain("25.00");
    const dearer = structuredClone(original) as { licences: { id: string; price: number }[] };
    for (const licence of dearer.licences) if (licence.id === "personal") licence.price = 31;
    await mutate({ createOrReplace: dearer });
    try {
      const { session } = await buyer.checkout();
      const paid = await stripe().checkout.sessions.retrieve(session, { expand: ["line_items"] });
      expect(paid.line_items?.data.map((line) => line.price?.unit_amount)).toEqual([3100]);
    } finally {
      await mutate({ createOrReplace: original });
    }
  });

  it("sends an empty cart back to the cart page", async () => {
    const answer = await new Buyer().post("/cart/checkout", {});
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/cart?notice=empty");
  });

  it("pays an order once when Stripe sends the same event three times", async () => {
    const logs = captureLogs();
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    expect(completed).toBeDefined();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(completed));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => JSON.parse(answer.body).applied)).toEqual([true, false, false]);
    const row = await orderRow(order);
    expect(row?.status).toBe("paid");
    expect(row?.total).toBe(4500 + 800);
    expect(row?.email).toBe("buyer@example.com");
    expect(logs.lines().filter((line) => line.message === "Order paid")).toHaveLength(1);
    // The cart is emptied once its order is paid.
    expect(await cartLines(buyer)).toEqual([]);
    // The order page says so, at its unguessable address, to nobody's cache.
    const page = await buyer.get(`/order/${order}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-order-status="paid"');
    expect(page.body).toContain("Berlin");
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("waits for a bank transfer, then pays when the money arrives", async () => {
    const buyer = new Buyer();
    await buyer.add(LARGE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session, "bank_transfer");
    const [completed] = await eventsOf([session]);
    await deliver(completed);
    expect((await orderRow(order))?.status).toBe("awaiting_payment");
    const { control } = await import("./store.ts");
    await control(`/_control/checkout/sessions/${session}/settle`, { outcome: "succeeded" });
    const succeeded = (await eventsOf([session])).find(
      (event) => event.type === "checkout.session.async_payment_succeeded",
    );
    await deliver(succeeded);
    expect((await orderRow(order))?.status).toBe("paid");
  });
});

describe("the webhook refuses what Stripe did not send", () => {
  const paidEvent = async () => {
    const buyer = new Buyer();
    await buyer.add(FOR_SALE, "licence:personal");
    const { session, order } = await buyer.checkout();
    await pay(session);
    const [event] = await eventsOf([session]);
    if (!event) throw new Error("no event");
    return { event, order };
  };

  it.each([
    ["unsigned", { unsigned: true }],
    ["signed with another secret", { secret: "whsec_someone_else" }],
    ["signed more than five minutes ago", { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    [
      "altered after signing",
      {
        alter: (payload: string) =>
          payload.replace('"payment_status": "paid"', '"payment_status": "paid" '),
      },
    ],
  ])("%s: 400, and the order stays unpaid", async (_, how) => {
    const { event, order } = await paidEvent();
    const answer = await deliver(event, how);
    expect(answer.status).toBe(400);
    expect((await orderRow(order))?.status).toBe("open");
    // The genuine delivery still counts.
    expect((await deliver(event)).status).toBe(200);
    expect((await orderRow(order))?.status).toBe("paid");
  });

  it("applies a replayed event once, even signed anew", async () => {
    const { event, order } = await paidEvent();
    await deliver(event);
    const paidAt = (await orderRow(order))?.paid_at;
    const replay = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 1 });
    expect(JSON.parse(replay.body)).toEqual({ received: true, applied: false });
    expect((await orderRow(order))?.paid_at).toBe(paidAt);
  });

  it("does not refund an order that was not paid, nor pay one twice after a refund", async () => {
    const { event, order } = await paidEvent();
    await deliver(event);
    const session = (event.data.object as { id: string }).id;
    const read = await stripe().checkout.sessions.retrieve(session);
    await stripe().refunds.create({ payment_intent: String(read.payment_intent) });
    const refunded = (await eventsOf([String(read.payment_intent)])).find(
      (candidate) => candidate.type === "charge.refunded",
    );
    expect(refunded).toBeDefined();
    await deliver(refunded);
    expect((await orderRow(order))?.status).toBe("refunded");
  });
});

describe("order pages", () => {
  it.each([
    ["a guessed id of the right shape", `/order/${"x".repeat(32)}`],
    ["a shorter id", "/order/abc"],
    ["an id with a path in it", "/order/..%2F..%2Fcart"],
  ])("are a 404 for %s", async (_, path) => {
    const answer = await request(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
  });
});

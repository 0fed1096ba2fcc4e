// A Checkout payment end to end, driven as the worker will drive it: the official SDK over
// its fetch client creates and reads the session, a buyer pays on the hosted page with a
// plain form POST, and the webhook arrives signed as Stripe signs it.
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buyerForm,
  client,
  type Harness,
  printOrder,
  SECRET_KEY,
  startHarness,
  verify,
} from "./test-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe("a Checkout Session", () => {
  it("is created in Stripe's shape and read back with its line items", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session).toMatchObject({
      object: "checkout.session",
      url: `${h.service.url}/c/pay/${session.id}`,
      status: "open",
      payment_status: "unpaid",
      mode: "payment",
      currency: "eur",
      amount_subtotal: 21_000,
      amount_total: 21_900, // the first shipping option is preselected
      metadata: { order: "ord-42" },
      client_reference_id: "ord-42",
      automatic_tax: { enabled: true, status: "requires_location_inputs" },
      payment_intent: null,
    });
    expect(session.lastResponse.requestId).toMatch(/^req_/);

    const read = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["line_items", "line_items.data.price.product"],
    });
    const lines = read.line_items?.data ?? [];
    expect(lines.map((line) => [line.description, line.quantity, line.amount_subtotal])).toEqual([
      ["Harbour at dawn, fine-art print 30×40", 2, 9000],
      ["Harbour at dawn, editorial licence", 1, 12_000],
    ]);
    const product = lines[0]?.price?.product as Stripe.Product;
    expect(product.metadata).toEqual({ photo: "photo-1", sku: "GLOBAL-FAP-12x16" });

    const page = await h.stripe.checkout.sessions.listLineItems(session.id, { limit: 1 });
    expect(page.has_more).toBe(true);
    const all = await h.stripe.checkout.sessions
      .listLineItems(session.id, { limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all).toHaveLength(2);
  });

  it("is paid on the hosted page, then the signed webhook and the payment tell the site", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const page = await fetch(session.url as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Harbour at dawn, editorial licence");
    expect(html).toMatch(/219,00\s€/);
    expect(html).not.toMatch(/<(script|link|img)\b/);
    for (const button of ["Pay", "Pay later (bank transfer)", "Decline"]) {
      expect(html).toContain(`>${button}</button>`);
    }
    const express = session.shipping_options[1]?.shipping_rate as string;

    const before = h.receiver.received.length;
    const paid = await fetch(session.url as string, {
      method: "POST",
      body: buyerForm("pay", { shipping_rate: express }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`https://shop.example/thanks?session=${session.id}`);

    const [delivery] = (await h.receiver.waitFor(before + 1)).slice(before);
    expect(delivery?.path).toBe("/hooks/stripe");
    const event = await verify(delivery?.body ?? "", String(delivery?.headers["stripe-signature"]));
    expect(event).toMatchObject({
      object: "event",
      type: "checkout.session.completed",
      api_version: "2026-10-28.endive",
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect(event.id).toMatch(/^evt_/);
    const completed = event.data.object as Stripe.Checkout.Session;
    // 20 % tax on 21000 of goods and 2500 of shipping.
    expect(completed).toMatchObject({
      id: session.id,
      status: "complete",
      payment_status: "paid",
      url: null,
      amount_total: 21_000 + 2500 + 4700,
      total_details: { amount_discount: 0, amount_shipping: 2500, amount_tax: 4700 },
      shipping_cost: { amount_subtotal: 2500, amount_tax: 500, shipping_rate: express },
      automatic_tax: { enabled: true, status: "complete" },
      customer_details: { email: "anna@example.com", name: "Anna Muster" },
      collected_information: {
        shipping_details: {
          name: "Anna Muster",
          address: {
            line1: "1 rue de la Paix",
            city: "Paris",
            postal_code: "75002",
            country: "FR",
          },
        },
      },
    });

    const read = await h.stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent.latest_charge"],
    });
    const intent = read.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: "succeeded",
      amount: 28_200,
      amount_received: 28_200,
      currency: "eur",
      metadata: { order: "ord-42" },
      description: "Order ord-42",
    });
    expect((intent.latest_charge as Stripe.Charge).status).toBe("succeeded");
    expect((await h.stripe.paymentIntents.retrieve(intent.id)).id).toBe(intent.id);
  });

  it("signs so that another secret or an old timestamp is refused", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const before = h.receiver.received.length;
    await fetch(`${h.service.url}/_control/checkout/sessions/${session.id}/complete`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    const [sent] = (await h.receiver.waitFor(before + 1)).slice(before);
    const signature = String(sent?.headers["stripe-signature"]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await expect(verify(sent?.body ?? "", signature, "whsec_someoneelse000")).rejects.toThrow(
      /No signatures found matching/,
    );
    // The raw body is what is signed: the same event re-serialised does not verify.
    const reserialised = JSON.stringify(JSON.parse(sent?.body ?? "{}"));
    await expect(verify(reserialised, signature)).rejects.toThrow(/No signatures found/);

    const event = JSON.parse(sent?.body ?? "{}") as { id: string };
    const resend = (how: object) =>
      fetch(`${h.service.url}/_control/events/${event.id}/resend`, {
        method: "POST",
        body: JSON.stringify(how),
        headers: { "content-type": "application/json" },
      });
    await resend({ secret: "whsec_notthesite0000" });
    await resend({ timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const [otherSecret, old] = h.receiver.received.slice(before + 1);
    await expect(
      verify(otherSecret?.body ?? "", String(otherSecret?.headers["stripe-signature"])),
    ).rejects.toThrow(/No signatures found matching/);
    await expect(verify(old?.body ?? "", String(old?.headers["stripe-signature"]))).rejects.toThrow(
      /Timestamp outside the tolerance zone/,
    );
  });

  it("declines on the page with Stripe's message and sends nothing", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const events = h.service.events().length;
    const declined = await fetch(session.url as string, {
      method: "POST",
      body: buyerForm("decline"),
      redirect: "manual",
    });
    expect(declined.status).toBe(402);
    const html = await declined.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your card was declined.");
    expect(html).toContain('href="https://shop.example/basket"');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    expect(h.service.events()).toHaveLength(events);
  });

  it("keeps the page's answers and says what is missing", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const form = buyerForm("pay", { email: "not-an-address", country: "US" });
    const refused = await fetch(session.url as string, { method: "POST", body: form });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Enter a valid e-mail.");
    expect(html).toContain("We do not ship to this country.");
    expect(html).toContain('value="Anna Muster"');
    expect((await h.stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
  });

  it("expires, after which the page no longer takes payment", async () => {
    const session = await h.stripe.checkout.sessions.create(printOrder());
    const expired = await h.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    const types = h.service.events().map((record) => record.event.type);
    expect(types.at(-1)).toBe("checkout.session.expired");
    const page = await fetch(session.url as string);
    expect(await page.text()).toContain("This Checkout Session is no longer active.");
    await expect(h.stripe.checkout.sessions.expire(session.id)).rejects.toThrow(
      /Only Checkout Sessions with a status in \["open"\] can be expired/,
    );
  });
});

describe("refusals, as Stripe refuses", () => {
  it("names a missing, unknown or unimplemented parameter", async () => {
    const { line_items: _lines, ...noLines } = printOrder();
    await expect(h.stripe.checkout.sessions.create(noLines)).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 400,
      code: "parameter_missing",
      param: "line_items",
    });
    const [first, ...others] = printOrder().line_items ?? [];
    const { currency: _, ...noCurrency } = first?.price_data ?? { currency: "" };
    const lines = [{ ...first, price_data: noCurrency }, ...others];
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        line_items: lines as Stripe.Checkout.SessionCreateParams.LineItem[],
      }),
    ).rejects.toMatchObject({
      code: "parameter_missing",
      param: "line_items[0][price_data][currency]",
    });
    const unknown = await h.stripe
      .rawRequest("POST", "/v1/checkout/sessions", { mode: "payment", colour: "red" })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: "parameter_unknown", param: "colour" });
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        phone_number_collection: { enabled: true },
      }),
    ).rejects.toThrow("The payments stand-in does not implement phone_number_collection.");
    await expect(
      h.stripe.checkout.sessions.create({ ...printOrder(), discounts: [{ coupon: "NOSUCH" }] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "discounts[0][coupon]",
      message: "No such coupon: 'NOSUCH'",
    });
    // Tax inside a price is not what this stand-in's Stripe Tax does: refused, never misread.
    const [line, ...rest] = printOrder().line_items ?? [];
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        line_items: [
          { ...line, price_data: { ...line?.price_data, tax_behavior: "inclusive" } },
          ...rest,
        ] as Stripe.Checkout.SessionCreateParams.LineItem[],
      }),
    ).rejects.toThrow(
      'The payments stand-in does not implement line_items[0][price_data][tax_behavior] "inclusive".',
    );
    // With Stripe Tax, on this account of no default tax behaviour, a price or a shipping rate
    // that leaves it to the account is refused.
    const { tax_behavior: _tax, ...unsaid } = line?.price_data ?? { currency: "eur" };
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        line_items: [{ ...line, price_data: unsaid }, ...rest],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: "line_items[0][price_data][tax_behavior]" });
    const [rate, ...otherRates] = printOrder().shipping_options ?? [];
    const { tax_behavior: _rateTax, ...rateUnsaid } = rate?.shipping_rate_data ?? {
      display_name: "",
    };
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        shipping_options: [{ shipping_rate_data: rateUnsaid }, ...otherRates],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "shipping_options[0][shipping_rate_data][tax_behavior]",
    });
    // Without Stripe Tax, the account's default is never asked.
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        automatic_tax: { enabled: false },
        line_items: [{ ...line, price_data: unsaid }, ...rest],
      }),
    ).resolves.toMatchObject({ object: "checkout.session" });
    // A country Stripe does not ship to, or a look-alike, refuses the whole session.
    await expect(
      h.stripe.checkout.sessions.create({
        ...printOrder(),
        shipping_address_collection: { allowed_countries: ["GB", "UK" as "GB"] },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: "shipping_address_collection[allowed_countries][1]",
      message: expect.stringMatching(
        /^Invalid shipping_address_collection\[allowed_countries\]\[1\]: must be one of AC, AD, /,
      ),
    });
    for (const email of ["ana..lopez@example.com", "anaïs@example.com", "ana@example"]) {
      await expect(
        h.stripe.checkout.sessions.create({ ...printOrder(), customer_email: email }),
      ).rejects.toMatchObject({ statusCode: 400, code: "email_invalid", param: "customer_email" });
    }
    await expect(h.stripe.checkout.sessions.retrieve("cs_test_nothing")).rejects.toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such checkout.session: 'cs_test_nothing'",
    });
  });

  it("refuses another API key with 401", async () => {
    const stranger = client(h.service, "sk_test_notthisaccount000");
    await expect(stranger.checkout.sessions.create(printOrder())).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    const anonymous = await fetch(`${h.service.url}/v1/checkout/sessions`, { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });
});

describe("idempotency keys", () => {
  it("give the first answer again for the same request and refuse another", async () => {
    const params = printOrder();
    const first = await h.stripe.checkout.sessions.create(params, {
      idempotencyKey: "order-ord-42",
    });
    const again = await h.stripe.checkout.sessions.create(params, {
      idempotencyKey: "order-ord-42",
    });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.idempotencyKey).toBe("order-ord-42");

    const other = { ...params, client_reference_id: "ord-43" };
    await expect(
      h.stripe.checkout.sessions.create(other, { idempotencyKey: "order-ord-42" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
  });

  it("mark a replayed answer", async () => {
    const post = () =>
      fetch(`${h.service.url}/v1/checkout/sessions/${"cs_test_missing"}/expire`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET_KEY}`, "idempotency-key": "expire-once" },
      });
    const first = await post();
    const second = await post();
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
  });

  it("keep no answer for a request refused for its parameters", async () => {
    const { line_items: _, ...incomplete } = printOrder();
    await expect(
      h.stripe.checkout.sessions.create(incomplete, { idempotencyKey: "retry-after-fix" }),
    ).rejects.toMatchObject({ code: "parameter_missing" });
    const fixed = await h.stripe.checkout.sessions.create(printOrder(), {
      idempotencyKey: "retry-after-fix",
    });
    expect(fixed.status).toBe("open");
  });
});

// The one-liner site-server.ts will use: both stand-ins started, and the worker's settings
// enough to reach them the way the worker will (the SDK from STRIPE_API_URL, fetch to
// PRODIGI_API_URL), with Stripe's events going wherever the site turns out to be.
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startReceiver } from "../receiver.ts";
import { type StoreStandIns, startStoreStandIns } from "./standins.ts";

let store: StoreStandIns;
beforeAll(async () => {
  store = await startStoreStandIns({ payments: { webhookRetryDelaysMs: [] } });
});
afterAll(() => store?.close());

it("gives the worker's settings under the names it reads", () => {
  expect(Object.keys(store.vars).sort()).toEqual([
    "PRODIGI_API_KEY",
    "PRODIGI_API_URL",
    "STRIPE_API_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
  ]);
  expect(store.vars.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
  expect(store.vars.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
});

it("is reachable with those settings alone, and sends events where it is told", async () => {
  const api = new URL(store.vars.STRIPE_API_URL);
  const stripe = new Stripe(store.vars.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: api.hostname,
    port: api.port,
    protocol: api.protocol === "http:" ? "http" : "https",
  });
  const site = await startReceiver();
  try {
    store.setWebhookUrl(`${site.url}/hooks/stripe`);
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "eur", unit_amount: 500, product_data: { name: "Licence" } },
        },
      ],
      success_url: "https://shop.example/thanks",
    });
    await fetch(`${store.vars.STRIPE_API_URL}/_control/checkout/sessions/${session.id}/complete`, {
      method: "POST",
      body: "{}",
    });
    const [sent] = await site.waitFor(1);
    const event = await stripe.webhooks.constructEventAsync(
      sent?.body ?? "",
      String(sent?.headers["stripe-signature"]),
      store.vars.STRIPE_WEBHOOK_SECRET,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
    expect(event.type).toBe("checkout.session.completed");
  } finally {
    await site.close();
  }

  const orders = await fetch(`${store.vars.PRODIGI_API_URL}/v4.0/Orders`, {
    headers: { "x-api-key": store.vars.PRODIGI_API_KEY },
  });
  expect(await orders.json()).toMatchObject({ outcome: "Ok", orders: [] });
});

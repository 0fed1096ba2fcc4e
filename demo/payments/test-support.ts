// Test support (not a test file): the payments stand-in with a webhook receiver, the official
// SDK pointed at it as the worker will point it (fetch client, host, port, protocol), and a
// print order's Checkout Session parameters.
import Stripe from "stripe";
import { type Receiver, startReceiver } from "../receiver.ts";
import {
  type PaymentsService,
  type PaymentsServiceOptions,
  startPaymentsService,
} from "./server.ts";

export const SECRET_KEY = "sk_test_standin0123456789";
export const WEBHOOK_SECRET = "whsec_standin0123456789";

export interface Harness {
  service: PaymentsService;
  stripe: Stripe;
  receiver: Receiver;
  close(): Promise<void>;
}

export async function startHarness(
  options: Partial<PaymentsServiceOptions> = {},
): Promise<Harness> {
  const receiver = await startReceiver();
  const service = await startPaymentsService({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `${receiver.url}/hooks/stripe`,
    webhookRetryDelaysMs: [10, 20],
    ...options,
  });
  return {
    service,
    stripe: client(service),
    receiver,
    close: async () => {
      await service.close();
      await receiver.close();
    },
  };
}

export function client(service: PaymentsService, key = SECRET_KEY): Stripe {
  return new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    host: service.host,
    port: service.port,
    protocol: service.protocol,
    maxNetworkRetries: 0,
  });
}

/** Verifies a delivery as a Worker does: raw body, Web Crypto. */
export function verify(body: string, signature: string, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.constructEventAsync(
    body,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
}

/** The next event the harness's endpoint receives, verified as a Worker verifies it. */
export async function nextDelivery(h: Harness): Promise<Stripe.Event> {
  const count = h.receiver.received.length;
  const [sent] = (await h.receiver.waitFor(count + 1)).slice(count);
  return verify(sent?.body ?? "", String(sent?.headers["stripe-signature"]));
}

/**
 * A print of 2 × 4500 and a licence of 12000 (euro cents), shipped to France or Germany, with
 * Stripe Tax added on top.
 */
export function printOrder(): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 2,
        price_data: {
          currency: "eur",
          unit_amount: 4500,
          tax_behavior: "exclusive",
          product_data: {
            name: "Harbour at dawn, fine-art print 30×40",
            description: "Hahnemühle Photo Rag",
            images: ["https://example.com/harbour.jpg"],
            metadata: { photo: "photo-1", sku: "GLOBAL-FAP-12x16" },
          },
        },
      },
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: 12_000,
          tax_behavior: "exclusive",
          product_data: {
            name: "Harbour at dawn, editorial licence",
            metadata: { photo: "photo-1" },
          },
        },
      },
    ],
    metadata: { order: "ord-42" },
    client_reference_id: "ord-42",
    customer_email: "buyer@example.com",
    success_url: "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.example/basket",
    shipping_address_collection: { allowed_countries: ["FR", "DE"] },
    shipping_options: [
      {
        shipping_rate_data: {
          display_name: "Standard",
          type: "fixed_amount",
          tax_behavior: "exclusive",
          fixed_amount: { amount: 900, currency: "eur" },
          delivery_estimate: {
            minimum: { unit: "business_day", value: 3 },
            maximum: { unit: "business_day", value: 5 },
          },
        },
      },
      {
        shipping_rate_data: {
          display_name: "Express",
          type: "fixed_amount",
          tax_behavior: "exclusive",
          fixed_amount: { amount: 2500, currency: "eur" },
        },
      },
    ],
    automatic_tax: { enabled: true },
    payment_intent_data: { metadata: { order: "ord-42" }, description: "Order ord-42" },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    locale: "fr",
  };
}

/** The hosted page's form, filled in as a buyer would. */
export function buyerForm(action: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    email: "anna@example.com",
    name: "Anna Muster",
    line1: "1 rue de la Paix",
    city: "Paris",
    postal_code: "75002",
    country: "FR",
    action,
    ...extra,
  });
}

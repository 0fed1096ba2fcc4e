import type Stripe from "stripe";
import type { StoreKeys } from "../config/config.ts";

/**
 * The official SDK, loaded on first use: it is most of the store's code (every resource of
 * Stripe's API), and only the cart's checkout and the webhook need it, so the site's pages
 * never load it.
 */
const sdk = () => import("stripe").then((module) => module.default);

/**
 * The official SDK on its fetch client (it runs in Workers), pointed at Stripe, or at the
 * payments stand-in through the SDK's own `host`, `port` and `protocol` options (`npm start`,
 * the tests): one code path for both. Its API version is the one the package pins.
 */
export async function stripeClient(keys: StoreKeys): Promise<Stripe> {
  const Stripe = await sdk();
  const { api } = keys.stripe;
  return new Stripe(keys.stripe.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
    // A checkout the visitor waits for: one retry at most, then the cart page says so.
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
}

/** How old a webhook's signature may be: five minutes, Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event a webhook request carries, when its signature is Stripe's (the endpoint's secret,
 * within five minutes), verified with Web Crypto; throws otherwise.
 */
export async function verifiedEvent(
  keys: StoreKeys,
  body: string,
  signature: string,
): Promise<Stripe.Event> {
  const Stripe = await sdk();
  return Stripe.webhooks.constructEventAsync(
    body,
    signature,
    keys.stripe.webhookSecret,
    WEBHOOK_TOLERANCE_SECONDS,
    Stripe.createSubtleCryptoProvider(),
  );
}

import Stripe from "stripe";
import type { StoreKeys } from "../config/config.ts";

/**
 * The official SDK on its fetch client (it runs in Workers), pointed at Stripe, or at the
 * payments stand-in through the SDK's own `host`, `port` and `protocol` options (`npm start`,
 * the tests): one code path for both. Its API version is the one the package pins.
 */
export function stripeClient(keys: StoreKeys): Stripe {
  const { api } = keys.stripe;
  return new Stripe(keys.stripe.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
    // A checkout the visitor waits for: one retry at most, then the cart page says so.
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
}

/** Web Crypto for the webhook's signature (Workers have no Node crypto). */
export const webCrypto = Stripe.createSubtleCryptoProvider();

/** How old a webhook's signature may be: five minutes, Stripe's own default. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event a webhook request carries, when its signature is Stripe's (the endpoint's secret,
 * within five minutes); throws otherwise.
 */
export function verifiedEvent(
  keys: StoreKeys,
  body: string,
  signature: string,
): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(
    body,
    signature,
    keys.stripe.webhookSecret,
    WEBHOOK_TOLERANCE_SECONDS,
    webCrypto,
  );
}

import type Stripe from "stripe";
import type { StoreKeys } from "../config/config.ts";
import { log } from "../lib/log.ts";

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

/** Stripe Tax on a Checkout Session when the Store charges tax. */
export const taxOn = (tax: boolean) => (tax ? { automatic_tax: { enabled: true } } : {});

/**
 * A price's (or a shipping rate's) tax behaviour with Stripe Tax on: the tax on top, as the
 * Studio says, whatever the account's default. Without one, Stripe refuses the session on an
 * account with no default, and takes the tax out of the price on one whose default is
 * "inclusive" (a booking then recorded, invoiced and refunded its deposit as if it were added).
 */
export const priceTax = (tax: boolean) => (tax ? { tax_behavior: "exclusive" as const } : {});

/** The parameter Stripe named in refusing a request (a 400), if it did. */
export function refusedParam(error: unknown): string | undefined {
  const { type, param } = error as { type?: string; param?: unknown };
  return type === "StripeInvalidRequestError" && typeof param === "string" ? param : undefined;
}

/**
 * A Checkout Session made with `params`, which name the payer's e-mail address; when Stripe
 * refuses that address (its rule is stricter than a form's: no letter past ASCII, no two dots
 * in a row), made with `withoutEmail` instead, and Stripe's page asks the payer for one.
 */
export async function checkoutNaming(
  stripe: Stripe,
  params: Stripe.Checkout.SessionCreateParams,
  withoutEmail: Stripe.Checkout.SessionCreateParams,
  idempotencyKey: string,
  logFields: Record<string, string>,
): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.create(params, { idempotencyKey });
  } catch (error) {
    if (!params.customer_email || refusedParam(error) !== "customer_email") throw error;
    log.warn("Stripe refused the payer's e-mail address; its page asks for one", logFields);
    return stripe.checkout.sessions.create(withoutEmail, {
      idempotencyKey: `${idempotencyKey}-without-email`,
    });
  }
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

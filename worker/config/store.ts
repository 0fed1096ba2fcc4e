import { webAddress } from "../lib/web-address.ts";
import { setVar, type Vars, varOrDefault } from "./vars.ts";

/**
 * The store's settings (docs/store.md): Stripe for payment, a print lab for fulfilment. The keys
 * are secrets (`wrangler secret put`), kept here and handed only to the SDK and the lab adapter;
 * nothing prints them. Without both Stripe secrets the store is off: no page offers anything for
 * sale, and the store's addresses answer 404, so a half-configured site has no broken Buy button.
 */
export interface StoreKeys {
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /**
     * Where the SDK sends its requests, when not to Stripe (`npm start`'s stand-in): the SDK's
     * `host`, `port` and `protocol` options.
     */
    api: { host: string; port: number; protocol: "http" | "https" } | undefined;
  };
  /** Prodigi's Print API, when its key is set. */
  lab: { apiKey: string; apiUrl: string } | undefined;
}

export type StoreEnv = Pick<
  Vars,
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_API_URL"
  | "PRODIGI_API_KEY"
  | "PRODIGI_API_URL"
>;

/** Why the store is off, for the developer's machine (never the value of a secret). */
export type StoreOff = { off: string };

function apiOf(url: URL): NonNullable<StoreKeys["stripe"]["api"]> {
  const protocol = url.protocol === "http:" ? "http" : "https";
  const port = url.port ? Number(url.port) : protocol === "http" ? 80 : 443;
  return { host: url.hostname, port, protocol };
}

/**
 * The store's keys, or why there is no store: a missing Stripe secret, or a STRIPE_API_URL or
 * PRODIGI_API_URL that is not a web address (named, so the developer's error page can say which).
 */
export function storeKeys(env: StoreEnv): StoreKeys | StoreOff {
  const secretKey = setVar(env, "STRIPE_SECRET_KEY");
  const webhookSecret = setVar(env, "STRIPE_WEBHOOK_SECRET");
  if (!secretKey || !webhookSecret) {
    return { off: "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set" };
  }
  const apiSetting = setVar(env, "STRIPE_API_URL");
  const api = apiSetting === undefined ? undefined : webAddress(apiSetting);
  if (apiSetting !== undefined && !api) return { off: "STRIPE_API_URL is not a web address" };
  const labUrl = webAddress(varOrDefault(env, "PRODIGI_API_URL"));
  if (!labUrl) return { off: "PRODIGI_API_URL is not a web address" };
  const apiKey = setVar(env, "PRODIGI_API_KEY");
  return {
    stripe: { secretKey, webhookSecret, api: api ? apiOf(api) : undefined },
    lab: apiKey ? { apiKey, apiUrl: labUrl.origin } : undefined,
  };
}

export const storeIsOn = (keys: StoreKeys | StoreOff): keys is StoreKeys => !("off" in keys);

/** Where Stripe's hosted checkout page is: Stripe's own, or the stand-in's origin. */
export function checkoutOrigin(keys: StoreKeys): string {
  const { api } = keys.stripe;
  return api ? `${api.protocol}://${api.host}:${api.port}` : "https://checkout.stripe.com";
}

import { describe, expect, it } from "vitest";
import { storeIsOn, storeKeys } from "./store.ts";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_a", STRIPE_WEBHOOK_SECRET: "whsec_b" };

describe("the store's settings", () => {
  it("is off without both Stripe secrets, and says so without naming a value", () => {
    for (const env of [{}, { STRIPE_SECRET_KEY: "sk_test_a" }, { STRIPE_WEBHOOK_SECRET: "x" }]) {
      const keys = storeKeys(env);
      expect(storeIsOn(keys)).toBe(false);
      expect(JSON.stringify(keys)).not.toMatch(/sk_test_a|"x"/);
    }
  });

  it("talks to Stripe itself unless STRIPE_API_URL names another API", () => {
    const keys = storeKeys(STRIPE);
    if (!storeIsOn(keys)) throw new Error("off");
    expect(keys.stripe).toEqual({
      secretKey: "sk_test_a",
      webhookSecret: "whsec_b",
      api: undefined,
    });
    expect(keys.lab).toBeUndefined();
    const local = storeKeys({ ...STRIPE, STRIPE_API_URL: "http://127.0.0.1:4242" });
    expect(storeIsOn(local) && local.stripe.api).toEqual({
      host: "127.0.0.1",
      port: 4242,
      protocol: "http",
    });
  });

  it("turns the lab on with its key, at Prodigi's live API unless told otherwise", () => {
    const keys = storeKeys({ ...STRIPE, PRODIGI_API_KEY: "k" });
    expect(storeIsOn(keys) && keys.lab).toEqual({ apiKey: "k", apiUrl: "https://api.prodigi.com" });
  });

  it("is off, naming the setting, when an address is not one", () => {
    expect(storeKeys({ ...STRIPE, STRIPE_API_URL: "localhost:4242" })).toEqual({
      off: "STRIPE_API_URL is not a web address",
    });
    expect(storeKeys({ ...STRIPE, PRODIGI_API_URL: "ftp://lab" })).toEqual({
      off: "PRODIGI_API_URL is not a web address",
    });
  });
});

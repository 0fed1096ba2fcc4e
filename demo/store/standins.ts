// Both of the store's stand-ins at once, Stripe's and the lab's, with secrets made up for the
// run and the settings that point the worker at them, under the names the worker reads:
//
//   const store = await startStoreStandIns();
//   Object.assign(vars, store.vars);                  // before the worker starts
//   store.setWebhookUrl(`${siteUrl}/…`);              // once the site's address is known
//
// STRIPE_API_URL and PRODIGI_API_URL are origins (`http://127.0.0.1:{port}`): the worker gives
// the SDK its host, port and protocol, and calls `{PRODIGI_API_URL}/v4.0/Orders`.
import { randomBytes } from "node:crypto";
import { type LabService, type LabServiceOptions, startLabService } from "../lab/server.ts";
import {
  type PaymentsService,
  type PaymentsServiceOptions,
  startPaymentsService,
} from "../payments/server.ts";

export interface StoreVars {
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_API_URL: string;
  PRODIGI_API_KEY: string;
  PRODIGI_API_URL: string;
}

export interface StoreStandIns {
  payments: PaymentsService;
  lab: LabService;
  vars: StoreVars;
  /** Where Stripe's events go: the site's webhook endpoint, once the site runs. */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

export interface StoreStandInOptions {
  payments?: Partial<Omit<PaymentsServiceOptions, "secretKey" | "webhookSecret">>;
  lab?: Partial<Omit<LabServiceOptions, "apiKey">>;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString("hex")}`;

export async function startStoreStandIns(
  options: StoreStandInOptions = {},
): Promise<StoreStandIns> {
  const vars = {
    STRIPE_SECRET_KEY: secret("sk_test_"),
    STRIPE_WEBHOOK_SECRET: secret("whsec_"),
    PRODIGI_API_KEY: secret(""),
  };
  const payments = await startPaymentsService({
    ...options.payments,
    secretKey: vars.STRIPE_SECRET_KEY,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET,
  });
  const lab = await startLabService({ ...options.lab, apiKey: vars.PRODIGI_API_KEY }).catch(
    async (error: unknown) => {
      await payments.close();
      throw error;
    },
  );
  return {
    payments,
    lab,
    vars: { ...vars, STRIPE_API_URL: payments.url, PRODIGI_API_URL: lab.url },
    setWebhookUrl: (url) => payments.setWebhookUrl(url),
    close: async () => {
      await Promise.all([payments.close(), lab.close()]);
    },
  };
}

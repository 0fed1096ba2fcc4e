// What the payments stand-in's handlers share: its memory, its webhook, its timers and the
// settings that change how payments go.
import type { Timers } from "../timers.ts";
import type { Webhooks } from "./events.ts";
import type { PaymentsStore } from "./store.ts";

export interface AsyncPaymentSetting {
  /** How long after "Pay later" the bank transfer is settled. */
  afterMs: number;
  outcome: "succeeded" | "failed";
}

export interface PaymentsContext {
  store: PaymentsStore;
  webhooks: Webhooks;
  timers: Timers;
  /** The stand-in's own origin, for hosted page URLs. */
  origin(): string;
  /** Settles "Pay later" payments by itself; without it only the control API does. */
  asyncPayment: AsyncPaymentSetting | undefined;
}

/** The API request an event comes from, as Stripe records it in `event.request`. */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}

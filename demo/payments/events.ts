// Stripe's events and their webhook: each event in Stripe's envelope, POSTed to the endpoint
// as pretty-printed JSON (as Stripe sends it, so only the raw body verifies) and signed as
// Stripe signs: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed
// with the whsec_ secret>`, a new timestamp for each attempt. A failed delivery is retried
// with backoff (Stripe retries for three days; the stand-in a few times, quickly).
import { createHmac } from "node:crypto";
import { type Attempt, deliver } from "../delivery.ts";
import { API_VERSION, newId, now } from "./objects.ts";

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface Delivery {
  url: string;
  /** "endpoint secret", or "other secret" for a control call testing refusals. */
  signedWith: "endpoint secret" | "other secret";
  /** The signature's timestamp when a control call chose it (an old one, for refusals). */
  timestamp?: number;
  attempts: Attempt[];
  delivered: boolean;
}

export interface EventRecord {
  event: StripeEvent;
  deliveries: Delivery[];
}

export interface WebhookOptions {
  secret: string;
  url?: string;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

export function signature(payload: string, secret: string, timestamp: number): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export class Webhooks {
  url: string | undefined;
  readonly records: EventRecord[] = [];
  private readonly options: WebhookOptions;
  private stopper = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(options: WebhookOptions) {
    this.options = options;
    this.url = options.url;
  }

  /** Records an event about `object` (a snapshot of it now) and sends it to the endpoint. */
  emit(
    type: string,
    object: unknown,
    request: StripeEvent["request"] = { id: null, idempotency_key: null },
    previous?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId("evt_"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request,
      type,
    };
    const record: EventRecord = { event, deliveries: [] };
    this.records.push(record);
    if (this.url) this.send(record, {});
    return event;
  }

  /**
   * Sends an event again (Stripe may repeat an event), optionally signed with another secret
   * or an old timestamp, to test that the receiver refuses it.
   */
  resend(id: string, how: { secret?: string; timestamp?: number }): Delivery | undefined {
    const record = this.records.find((candidate) => candidate.event.id === id);
    if (!record || !this.url) return undefined;
    return this.send(record, how);
  }

  /** Resolves when every delivery under way has succeeded or given up. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Forgets every event and stops the retries under way. */
  reset(): void {
    this.stopper.abort();
    this.stopper = new AbortController();
    this.records.length = 0;
  }

  close(): void {
    this.stopper.abort();
  }

  private send(record: EventRecord, how: { secret?: string; timestamp?: number }): Delivery {
    const url = this.url as string;
    const secret = how.secret ?? this.options.secret;
    const delivery: Delivery = {
      url,
      signedWith: how.secret === undefined ? "endpoint secret" : "other secret",
      ...(how.timestamp === undefined ? {} : { timestamp: how.timestamp }),
      attempts: [],
      delivered: false,
    };
    record.deliveries.push(delivery);
    const payload = JSON.stringify(record.event, null, 2);
    const sending = deliver({
      url,
      body: payload,
      headers: () => ({
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        accept: "*/*; q=0.5, application/xml",
        "cache-control": "no-cache",
        "stripe-signature": signature(payload, secret, how.timestamp ?? now()),
      }),
      retryDelaysMs: this.options.retryDelaysMs,
      timeoutMs: this.options.timeoutMs,
      attempts: delivery.attempts,
      signal: this.stopper.signal,
    }).then((delivered) => {
      delivery.delivered = delivered;
      if (delivered && delivery.signedWith === "endpoint secret") record.event.pending_webhooks = 0;
    });
    this.inFlight.add(sending);
    sending.finally(() => this.inFlight.delete(sending));
    return delivery;
  }
}

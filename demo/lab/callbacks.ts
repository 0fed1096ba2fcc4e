// Prodigi's callbacks: when an order changes stage, a CloudEvents 1.0 JSON body is POSTed to
// the order's `callbackUrl`, of type `com.prodigi.order.status.stage.changed#<Stage>`, with the
// whole order in `data.order` and its id in `subject`. Prodigi does not sign them; a receiver
// should read the order back from the API before trusting one.
import { type Attempt, deliver } from "../delivery.ts";
import type { Order } from "./types.ts";

export interface CloudEvent {
  specversion: "1.0";
  type: string;
  source: string;
  id: string;
  time: string;
  datacontenttype: "application/json";
  data: { order: Order };
  subject: string;
}

export interface CallbackRecord {
  orderId: string;
  type: string;
  url: string;
  event: CloudEvent;
  attempts: Attempt[];
  delivered: boolean;
}

export interface CallbackOptions {
  retryDelaysMs: readonly number[];
  timeoutMs: number;
}

export class Callbacks {
  readonly records: CallbackRecord[] = [];
  private readonly options: CallbackOptions;
  private stopper = new AbortController();
  private sequence = 300_000;
  /** The last callback under way per order: an order's callbacks go out one after another. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(options: CallbackOptions) {
    this.options = options;
  }

  /** Tells the order's callback URL (if it has one) about its stage now. */
  send(order: Order, source: string): void {
    if (!order.callbackUrl) return;
    const event: CloudEvent = {
      specversion: "1.0",
      type: `com.prodigi.order.status.stage.changed#${order.status.stage}`,
      source,
      id: `evt_${++this.sequence}`,
      time: new Date().toISOString(),
      datacontenttype: "application/json",
      data: { order: structuredClone(order) },
      subject: order.id,
    };
    const record: CallbackRecord = {
      orderId: order.id,
      type: event.type,
      url: order.callbackUrl,
      event,
      attempts: [],
      delivered: false,
    };
    this.records.push(record);
    const signal = this.stopper.signal;
    const previous = this.queues.get(order.id) ?? Promise.resolve();
    const next = previous.then(async () => {
      record.delivered = await deliver({
        url: record.url,
        body: JSON.stringify(event),
        headers: () => ({ "content-type": "application/json", "user-agent": "Prodigi-Callbacks" }),
        retryDelaysMs: this.options.retryDelaysMs,
        timeoutMs: this.options.timeoutMs,
        attempts: record.attempts,
        signal,
      });
    });
    this.queues.set(order.id, next);
  }

  /** Resolves when no callback is under way. */
  async idle(): Promise<void> {
    let pending = [...this.queues.values()];
    while (pending.length > 0) {
      await Promise.allSettled(pending);
      const now = [...this.queues.values()];
      pending = now.filter((queued) => !pending.includes(queued));
    }
  }

  reset(): void {
    this.stopper.abort();
    this.stopper = new AbortController();
    this.records.length = 0;
    this.queues.clear();
  }

  close(): void {
    this.stopper.abort();
  }
}

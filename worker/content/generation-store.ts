import { DurableObject } from "cloudflare:workers";

const KEY = "generation";
/** Deliveries of the publish webhook seen lately, one key each: `delivery:{signature}`. */
const DELIVERY = "delivery:";

/**
 * How long a signed delivery counts: one signed longer ago is refused as stale, and one seen
 * within it is refused as a replay. Sanity retries a failed delivery twice, 30 s apart, so a
 * genuine delivery always arrives well inside it.
 */
export const DELIVERY_WINDOW_MS = 5 * 60 * 1000;

/** A publish webhook delivery: its signature (unique per body and signing time) and that time. */
export interface Delivery {
  signature: string;
  signedAt: number;
}

/**
 * The content generation: a number that the publish webhook advances and that every rendered
 * page reads once. It is part of every content cache key and of the rendered-page cache key,
 * so after a publish no data centre renders a page from content it cached before it (those
 * caches cannot be purged globally). One instance for the whole site, in a Durable Object
 * because its storage is strongly consistent: once `publish` has returned, every later read
 * anywhere sees the new number.
 *
 * The same instance keeps the replay window of the publish webhook: the signatures of the
 * deliveries of the last five minutes. Checking and recording a delivery is one call to the
 * one instance, so two copies sent at once cannot both pass. Each entry is a few dozen bytes
 * and lives five minutes, so the window costs a handful of rows and no extra request.
 */
export class ContentGeneration extends DurableObject<Env> {
  current(): number {
    return this.ctx.storage.kv.get<number>(KEY) ?? 0;
  }

  #advance(): number {
    const next = this.current() + 1;
    this.ctx.storage.kv.put(KEY, next);
    return next;
  }

  /**
   * Advances the generation for a delivery not seen before; null for a replay (a delivery
   * already seen in the window), which changes nothing.
   */
  publish(delivery: Delivery, now = Date.now()): number | null {
    const { kv } = this.ctx.storage;
    for (const [key, signedAt] of kv.list<number>({ prefix: DELIVERY })) {
      if (signedAt < now - DELIVERY_WINDOW_MS) kv.delete(key);
    }
    const key = `${DELIVERY}${delivery.signature}`;
    if (kv.get(key) !== undefined) return null;
    kv.put(key, delivery.signedAt);
    return this.#advance();
  }

  /** Lets a delivery through again: its purge failed, and Sanity retries it. */
  forget(delivery: Delivery): void {
    this.ctx.storage.kv.delete(`${DELIVERY}${delivery.signature}`);
  }
}

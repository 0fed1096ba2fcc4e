import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../config/config.ts";
import { QUERY_DEADLINE_MS } from "./content-source.ts";
import type { PurgeRequest } from "./purge.ts";

const KEY = "generation";
/** Deliveries of the publish webhook seen lately, one key each: `delivery:{signature}`. */
const DELIVERY = "delivery:";
/** Purges to make again, one key each: `repurge:{when, in epoch ms}`. */
const REPURGE = "repurge:";

/**
 * How long a signed delivery counts: one signed longer ago is refused as stale, and one seen
 * within it is refused as a replay. Sanity retries a failed delivery twice, 30 s apart, so a
 * genuine delivery always arrives well inside it.
 */
export const DELIVERY_WINDOW_MS = 5 * 60 * 1000;

/**
 * How long a data centre's copy of the content generation vouches for the content cached
 * under it: the bound of the publish guarantee. After the webhook answers, a data centre may
 * render from content cached before the publish for at most this long (its copy was read just
 * before the publish); after it, its copy is either renewed (and names the new generation) or
 * no longer trusted, and content is read from Sanity. Pages rendered in that window are purged
 * from the edge again (REPURGE_AFTER_MS).
 */
export const TRUSTED_MS = 10_000;

/**
 * When a publish's purge is made again: once every data centre's copy of the generation has
 * been renewed or has stopped vouching for older content (TRUSTED_MS), and a page rendered
 * from that content just before has had time to finish (QUERY_DEADLINE_MS) and reach the edge.
 */
export const REPURGE_AFTER_MS = TRUSTED_MS + QUERY_DEADLINE_MS;

/** A publish webhook delivery: its signature (unique per body and signing time) and that time. */
export interface Delivery {
  signature: string;
  signedAt: number;
}

/**
 * The content generation: a number that the publish webhook advances and that is part of every
 * content cache key, so content cached before a publish is not used after it. One instance for
 * the whole site, in a Durable Object because its storage is strongly consistent. No page
 * waits for it: each data centre keeps a copy (generation.ts) that the webhook's own data
 * centre renews at once and every other within TRUSTED_MS; the publish's purge of the edge is
 * made again after REPURGE_AFTER_MS, for pages rendered meanwhile from a copy that did not
 * know it yet.
 *
 * The same instance keeps the replay window of the publish webhook: the signatures of the
 * deliveries of the last five minutes. Checking and recording a delivery is one call to the
 * one instance, so two copies sent at once cannot both pass.
 */
export class ContentGeneration extends DurableObject<Env> {
  async current(): Promise<number> {
    const { generationLatencyMs } = loadConfig(this.env);
    if (generationLatencyMs > 0) await scheduler.wait(generationLatencyMs);
    return this.#current();
  }

  #current(): number {
    return this.ctx.storage.kv.get<number>(KEY) ?? 0;
  }

  /**
   * Advances the generation for a delivery not seen before, and schedules its purge again;
   * null for a replay (a delivery already seen in the window), which changes nothing.
   */
  async publish(delivery: Delivery, purge: PurgeRequest, now = Date.now()): Promise<number | null> {
    const { kv } = this.ctx.storage;
    for (const [key, signedAt] of kv.list<number>({ prefix: DELIVERY })) {
      if (signedAt < now - DELIVERY_WINDOW_MS) kv.delete(key);
    }
    const key = `${DELIVERY}${delivery.signature}`;
    if (kv.get(key) !== undefined) return null;
    kv.put(key, delivery.signedAt);
    const at = now + REPURGE_AFTER_MS;
    kv.put(`${REPURGE}${at}`, purge);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at);
    const next = this.#current() + 1;
    kv.put(KEY, next);
    return next;
  }

  /** Lets a delivery through again: its purge failed, and Sanity retries it. */
  forget(delivery: Delivery): void {
    this.ctx.storage.kv.delete(`${DELIVERY}${delivery.signature}`);
  }

  /** The purges that are due, made again as one; a failure throws, and the runtime retries. */
  override async alarm(): Promise<void> {
    const { kv } = this.ctx.storage;
    const now = Date.now();
    const due: string[] = [];
    let tags: Set<string> | undefined = new Set();
    let next: number | undefined;
    for (const [key, request] of kv.list<PurgeRequest>({ prefix: REPURGE })) {
      const at = Number(key.slice(REPURGE.length));
      if (at > now) {
        next = Math.min(next ?? at, at);
        continue;
      }
      due.push(key);
      if ("everything" in request) tags = undefined;
      else for (const tag of request.tags) tags?.add(tag);
    }
    if (due.length > 0) {
      const site = this.ctx.exports.PublicSite({ props: { origin: "" } });
      await site.purge(tags ? { tags: [...tags] } : { everything: true });
      for (const key of due) kv.delete(key);
    }
    if (next !== undefined) await this.ctx.storage.setAlarm(next);
  }
}

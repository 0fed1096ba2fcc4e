import { DurableObject } from "cloudflare:workers";
import { QUERY_DEADLINE_MS } from "../content/content-source.ts";
import type { PurgeRequest } from "../content/purge.ts";
import { errorText, log } from "../lib/log.ts";

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
 * When a publish's purge is made again: a render that began before the publish read the older
 * content, and may put its page in the edge's cache just after the purge. Such a render waits
 * for content at most QUERY_DEADLINE_MS; the rest is its own work and the trip to the edge.
 */
export const REPURGE_AFTER_MS = QUERY_DEADLINE_MS + 2_000;
/** The most tags one purge may name (Cloudflare's limit on operations per purge request). */
const PURGE_TAGS_MAX = 100;

/** When a second purge that failed is made again. */
export const REPURGE_RETRY_MS = 60_000;

/** A publish webhook delivery: its signature (unique per body and signing time) and that time. */
export interface Delivery {
  signature: string;
  signedAt: number;
}

/**
 * The publish webhook's record, one instance for the whole site (strongly consistent): the
 * signatures of the deliveries of the last five minutes (and five more), so a delivery counts once (checking
 * and recording it is one call, so two copies sent at once cannot both pass), and the purges
 * to make again (REPURGE_AFTER_MS), on its alarm.
 */
export class PublishLog extends DurableObject<Env> {
  /**
   * Records a delivery not seen before and schedules its purge (if it has one) again; false for
   * a replay.
   */
  async record(delivery: Delivery, purge?: PurgeRequest, now = Date.now()): Promise<boolean> {
    const { kv } = this.ctx.storage;
    // Kept twice the window: the webhook checks a delivery's age on its own clock a moment
    // before this, so one signed just inside the window could otherwise find its first copy
    // forgotten here and pass again.
    for (const [key, signedAt] of kv.list<number>({ prefix: DELIVERY })) {
      if (signedAt < now - 2 * DELIVERY_WINDOW_MS) kv.delete(key);
    }
    const key = `${DELIVERY}${delivery.signature}`;
    if (kv.get(key) !== undefined) return false;
    kv.put(key, delivery.signedAt);
    if (!purge) return true;
    const at = now + REPURGE_AFTER_MS;
    // Keyed by the delivery too: a release publishes many documents in the same millisecond.
    kv.put(`${REPURGE}${at}:${delivery.signature}`, purge);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at);
    return true;
  }

  /** Lets a delivery through again: its work failed, and Sanity retries it. */
  forget(delivery: Delivery): void {
    this.ctx.storage.kv.delete(`${DELIVERY}${delivery.signature}`);
  }

  /**
   * The purges that are due, made again as one. One that fails is tried again a minute later, for
   * as long as it takes: the runtime's own retries of a failed alarm stop after six, about two
   * minutes, and a page a render put at the edge just after the publish would then stay for a day.
   */
  override async alarm(): Promise<void> {
    const { kv } = this.ctx.storage;
    const now = Date.now();
    const due: string[] = [];
    let tags: Set<string> | undefined = new Set();
    let next: number | undefined;
    for (const [key, request] of kv.list<PurgeRequest>({ prefix: REPURGE })) {
      const at = Number.parseInt(key.slice(REPURGE.length), 10);
      if (at > now) {
        next = Math.min(next ?? at, at);
        continue;
      }
      due.push(key);
      if ("everything" in request) tags = undefined;
      else for (const tag of request.tags) tags?.add(tag);
    }
    if (due.length > 0) {
      const site = this.ctx.exports.PublicSite({ props: { origin: "", build: "" } });
      try {
        // A purge takes at most 100 tags: a burst of publishes (a release, a script) past that
        // purges everything, one operation, rather than a call refused every minute for ever.
        await site.purge(
          tags && tags.size <= PURGE_TAGS_MAX ? { tags: [...tags] } : { everything: true },
        );
        for (const key of due) kv.delete(key);
      } catch (error) {
        log.warn("A publish's second purge failed; it is tried again in a minute", {
          error: errorText(error),
        });
        next = Math.min(next ?? Number.POSITIVE_INFINITY, now + REPURGE_RETRY_MS);
      }
    }
    if (next !== undefined) await this.ctx.storage.setAlarm(next);
  }
}

type PublishEnv = { PUBLISH_LOG?: DurableObjectNamespace<PublishLog> };

function instance(env: PublishEnv) {
  const stub = env.PUBLISH_LOG?.getByName("site");
  if (!stub) throw new Error("The PUBLISH_LOG binding is missing (see wrangler.toml)");
  return stub;
}

/** Records a delivery (see PublishLog.record): false when it was seen before. */
export const recordDelivery = (env: PublishEnv, delivery: Delivery, purge?: PurgeRequest) =>
  instance(env).record(delivery, purge);

/** Forgets a delivery whose work failed, so that Sanity's retry of it is accepted. */
export const forgetDelivery = (env: PublishEnv, delivery: Delivery) =>
  instance(env).forget(delivery);

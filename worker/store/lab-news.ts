/**
 * The lab's news (docs/store.md): Prodigi calls back at each stage of an order it was given
 * (CloudEvents JSON, `com.prodigi.order.status.stage.changed#…`). Prodigi does not sign its
 * callbacks, so the address we give with each order carries a secret of its own, an HMAC of our
 * order's id under a key made of the store's secret: a callback for another order, or one made
 * up, is a bare 404. Even a genuine one is only a nudge: its body is never read for news. The
 * worker asks the lab's API where the order stands and records that on the order (D1, once: the
 * same news again changes nothing), then writes the Studio's copy; the buyer's page reads D1.
 * An order refunded while the lab can still stop it is cancelled there (`stopAtLab`), and that
 * recorded as the lab's news.
 */
import type { Handler } from "hono";
import { type StoreKeys, storeIsOn } from "../config/config.ts";
import { errorText, log } from "../lib/log.ts";
import { readText } from "../lib/request-body.ts";
import { derivedKey, fromBase64url, sign, toBase64url, verify } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { type Lab, labFor } from "./labs/index.ts";
import { d1Orders, isOrderId, type Orders, REFUNDED_TOO_LATE } from "./orders.ts";
import { writeOrderCopy } from "./studio.ts";

/** A callback's body is small; it is read (to be done with it) but never trusted. */
const MAX_CALLBACK_BYTES = 256 * 1024;

const key = async (keys: StoreKeys) =>
  (await derivedKey(keys.stripe.secretKey, "portfolio store lab callback")) as CryptoKey;

/** Where the lab calls back about our order `order`: its own address, with its own secret. */
export async function labCallbackUrl(keys: StoreKeys, origin: string, order: string) {
  return `${origin}/_app/store/lab/${order}/${toBase64url(await sign(await key(keys), order))}`;
}

/**
 * Stops at the lab an order refunded before its prints were made: Stripe's webhook asks when the
 * refund is told, fulfilment when the refund came while it was handing the order over. Cancelled,
 * it is recorded as the lab's news would record it (its callback then changes nothing); too late,
 * the owner is told on the order. An order not refunded, not with the lab, or whose lab order
 * shipped or was cancelled already is left alone, so asking again is harmless. Throws when the
 * lab could not be asked (the owner told too): the caller's retry asks again.
 */
export async function stopAtLab(orders: Orders, lab: Lab | undefined, id: string): Promise<void> {
  const order = await orders.get(id);
  const stage = order?.fulfilment.labStage;
  if (!lab || order?.status !== "refunded" || !order.lines.some((l) => l.fulfilment === "lab")) {
    return;
  }
  if (stage === "shipped" || stage === "cancelled") return;
  let cancelled: boolean;
  try {
    // Not recorded: a hand-over whose answer was lost may have made one all the same.
    const labOrder = order.fulfilment.labOrder ?? (await lab.find(id));
    if (!labOrder) return;
    if (!order.fulfilment.labOrder) await orders.record(id, { lab_order: labOrder });
    cancelled = await lab.cancel(labOrder);
  } catch (error) {
    await orders.record(id, {
      fulfilment_error: `Refunded, but ${lab.name}'s order could not be cancelled yet: ${errorText(error)}`,
    });
    throw error;
  }
  if (cancelled) {
    await orders.labNews(id, { stage: "cancelled", trackingUrl: undefined, issues: [] });
    log.info("A refunded order was cancelled at the lab", { order: id });
  } else {
    await orders.record(id, {
      fulfilment_error: `${REFUNDED_TOO_LATE} ${lab.name} had started on its order, which it could not cancel`,
    });
    log.warn("A refunded order could not be cancelled at the lab: too late", { order: id });
  }
}

const PLAIN = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/** `POST /_app/store/lab/{order}/{secret}`: the lab says an order changed; see above. */
export const labCallback: Handler<AppEnv> = async (c) => {
  const keys = c.var.config.store;
  await readText(c.req.raw, MAX_CALLBACK_BYTES, c.var.config);
  const id = c.req.param("order") ?? "";
  const secret = fromBase64url(c.req.param("secret") ?? "");
  const genuine =
    storeIsOn(keys) &&
    isOrderId(id) &&
    secret?.length === 32 &&
    (await verify(await key(keys), secret, id));
  const lab = storeIsOn(keys) ? labFor(keys) : undefined;
  if (!genuine || !lab) return c.text("404 Not Found", 404, PLAIN);
  const orders = d1Orders(c.env.STORE_DB);
  const order = await orders.get(id);
  if (!order?.fulfilment.labOrder) {
    // Not (yet) with the lab: the lab asks again later. (Refunded since, it still is: its news is
    // recorded, or the lab would call for ever, and the owner would not know if it shipped.)
    return c.text("409 Conflict: the order is not with the lab", 409, PLAIN);
  }
  let changed: boolean;
  try {
    changed = await orders.labNews(id, await lab.news(order.fulfilment.labOrder));
  } catch (error) {
    log.error("The lab's order could not be read after its callback", {
      order: id,
      error: errorText(error),
    });
    return c.text("502 Bad Gateway", 502, PLAIN);
  }
  const now = (await orders.get(id)) ?? order;
  try {
    // Written at every genuine callback (the same fields again change nothing the owner sees),
    // so a copy that failed once is written when the lab calls again.
    await writeOrderCopy(c.var.config, now, now.fulfilment.origin ?? new URL(c.req.url).origin);
  } catch (error) {
    log.error("An order's Studio copy could not be written after the lab's news", {
      order: id,
      error: errorText(error),
    });
    return c.text("502 Bad Gateway", 502, PLAIN);
  }
  if (changed)
    log.info("The lab's news recorded", { order: id, stage: String(now.fulfilment.labStage) });
  return c.json({ received: true, changed }, 200, PLAIN);
};

import {
  type Config,
  loadConfig,
  ownerMailbox,
  type StoreKeys,
  storeIsOn,
} from "../config/config.ts";
import { createContentSource } from "../content/content-source.ts";
import { paths } from "../content/paths.ts";
import {
  readSiteSettings,
  resolveSiteSettings,
  type SiteSettings,
} from "../content/site-settings.ts";
import { translator } from "../i18n/translator.ts";
import { sendStep } from "../insights/index.ts";
import { errorText, log } from "../lib/log.ts";
import { consume } from "../lib/queue.ts";
import { salesMails } from "../sales-mail/index.ts";
import { catalogueOf } from "./catalogue.ts";
import { signedFileUrl } from "./files.ts";
import { type GalleryPrints, publicPhotos } from "./gallery-prints.ts";
import { labCallbackUrl, stopAtLab } from "./lab-news.ts";
import { type Lab, type LabOrderRequest, LabRefusal, labFor } from "./labs/index.ts";
import { buyerEmail, ownerEmail } from "./mail.ts";
import { d1Orders, type Order, orderReference, type PaidShipping } from "./orders.ts";
import { type Shelves, sellable } from "./sellable.ts";
import { stripeClient } from "./stripe.ts";
import { type OrderCopies, writeOrderCopy } from "./studio.ts";

/**
 * Fulfilment (docs/store.md): the worker's queue consumer for paid orders. The webhook hands a
 * newly paid order to the FULFILMENT queue; this sends its lab prints to the lab (Prodigi, with
 * our order id as its idempotency key), leaves the owner's prints waiting for the owner, writes
 * the owner's copy in the Studio and sends the owner's and the buyer's e-mails. Each step is
 * recorded on the order in D1 and skipped once done, so a retried message repeats none of them.
 * A step that fails is retried with backoff (the lab down, or refusing); after wrangler.toml's
 * `max_retries` the queue moves the message to the dead-letter queue, whose consumer (here too)
 * parks the order: still paid, its error on the order and in the Studio, for the owner.
 */

export const FULFILMENT_QUEUE = "photo-portfolio-orders";
export const FULFILMENT_DLQ = "photo-portfolio-orders-dlq";

/** A print file's address stays valid a week: the lab downloads it again if it must. */
const PRINT_FILE_SECONDS = 7 * 24 * 60 * 60;

export interface FulfilmentMessage {
  version: 1;
  order: string;
  /** The site's origin when the order was paid: its links point there. */
  origin: string;
}

/**
 * A paid order goes to the fulfilment queue once: claimed in D1 first (a paid order not handed
 * over yet), so Stripe's webhook and the order page never both send it; a failed send gives the
 * claim back, and the webhook's retry hands it over again. A claim whose request was cut off
 * before the send lapses, and `handOverStranded` sends it.
 */
export async function handOver(env: Env, order: string, origin: string): Promise<void> {
  const orders = d1Orders(env.STORE_DB);
  if (!(await orders.markQueued(order, origin))) return;
  try {
    await sendToFulfilment(env, order, origin);
  } catch (error) {
    await orders.record(order, { fulfilment_queued_at: null });
    throw error;
  }
  await orders.record(order, { fulfilment_sent_at: Date.now() });
  // Paid, counted here, at the one hand-over: the public photographs each, a gallery's prints.
  const lines = (await orders.get(order))?.lines ?? [];
  const photos = publicPhotos(lines.map((line) => line.photo));
  await sendStep(env, "paid", photos);
  if (lines.some((line) => !photos.includes(line.photo))) await sendStep(env, "gallery-prints");
}

/**
 * The Cron Trigger's sweep: hands over each paid order of the last days that never reached the
 * queue (orders.ts `notHandedOver`), its links to the origin its claim named, else SITE_URL.
 */
export async function handOverStranded(env: Env): Promise<void> {
  const siteUrl = loadConfig(env).siteUrl;
  for (const { id, origin } of await d1Orders(env.STORE_DB).notHandedOver()) {
    const to = origin ?? siteUrl;
    if (!to) {
      log.warn("A paid order was never handed over, and no origin is known: set SITE_URL", {
        order: id,
      });
      continue;
    }
    log.warn("A paid order was never handed over; handing it over now", { order: id });
    await handOver(env, id, to).catch((error: unknown) =>
      log.error("A stranded order could not be handed over", {
        order: id,
        error: errorText(error),
      }),
    );
  }
}

export function parseFulfilmentMessage(body: unknown): FulfilmentMessage | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { version, order, origin } = body as Record<string, unknown>;
  if (version !== 1 || typeof order !== "string" || typeof origin !== "string") return undefined;
  if (!/^[A-Za-z0-9_-]{32}$/.test(order) || !/^https?:\/\/[^/]+$/.test(origin)) return undefined;
  return { version, order, origin };
}

export interface FulfilmentDeps {
  /** The client galleries' prints (handed over by the entry: worker/index.ts). */
  galleries: GalleryPrints;
  lab?: Lab | undefined;
  copies?: OrderCopies;
}

/**
 * The site's settings: its title names the e-mails' sender, its language the buyer's e-mail; and
 * the owner's address (ownerMailbox: CONTACT_EMAIL_TO, else the settings' e-mail).
 */
async function siteSettings(
  config: Config,
  ctx: ExecutionContext,
): Promise<{ site: SiteSettings; owner: string | undefined }> {
  const content = createContentSource(config, ctx, paths.home(), { preview: false });
  const doc = await readSiteSettings(() => content.settings(), { path: "/_app/store" });
  return { site: resolveSiteSettings(config.site, doc), owner: ownerMailbox(config, doc?.email) };
}

async function labRequest(keys: StoreKeys, order: Order, origin: string): Promise<LabOrderRequest> {
  const shipping = order.shippingAddress;
  const address = shipping?.address;
  if (
    !shipping?.name ||
    !address?.line1 ||
    !address.postal_code ||
    !address.city ||
    !address.country
  ) {
    throw new LabRefusal("The order has no complete shipping address");
  }
  const items = [];
  for (const line of order.lines.filter((candidate) => candidate.fulfilment === "lab")) {
    if (!line.labSku) throw new LabRefusal(`Line ${line.line} has no lab product code`);
    items.push({
      reference: `${order.id}-${line.line}`,
      sku: line.labSku,
      ...(line.details.labAttributes ? { attributes: line.details.labAttributes } : {}),
      copies: line.quantity,
      fileUrl: await signedFileUrl(keys, origin, "print", order.id, line.line, PRINT_FILE_SECONDS),
    });
  }
  return {
    orderId: order.id,
    callbackUrl: await labCallbackUrl(keys, origin, order.id),
    recipient: {
      name: shipping.name,
      email: order.email,
      address: {
        line1: address.line1,
        line2: address.line2,
        postalCode: address.postal_code,
        city: address.city,
        state: address.state,
        countryCode: address.country,
      },
    },
    items,
    shipping: order.shippingRate?.id ?? null,
  };
}

/** The shipping rate a Checkout Session was paid with, as the checkout named it (checkout.ts). */
async function paidShipping(keys: StoreKeys, session: string): Promise<PaidShipping | undefined> {
  const stripe = await stripeClient(keys);
  const read = await stripe.checkout.sessions.retrieve(session, {
    expand: ["shipping_cost.shipping_rate"],
  });
  const rate = read.shipping_cost?.shipping_rate;
  if (!rate || typeof rate === "string") return undefined;
  return { id: rate.metadata?.rate ?? null, name: rate.display_name ?? "" };
}

/**
 * The lines whose photograph or product is no longer offered now that the money is in (the
 * photograph withdrawn or made "not for sale", a client's gallery turned off, ended or no longer
 * selling prints, between checkout and payment), read past every cache; and what the owner
 * chose for that case.
 */
async function withdrawnLines(
  shelves: Shelves,
  order: Order,
): Promise<{ titles: string[]; choice: "refund" | "wait" }> {
  const catalogue = catalogueOf(await shelves.content.store());
  const titles: string[] = [];
  for (const line of order.lines) {
    if (!catalogue || !(await sellable(shelves, catalogue, line))) {
      titles.push(`${line.productName}, "${line.photoTitle}"`);
    }
  }
  // Without the Store settings (deleted, or unreadable), the owner's choice is not known: the
  // order waits for them, as a refund cannot be taken back.
  return { titles, choice: catalogue?.withdrawn ?? "wait" };
}

/**
 * The photographs of lines whose private original is not in the bucket (the owner has yet to
 * upload it): their files cannot be made, and no smaller one is made in their place.
 */
async function missingOriginals(env: Env, order: Order): Promise<string[]> {
  const missing: string[] = [];
  for (const { details, photoTitle } of order.lines) {
    if (details.asset && details.original && !(await env.ORIGINALS.head(details.asset))) {
      missing.push(`"${photoTitle}"`);
    }
  }
  return missing;
}

/**
 * Sends a paid order's message to fulfilment: at its hand-over (above), and again, without the
 * hand-over's claim (an order is counted paid once), when its dispute was won: fulfilment then
 * does what the dispute held back, every step once.
 */
export async function sendToFulfilment(env: Env, order: string, origin: string): Promise<void> {
  const message: FulfilmentMessage = { version: 1, order, origin };
  await env.FULFILMENT.send(message);
}

/** Where the order's fulfilment stands, from its lines and what was done. */
function stateOf(order: Order, labOrder: string | null, hasLab: boolean): string {
  const lab = order.lines.some((line) => line.fulfilment === "lab");
  const own = order.lines.some((line) => line.fulfilment === "owner");
  if (own || (lab && !hasLab)) return "owner";
  if (lab) return labOrder ? "lab" : "pending";
  return "none";
}

/** Whether fulfilment found something in the order withdrawn from sale when it was paid. */
const withdrawnFromSale = ({ fulfilment: { state } }: Order) =>
  state === "refunding" || state === "withdrawn";

/**
 * Whether fulfilment itself refunded the order (something in it withdrawn from sale). Stripe's
 * news of the refund closes it within seconds, likely before the e-mails that say why went out
 * (a retry comes a minute later at the soonest): they are still sent.
 */
const refundedByFulfilment = (order: Order) =>
  order.status === "refunded" && order.fulfilment.state === "refunding";

/** One paid order's fulfilment, every step once (see above). */
export async function fulfilOrder(
  env: Env,
  ctx: ExecutionContext,
  message: FulfilmentMessage,
  deps: FulfilmentDeps,
): Promise<void> {
  const config = loadConfig(env);
  const keys = config.store;
  if (!storeIsOn(keys)) throw new Error("The store is off (no Stripe keys): the order waits");
  const orders = d1Orders(env.STORE_DB);
  const lab = "lab" in deps ? deps.lab : labFor(keys);
  let order = await orders.get(message.order);
  // A refunded or unknown order has nothing left to fulfil; one refunded after the lab had it is
  // stopped there, should an earlier attempt have failed to (below).
  if (order?.status === "refunded") await stopAtLab(orders, lab, order.id);
  if (!order || (order.status !== "paid" && !refundedByFulfilment(order))) return;
  // Disputed by the buyer's bank: nothing more is handed on until the dispute is won (the
  // webhook then sends this message again).
  if (order.disputedAt !== null) return;
  const origin = order.fulfilment.origin ?? message.origin;
  if (!order.fulfilment.origin) await orders.record(order.id, { origin });

  // 0. Still for sale, now that the money is in? Checked once, before anything is handed on (a
  // licence's file too: the order page offers it from then on), and again on a replay of an order
  // parked before it passed. Once passed, a photograph withdrawn later refunds nothing the lab
  // may be printing.
  if (order.fulfilment.saleCheckedAt === null && !withdrawnFromSale(order)) {
    const fresh = createContentSource(config, ctx, paths.home(), {
      preview: false,
      uncached: true,
    });
    const shelves = {
      content: fresh,
      galleries: deps.galleries,
      env,
      owner: config.site.owner,
      language: config.site.language,
    };
    const { titles, choice } = await withdrawnLines(shelves, order);
    if (titles.length) {
      const error = `No longer for sale when the payment arrived: ${titles.join("; ")}`;
      if (choice === "refund" && order.paymentIntent) {
        const stripe = await stripeClient(keys);
        await stripe.refunds.create(
          { payment_intent: order.paymentIntent, metadata: { order: order.id } },
          { idempotencyKey: `refund-${order.id}` },
        );
      }
      await orders.record(order.id, {
        fulfilment_state: choice === "refund" ? "refunding" : "withdrawn",
        fulfilment_error: error,
      });
    } else {
      await orders.record(order.id, { sale_checked_at: Date.now() });
    }
    order = (await orders.get(order.id)) ?? order;
  }
  const withdrawn = withdrawnFromSale(order);
  // 0b. Can every file be made? An original not yet uploaded keeps the order waiting for the
  // owner (checked each time: the owner uploads it, then sends the order's message again).
  const missing = withdrawn || order.fulfilment.labOrder ? [] : await missingOriginals(env, order);
  if (missing.length) {
    await orders.record(order.id, {
      fulfilment_state: "owner",
      fulfilment_error: `Waiting for the original of ${missing.join(", ")}: upload it (npm run import -- --originals), then send the order's message to the fulfilment queue again`,
    });
  }
  const held = withdrawn || missing.length > 0;

  // 0c. The shipping the buyer paid for, read from Stripe once: the lab is asked for it, and the
  // owner's e-mail names it (Stripe's event names the rate only by an id of its own).
  if (!withdrawn && order.hasPrints && !order.shippingRate && order.checkoutSession) {
    const shipping = await paidShipping(keys, order.checkoutSession);
    if (shipping) {
      await orders.record(order.id, { shipping_rate: JSON.stringify(shipping) });
      order = { ...order, shippingRate: shipping };
    }
  }

  // 1. The lab's prints, once (the lab's idempotency key makes a repeat the same order).
  let labOrder = order.fulfilment.labOrder;
  let refused: LabRefusal | undefined;
  if (!held && lab && !labOrder && order.lines.some((line) => line.fulfilment === "lab")) {
    try {
      const request = await labRequest(keys, order, origin);
      // Refunded or disputed while the order was being checked: nothing goes to the lab.
      const current = await orders.get(order.id);
      if (current?.status !== "paid" || current.disputedAt !== null) return;
      labOrder = (await lab.submit(request)).labOrderId;
      await orders.record(order.id, { lab_order: labOrder, fulfilment_error: null });
    } catch (error) {
      await orders.record(order.id, { fulfilment_error: `${lab.name}: ${errorText(error)}` });
      // Refused, the order as it is will be refused again: its retries and the park after them
      // take hours, so the owner (told why) and the buyer hear now, and the lab is asked again
      // after (the queue's retries, or the owner's replay once mended).
      if (!(error instanceof LabRefusal)) throw error;
      refused = error;
    }
  }
  if (!held) {
    await orders.record(order.id, { fulfilment_state: stateOf(order, labOrder, Boolean(lab)) });
  }
  // Refunded while the lab was being handed the order: Stripe's webhook found no lab order to
  // stop then, so it is stopped here.
  await stopAtLab(orders, lab, order.id);
  order = (await orders.get(order.id)) ?? order;

  // 2. The owner's copy in the Studio (written again each time: it says where things stand).
  await writeOrderCopy(config, order, origin, deps.copies);
  if (!order.fulfilment.studioWrittenAt) {
    await orders.record(order.id, { studio_written_at: Date.now() });
    // Stripe's news while this first copy was on its way (a refund, a dispute) found no copy to
    // write again: it is written here. Any news after the record above writes it itself.
    const written = order;
    order = (await orders.get(order.id)) ?? order;
    if (
      order.status !== written.status ||
      order.disputedAt !== written.disputedAt ||
      order.refundFailed !== written.refundFailed
    ) {
      await writeOrderCopy(config, order, origin, deps.copies);
    }
  }

  // 3. The e-mails, each once; none for an order refunded or disputed meanwhile (no thanks, no
  // sale).
  if ((order.status !== "paid" && !refundedByFulfilment(order)) || order.disputedAt !== null) {
    return;
  }
  const reference = orderReference(order.id);
  const orderUrl = `${origin}/order/${order.id}`;
  const { site, owner: to } = await siteSettings(config, ctx);
  if (!order.fulfilment.ownerMailedAt || (order.email && !order.fulfilment.buyerMailedAt)) {
    // Two deliveries of this message may run at once (at least once, Queues say): one sends.
    if (!(await orders.claimMails(order.id))) {
      throw new Error("Another attempt is sending the order's e-mails; this one is retried");
    }
    try {
      const current = (await orders.get(order.id)) ?? order;
      if (!current.fulfilment.ownerMailedAt) {
        if (to) {
          await env.CLIENT_MAIL.send(
            ownerEmail(config, current, to, reference, orderUrl, site.title),
          );
          await orders.record(order.id, { owner_mailed_at: Date.now() });
        } else log.warn("A paid order's e-mail to the owner has no address", { order: order.id });
      }
      if (current.email && !current.fulfilment.buyerMailedAt) {
        const words = translator(site.language);
        await env.CLIENT_MAIL.send(
          buyerEmail(config, current, current.email, reference, orderUrl, site.title, words),
        );
        await orders.record(order.id, { buyer_mailed_at: Date.now() });
      }
    } finally {
      await orders.record(order.id, { mails_claimed_at: null });
    }
  }

  // 4. The sale credited to the e-mail whose link its buyer followed in the week before (once).
  if (order.email && order.paidAt) {
    const amount = order.total ?? order.subtotal;
    const sale = { id: order.id, email: order.email, amount, currency: order.currency };
    await salesMails(env.STORE_DB).credit(sale, order.paidAt);
  }
  if (refused) throw refused;
}

/**
 * Parks an order whose every attempt failed (its message came from the dead-letter queue): it
 * stays paid, with its error, marked "parked" in D1 and in the Studio for the owner.
 */
export async function parkOrder(
  env: Env,
  message: FulfilmentMessage,
  deps: Omit<FulfilmentDeps, "galleries"> = {},
) {
  const config = loadConfig(env);
  const orders = d1Orders(env.STORE_DB);
  const order = await orders.get(message.order);
  if (order?.status !== "paid") return;
  await orders.record(order.id, { fulfilment_state: "parked", parked_at: Date.now() });
  const parked = (await orders.get(order.id)) ?? order;
  try {
    await writeOrderCopy(config, parked, parked.fulfilment.origin ?? message.origin, deps.copies);
  } catch (error) {
    log.error("A parked order's Studio copy could not be written", {
      order: order.id,
      error: errorText(error),
    });
  }
}

/**
 * The queue consumer for the fulfilment queue and its dead-letter queue (worker/index.ts hands
 * both here by name). A failed step is retried after STORE_RETRY_SECONDS, doubling each time, at
 * most an hour.
 */
export const fulfilOrders = (
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
  deps: FulfilmentDeps,
): Promise<void> =>
  consume(batch, {
    parse: parseFulfilmentMessage,
    carries: "an order to fulfil",
    names: ({ order }) => ({ order }),
    async handle(message, fields) {
      if (batch.queue === FULFILMENT_DLQ) {
        await parkOrder(env, message, deps);
        log.error(
          "Order parked: every attempt to fulfil it failed; it waits for the owner",
          fields,
        );
      } else {
        await fulfilOrder(env, ctx, message, deps);
        log.info("Order fulfilment handed on", fields);
      }
    },
    failed: "Order fulfilment failed; it will be retried",
    retrySeconds: loadConfig(env).storeRetrySeconds,
  });

// Test support for the store (not a test file): a buyer with a cookie jar, the payments
// stand-in's control API, and Stripe's events delivered to the worker's webhook as Stripe
// delivers them (signed with the endpoint's secret, or however a test asks).
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { type Answer, ORIGIN, request, TEST_TOKEN } from "./harness.ts";

/** A photograph of the demo that is for sale: 2400×1598 (its original), so 8×10 in fits and 12×16 does not. */
export const FOR_SALE = "portfolio/b2i1";
export const FOR_SALE_PAGE = "/portfolio/photo/b2i1";
/** The spaniels: shown, not sold (their photograph says "not for sale"). */
export const NOT_FOR_SALE = "portfolio/b4i2";
/** The elephants, 5640 px wide: every size fits. */
export const LARGE = "portfolio/b5i7";

let buyers = 0;

/**
 * Someone browsing the site: their cookies kept between requests, as a browser keeps them, from
 * an address of their own (CF-Connecting-IP), so that per-visitor limits count each alone.
 */
export class Buyer {
  cookies = new Map<string, string>();

  /** The site's environment (the test bindings by default). */
  readonly env: Env | undefined;
  readonly address: string;

  constructor(siteEnv?: Env, address = `2001:db8:b0:${(++buyers).toString(16)}::1`) {
    this.env = siteEnv;
    this.address = address;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(answer: Answer): Answer {
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      if (/max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
    return answer;
  }

  async get(path: string): Promise<Answer> {
    return this.keep(
      await request(path, {
        headers: { Cookie: this.cookieHeader, "CF-Connecting-IP": this.address },
        ...(this.env ? { env: this.env } : {}),
      }),
    );
  }

  /** Posts a form as the page's form does (`headers`: what a page's script adds, e.g. Accept). */
  async post(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return this.keep(
      await request(path, {
        ...(this.env ? { env: this.env } : {}),
        method: "POST",
        headers: {
          Cookie: this.cookieHeader,
          "CF-Connecting-IP": this.address,
          Origin: ORIGIN,
          "Content-Type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  add(photo: string, product: string, quantity = "1"): Promise<Answer> {
    return this.post("/cart/add", { photo, product, quantity });
  }

  /** Checks out; the Checkout Session's id, from the stand-in's page address. */
  async checkout(): Promise<{ answer: Answer; session: string; order: string }> {
    const answer = await this.post("/cart/checkout", {});
    const location = answer.headers.get("Location") ?? "";
    const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(location)?.[1] ?? "";
    const row = await env.STORE_DB.prepare("SELECT id FROM orders WHERE checkout_session = ?")
      .bind(session)
      .first<{ id: string }>();
    return { answer, session, order: row?.id ?? "" };
  }
}

/** The SDK as the tests read Stripe's side with it (the stand-in, through host/port/protocol). */
export function stripe(): Stripe {
  const url = new URL(env.STRIPE_API_URL);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

export async function control(path: string, body: unknown = {}): Promise<unknown> {
  const res = await fetch(`${env.PAYMENTS_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`payments stand-in ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Pays a session as the hosted page's Pay button does (card, or a bank transfer). */
export const pay = (session: string, payment: "card" | "bank_transfer" = "card") =>
  control(`/_control/checkout/sessions/${session}/complete`, {
    payment,
    address: { line1: "1 Example Street", postal_code: "10115", city: "Berlin", country: "DE" },
  });

export interface RecordedEvent {
  id: string;
  type: string;
  data: { object: { id: string } };
}

/** Every event the stand-in made for `session` (its id, or its payment intent's), oldest first. */
export async function eventsOf(objectIds: string[]): Promise<RecordedEvent[]> {
  const res = await fetch(`${env.PAYMENTS_URL}/_control/events`);
  const records = (await res.json()) as { event: RecordedEvent & Record<string, unknown> }[];
  return records
    .map((record) => record.event)
    .filter((event) => {
      const object = event.data.object as { id: string; payment_intent?: unknown };
      return objectIds.includes(object.id) || objectIds.includes(String(object.payment_intent));
    });
}

/**
 * The buyer's bank disputes the order's payment on the payments stand-in: Stripe's
 * `charge.dispute.created`, not yet delivered, and the dispute's id for its decision.
 */
export const disputeOf = async (order: string) =>
  disputePayment(String((await row(order))?.payment_intent));

/** The bank disputes a payment (a PaymentIntent): its dispute and Stripe's event, not yet delivered. */
export async function disputePayment(paymentIntent: string) {
  const { id } = (await control(`/_control/payment_intents/${paymentIntent}/dispute`)) as {
    id: string;
  };
  const created = (await eventsOf([id])).find((event) => event.type === "charge.dispute.created");
  if (!created) throw new Error("no dispute event");
  return { dispute: id, created };
}

/**
 * The buyer's bank refuses refund `refund` after it was sent (a card closed since), on the
 * payments stand-in: Stripe's `refund.failed`, not yet delivered.
 */
export async function refuseRefund(refund: string) {
  await control(`/_control/refunds/${refund}/fail`, { reason: "expired_or_canceled_card" });
  const failed = (await eventsOf([refund])).find((event) => event.type === "refund.failed");
  if (!failed) throw new Error("no refund.failed event");
  return failed;
}

/** The bank decides the dispute: Stripe's `charge.dispute.closed`, not yet delivered. */
export async function decide(dispute: string, outcome: "won" | "lost" | "prevented") {
  await control(`/_control/disputes/${dispute}/close`, { outcome });
  const closed = (await eventsOf([dispute])).find(
    (event) => event.type === "charge.dispute.closed",
  );
  if (!closed) throw new Error("no closing event");
  return closed;
}

export interface Delivery {
  secret?: string;
  /** Unix seconds the signature names (now by default). */
  timestamp?: number;
  /** Sent without its Stripe-Signature header. */
  unsigned?: boolean;
  /** The body, changed after signing. */
  alter?: (payload: string) => string;
  /** The worker's environment (to catch what it mails, say); the test bindings by default. */
  env?: Env;
}

/** Delivers an event to the worker's webhook as Stripe does: pretty JSON, signed. */
export async function deliver(event: unknown, how: Delivery = {}): Promise<Answer> {
  const payload = JSON.stringify(event, null, 2);
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: how.secret ?? env.STRIPE_WEBHOOK_SECRET,
    timestamp: how.timestamp ?? Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return request("/_app/store/stripe", {
    ...(how.env ? { env: how.env } : {}),
    method: "POST",
    userAgent: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...(how.unsigned ? {} : { "Stripe-Signature": header }),
    },
    body: how.alter ? how.alter(payload) : payload,
  });
}

export async function orderRow(id: string) {
  return env.STORE_DB.prepare("SELECT * FROM orders WHERE id = ?").bind(id).first<{
    status: string;
    subtotal: number;
    total: number | null;
    paid_at: number | null;
    email: string | null;
  }>();
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface LabRecord {
  order: {
    id: string;
    merchantReference: string;
    callbackUrl: string | null;
    shippingMethod: string;
    status: { stage: string; issues: { description: string }[] };
    items: {
      sku: string;
      copies: number;
      attributes?: Record<string, string>;
      assets: { url: string }[];
    }[];
  };
}

/** The lab stand-in's orders for our order `reference`. */
export async function labOrders(reference: string): Promise<LabRecord[]> {
  const res = await fetch(`${env.LAB_URL}/_control/orders`);
  const { orders } = (await res.json()) as { orders: LabRecord[] };
  return orders.filter((record) => record.order.merchantReference === reference);
}

export async function labControl(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${env.LAB_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`lab stand-in ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const row = (id: string) =>
  env.STORE_DB.prepare("SELECT * FROM orders WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();

/**
 * Waits until the order's fulfilment has run (the buyer's e-mail and the Studio copy recorded),
 * then a little longer, so that a repeated delivery of the same payment has had the time to do
 * its own work: what a test then finds done once was not done twice.
 */
export async function fulfilled(id: string): Promise<Record<string, unknown> | null> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const current = await row(id);
    // The buyer's e-mail and the Studio's copy are the last of the work a payment starts.
    if (current?.buyer_mailed_at && current.studio_written_at) break;
    await sleep(100);
  }
  await sleep(1_500);
  return row(id);
}

/** The order's copy in the Studio, as the content service has it. */
export const studioCopy = (id: string) => studioDocument(`order.${id}`);

/** A document the site wrote in the Studio (an order's, a booking's), as the content service has it. */
export async function studioDocument(id: string): Promise<Record<string, unknown> | undefined> {
  const query = encodeURIComponent(`*[_id == "${id}"][0]`);
  const res = await fetch(
    `${env.SANITY_API_HOST}/v2025-02-19/data/query/production?query=${query}`,
    { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
  );
  return ((await res.json()) as { result?: Record<string, unknown> }).result;
}

/** Writes to the demo content service as the owner does in the Studio (Sanity's mutations). */
export async function studioWrite(...mutations: Record<string, unknown>[]): Promise<void> {
  const res = await fetch(`${env.SANITY_API_HOST}/v2025-02-19/data/mutate/production`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ mutations }),
  });
  if (!res.ok) throw new Error(`the change was refused: ${res.status} ${await res.text()}`);
}

/** Checks out the buyer's cart and pays; the order, once Stripe's event has been delivered. */
export async function checkOutAndPay(buyer: Buyer): Promise<string> {
  const { session, order } = await buyer.checkout();
  await pay(session);
  const [completed] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.completed",
  );
  if (!completed) throw new Error("no event");
  const answer = await deliver(completed);
  if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
  return order;
}

/** A paid order: checked out and paid on the stand-in; its completed event, not yet delivered. */
export async function paidOrder(items: [string, string, string?][]) {
  const buyer = new Buyer();
  for (const [photo, product, quantity] of items) await buyer.add(photo, product, quantity);
  const { session, order } = await buyer.checkout();
  await pay(session);
  const [completed] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.completed",
  );
  if (!completed) throw new Error("no event");
  return { buyer, order, completed };
}

/** A paid order of `items`, handed to the lab: our order, and the lab's. */
export async function atTheLab(items: [string, string][] = [[FOR_SALE, "print:fine-art-8x10"]]) {
  const buyer = new Buyer();
  for (const [photo, product] of items) await buyer.add(photo, product);
  const order = await checkOutAndPay(buyer);
  await fulfilled(order);
  const [lab] = await labOrders(order);
  if (!lab) throw new Error("The lab has no order");
  return { buyer, order, lab };
}

/**
 * Hands the lab the print files the worker serves at the addresses in its order (the lab
 * stand-in cannot reach the worker, which runs in-process).
 */
export async function handFiles(lab: LabRecord) {
  const files: Record<string, { type: string; base64: string }> = {};
  for (const item of lab.order.items) {
    for (const { url } of item.assets) {
      const file = await request(url);
      if (file.status !== 200) throw new Error(`The print file answered ${file.status}: ${url}`);
      let text = "";
      for (const byte of file.bytes) text += String.fromCharCode(byte);
      files[url] = { type: file.headers.get("Content-Type") ?? "", base64: btoa(text) };
    }
  }
  await labControl(`/_control/orders/${lab.order.id}/files`, { files });
}

/** A baseline or progressive JPEG's size, from its start-of-frame segment. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    const length = ((bytes[offset + 2] ?? 0) << 8) | (bytes[offset + 3] ?? 0);
    if (marker >= 0xc0 && marker <= 0xc3) {
      return {
        height: ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0),
        width: ((bytes[offset + 7] ?? 0) << 8) | (bytes[offset + 8] ?? 0),
      };
    }
    offset += 2 + length;
  }
  return undefined;
}

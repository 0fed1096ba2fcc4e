// The store under load, on the stand-ins npm start runs for Stripe and the lab: the first
// checkout since the worker started (it loads the Stripe SDK's chunk) against the next; checkout
// creation (POST /cart/checkout: the cart read from D1, the catalogue, the order written, the
// Checkout Session created with the SDK) from 20 buyers at once; the time from a payment (the
// stand-in sends Stripe's webhook) until the lab has the order (webhook, D1, the queue, its
// consumer); and what the buy page (a photograph's page, which sells) weighs, and that a page
// that sells nothing loads none of the store's script.
import type { RunningSite } from "../scripts/site-server.ts";
import { htmlSizes, moduleAddresses, recordAssets, sizesOf } from "./bytes.ts";
import { percentile } from "./load.ts";
import type { Row } from "./table.ts";
import { nextVisitor } from "./visitors.ts";

const BUY_PAGE = "/portfolio/photo/b2i6";
/** A photograph shown, not sold (the spaniels say "not for sale"). */
const NOTHING_SOLD = "/portfolio/photo/b4i2";
const kib = (bytes: number) => bytes / 1024;

/**
 * A buyer with a cart cookie, from an address of their own (the per-visitor checkout limit is
 * not what is measured): one print in the cart, then checkout; the checkout's time.
 */
async function buyerCheckout(
  siteUrl: string,
): Promise<{ ms: number; session?: string; ok: boolean }> {
  const origin = new URL(siteUrl).origin;
  const headers = {
    Origin: origin,
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": nextVisitor(),
  };
  const added = await fetch(new URL("/cart/add", siteUrl), {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams({
      photo: "portfolio/b2i6",
      product: "print:fine-art-8x10",
      quantity: "1",
    }),
  });
  await added.arrayBuffer();
  const cookie = (added.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const started = performance.now();
  const res = await fetch(new URL("/cart/checkout", siteUrl), {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, Cookie: cookie },
    body: "",
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  const session = /\/c\/pay\/(cs_test_\w+)/.exec(res.headers.get("Location") ?? "")?.[1];
  return { ms, ...(session ? { session } : {}), ok: res.status === 303 && Boolean(session) };
}

export async function storeRows(site: RunningSite, quick: boolean): Promise<Row[]> {
  const section = "store";
  const store = site.store;
  if (!store) throw new Error("The store's benchmark needs its stand-ins (the demo)");
  // One buyer, then another, before anything else of the store ran in this worker: the first
  // loads and compiles the Stripe SDK's chunk, the second has it.
  const first = await buyerCheckout(site.url);
  const second = await buyerCheckout(site.url);
  const buyers = 20;
  const rounds = quick ? 1 : 5;
  process.stderr.write(`bench: store ${buyers} buyers checking out at once, ${rounds} rounds\n`);
  const times: number[] = [];
  let failures = 0;
  const sessions: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all(
      Array.from({ length: buyers }, () =>
        buyerCheckout(site.url).catch(() => ({ ms: Number.NaN, ok: false, session: undefined })),
      ),
    );
    for (const result of results) {
      if (result.ok) times.push(result.ms);
      else failures += 1;
      if (result.session) sessions.push(result.session);
    }
  }
  const sorted = times.sort((a, b) => a - b);

  // Paid, one at a time: from the payment to the lab's order.
  const toLab: number[] = [];
  for (const session of sessions.slice(0, quick ? 1 : 5)) {
    const started = performance.now();
    const paid = await fetch(
      `${store.payments.url}/_control/checkout/sessions/${session}/complete`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          payment: "card",
          address: {
            line1: "1 Example Street",
            postal_code: "10115",
            city: "Berlin",
            country: "DE",
          },
        }),
      },
    );
    await paid.arrayBuffer();
    const read = await fetch(`${store.payments.url}/v1/checkout/sessions/${session}`, {
      headers: { Authorization: `Bearer ${store.vars.STRIPE_SECRET_KEY}` },
    });
    const order = ((await read.json()) as { metadata?: { order?: string } }).metadata?.order;
    for (;;) {
      const res = await fetch(`${store.lab.url}/_control/orders`);
      const { orders } = (await res.json()) as {
        orders: { order: { merchantReference: string } }[];
      };
      if (orders.some((entry) => entry.order.merchantReference === order)) break;
      if (performance.now() - started > 30_000) throw new Error("No lab order after 30 s");
      await new Promise((wait) => setTimeout(wait, 10));
    }
    toLab.push(performance.now() - started);
  }
  toLab.sort((a, b) => a - b);

  const html = await htmlSizes(new URL(BUY_PAGE, site.url).href);
  const [assets, unsold] = await recordAssets([
    new URL(BUY_PAGE, site.url).href,
    new URL(NOTHING_SOLD, site.url).href,
  ]);
  const buyScript = (await moduleAddresses(new URL(BUY_PAGE, site.url).href))?.modules["buy-form"];
  const buyBytes = buyScript
    ? sizesOf(new Uint8Array(await (await fetch(new URL(buyScript, site.url))).arrayBuffer()))
    : undefined;
  return [
    {
      section,
      metric:
        "first checkout since the worker started (loads the Stripe SDK's chunk), then the next",
      value: first.ms,
      unit: "ms",
      digits: 0,
      note: `the next: ${second.ms.toFixed(0)} ms; one buyer each, nothing else at once`,
    },
    {
      section,
      metric: `checkout created (POST /cart/checkout), ${buyers} buyers at once, p50`,
      value: percentile(sorted, 50),
      unit: "ms",
      digits: 1,
      note: `${sorted.length} checkouts in ${rounds} round(s); the cart in D1, the order written, the Checkout Session made with the SDK on the stand-in`,
    },
    {
      section,
      metric: `checkout created, ${buyers} buyers at once, p99`,
      value: percentile(sorted, 99),
      unit: "ms",
      digits: 1,
      budget: { op: "<=", limit: 2000 },
    },
    {
      section,
      metric: "checkouts not answered 303 to Stripe's page",
      value: failures,
      unit: "",
      budget: { op: "=", limit: 0 },
    },
    {
      section,
      metric: "paid → order at the lab (webhook, D1, queue, consumer), median",
      value: percentile(toLab, 50),
      unit: "ms",
      note: `${toLab.length} orders one after another; slowest ${Math.round(toLab.at(-1) ?? 0)} ms`,
    },
    {
      section,
      metric: "buy page (a photograph's page) HTML, gzip",
      value: kib(html.gzip),
      unit: "KiB",
      digits: 1,
      note: `${BUY_PAGE}, with its Buy section; raw ${kib(html.raw).toFixed(1)} KiB`,
    },
    {
      section,
      metric: "buy page JS, gzip",
      value: kib(assets?.js.gzip ?? Number.NaN),
      unit: "KiB",
      digits: 1,
      budget: { op: "<=", limit: 70 },
      note: "the entry every page runs and the Buy form's script (the viewer apart)",
    },
    {
      section,
      metric: "the Buy form's script (Add to cart without a reload), gzip",
      value: kib(buyBytes?.gzip ?? Number.NaN),
      unit: "KiB",
      digits: 2,
      budget: { op: "<=", limit: 2 },
      note: "loaded where a page has a Buy form, or when its button is pressed in the viewer",
    },
    {
      section,
      metric: "a page that sells nothing: the store's scripts it loads",
      value: unsold?.files.filter((file) => file === buyScript).length ?? Number.NaN,
      unit: "",
      budget: { op: "=", limit: 0 },
      note: `${NOTHING_SOLD}, a photograph not for sale`,
    },
  ];
}

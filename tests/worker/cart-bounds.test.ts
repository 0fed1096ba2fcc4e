// A cart's bounds, through the real worker and D1: the lines a cart holds however many adds come
// at once, an e-mail's link into a full cart, how often one visitor may follow such links, and
// the hourly sweep of carts left for 30 days.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SUMMARY_CRON } from "../../worker/insights/index.ts";
import { CART_SECONDS, MAX_LINES } from "../../worker/store/carts.ts";
import { inOneRateWindow, runCron } from "./harness.ts";
import { Buyer, FOR_SALE, LARGE } from "./store.ts";

/** Every product of the demo's catalogue: the elephants (LARGE) have the pixels for each. */
const PRODUCTS = [
  "print:fine-art-8x10",
  "print:fine-art-12x16",
  "print:fine-art-16x20",
  "print:photo-rag-8x10",
  "print:signed-a5",
  "licence:personal",
  "licence:editorial",
  "licence:commercial",
];

/** The cart's id, from the buyer's signed cookie. */
const cartOf = (buyer: Buyer) =>
  decodeURIComponent(buyer.cookies.get("cart") ?? "").split(".")[0] ?? "";

const linesIn = async (cart: string) =>
  (
    await env.STORE_DB.prepare("SELECT COUNT(*) AS n FROM cart_items WHERE cart_id = ?")
      .bind(cart)
      .first<{ n: number }>()
  )?.n ?? 0;

/** A buyer whose cart holds `lines` lines: one added, the rest written straight into D1. */
async function buyerWith(lines: number): Promise<{ buyer: Buyer; cart: string }> {
  const buyer = new Buyer();
  expect((await buyer.add(FOR_SALE, "licence:personal")).status).toBe(303);
  const cart = cartOf(buyer);
  if (lines === 1) return { buyer, cart };
  await env.STORE_DB.batch(
    Array.from({ length: lines - 1 }, (_, i) =>
      env.STORE_DB.prepare(
        "INSERT INTO cart_items (cart_id, photo, kind, product, quantity, added_at) VALUES (?, ?, 'licence', 'personal', 1, ?)",
      ).bind(cart, `portfolio/filler${i}`, Date.now()),
    ),
  );
  return { buyer, cart };
}

/** An order of another buyer's, checked out and not paid: what a reminder's link names. */
async function unpaidOrder(): Promise<string> {
  const other = new Buyer();
  await other.add(LARGE, "print:fine-art-8x10");
  return (await other.checkout()).order;
}

describe("a cart", () => {
  it("refuses a form too large to read as too large, and a body that is no form as a bad request", async () => {
    const buyer = new Buyer();
    const huge = { photo: FOR_SALE, product: "licence:personal", note: "x".repeat(64 * 1024) };
    for (const path of ["/cart/add", "/cart"]) {
      const flood = await buyer.post(path, huge);
      expect(flood.status, path).toBe(413);
      expect(flood.body, path).toContain("What was sent is too large to be read.");
    }
    const json = await buyer.post("/cart/add", {}, { "Content-Type": "application/json" });
    expect(json.status).toBe(400);
  });

  it(`holds at most ${MAX_LINES} lines, however many adds come at once`, async () => {
    const { buyer, cart } = await buyerWith(MAX_LINES - 2);
    const answers = await Promise.all(PRODUCTS.map((product) => buyer.add(LARGE, product)));
    expect(await linesIn(cart)).toBe(MAX_LINES);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([303, 303, ...Array(PRODUCTS.length - 2).fill(409)]);
  });

  it("put back from an e-mail's link into a full cart keeps what fits and says it is full", async () => {
    const order = await unpaidOrder();
    const { buyer, cart } = await buyerWith(MAX_LINES);
    const back = await buyer.get(`/cart/again/${order}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toMatch(/\/cart\?notice=full$/);
    expect(await linesIn(cart)).toBe(MAX_LINES);
    const page = await buyer.get("/cart?notice=full");
    expect(page.status).toBe(200);
    expect(page.body).toContain(`A cart holds at most ${MAX_LINES} different items.`);
  });

  it("is put back from e-mails' links 10 times a minute per visitor, an IPv6 one by their network", async () => {
    const order = await unpaidOrder();
    const network = `2001:db8:a9:${(Date.now() % 0xffff).toString(16)}`;
    await inOneRateWindow(5_000);
    const statuses = [];
    for (let i = 1; i <= 11; i++) {
      statuses.push(
        (await new Buyer(undefined, `${network}::${i}`).get(`/cart/again/${order}`)).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(303), 429]);
  });

  it("left untouched for 30 days is removed by the hourly run, its lines with it", async () => {
    const { cart: old } = await buyerWith(3);
    const { cart: kept } = await buyerWith(1);
    const now = Date.now();
    await env.STORE_DB.prepare("UPDATE carts SET updated_at = ? WHERE id = ?")
      .bind(now - CART_SECONDS * 1000 - 1000, old)
      .run();
    await runCron(SUMMARY_CRON, { at: now });
    const cartRow = (id: string) =>
      env.STORE_DB.prepare("SELECT id FROM carts WHERE id = ?").bind(id).first();
    expect(await cartRow(old)).toBeNull();
    expect(await linesIn(old)).toBe(0);
    expect(await cartRow(kept)).not.toBeNull();
    expect(await linesIn(kept)).toBe(1);
  });
});

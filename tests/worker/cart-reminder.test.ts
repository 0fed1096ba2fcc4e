// A cart left behind: the buyer who asked is written to once, at a sensible hour of their day,
// with their cart and a code of their own that Stripe takes off once; the click and the sale are
// counted; an unsubscribe holds for every later e-mail. Through the real D1, the payments
// stand-in (Stripe's wire format), the webhook and the Cron Trigger's handler with its clock
// moved on.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CLAIM_MS, MAX_ATTEMPTS } from "../../worker/sales-mail/ledger.ts";
import { mailbox } from "./bookings.ts";
import { BOT_UA, captureLogs, ORIGIN, request } from "./harness.ts";
import { HOUR, mailsTo, nextHour, scheduleAt } from "./sales-mail.ts";
import {
  Buyer,
  control,
  deliver,
  eventsOf,
  FOR_SALE,
  fulfilled,
  pay,
  stripe,
  studioWrite,
} from "./store.ts";

let buyers = 0;
const newAddress = () => `left-${Date.now()}-${++buyers}@example.com`;

/**
 * A buyer who puts a print in their cart, checks out giving `email` (from Madrid) on the site in
 * the language of `prefix` ("" for the site's own, "/de"), and leaves: the session expires and
 * Stripe's event reaches the webhook.
 */
async function leaveCart(email: string | undefined, prefix = "") {
  const buyer = new Buyer();
  expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
  const answer = await request(`${prefix}/cart/checkout`, {
    method: "POST",
    cf: { timezone: "Europe/Madrid" },
    headers: {
      Cookie: buyer.cookieHeader,
      "CF-Connecting-IP": buyer.address,
      Origin: ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(email === undefined ? {} : { email }).toString(),
  });
  const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(
    answer.headers.get("Location") ?? "",
  )?.[1];
  if (!session) throw new Error(`no checkout: ${answer.status}`);
  await stripe().checkout.sessions.expire(session);
  const [expired] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.expired",
  );
  expect((await deliver(expired)).status).toBe(200);
  const row = await env.STORE_DB.prepare("SELECT id FROM orders WHERE checkout_session = ?")
    .bind(session)
    .first<{ id: string }>();
  return { buyer, session, order: row?.id ?? "" };
}

/** The session a checkout answer sends the buyer to, expired as Stripe's hour passing does. */
async function expireFrom(answer: { headers: Headers }) {
  const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(
    answer.headers.get("Location") ?? "",
  )?.[1];
  if (!session) throw new Error("no checkout");
  await stripe()
    .checkout.sessions.expire(session)
    .catch(() => undefined);
  const [expired] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.expired",
  );
  expect((await deliver(expired)).status).toBe(200);
  return session;
}

/**
 * A cart checked out giving `email`, then changed: its next checkout, with no e-mail given, is
 * paid, and the first session expires (its e-mail planned, but not to be sent).
 */
async function leaveCartBoughtAfterAll(email: string) {
  const buyer = new Buyer();
  expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
  const left = await buyer.post("/cart/checkout", { email }, {});
  expect((await buyer.add(FOR_SALE, "print:photo-rag-8x10")).status).toBe(303);
  const { session } = await buyer.checkout();
  await pay(session);
  const [completed] = (await eventsOf([session])).filter(
    (event) => event.type === "checkout.session.completed",
  );
  expect((await deliver(completed)).status).toBe(200);
  await expireFrom(left);
}

/** The link of a sent e-mail's text that leads to the cart, and the code it names. */
function linkOf(text: string) {
  const link = /http:\/\/localhost\/m\/[A-Za-z0-9_-]{22}\/\d+/.exec(text)?.[0] ?? "";
  const code = /\bBACK[A-Z0-9]{8}\b/.exec(text)?.[0] ?? "";
  return { link: link.replace(ORIGIN, ""), code };
}

describe("a cart left behind", () => {
  it("is sent once to the buyer who asked, a day later at a sensible hour of their clock, with their cart and their own code", async () => {
    const address = newAddress();
    const { order } = await leaveCart(address);
    const [planned] = await mailsTo(address);
    expect(planned).toMatchObject({ status: "due", time_zone: "Europe/Madrid", language: "en" });
    const due = planned?.due_at ?? 0;
    // A day after they left, not before.
    expect(due).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(await scheduleAt(Date.now(), address)).toEqual([]);
    // Due, but 03:00 in Madrid: it waits for 09:00 there, out of the way of the e-mails behind it.
    const night = nextHour(due, "Europe/Madrid", 3);
    expect(await scheduleAt(night, address)).toEqual([]);
    const waiting = (await mailsTo(address))[0];
    expect(waiting?.status).toBe("due");
    expect(waiting?.due_at).toBe(nextHour(night, "Europe/Madrid", 9) - 5 * 60 * 1000);
    // 10:00 in Madrid: sent, once.
    const at = nextHour(night, "Europe/Madrid", 10);
    const [sent, ...more] = await scheduleAt(at, address);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      to: address,
      subject: "Your cart at Jane Doe Photography is waiting for you",
    });
    const mailId = (await mailsTo(address))[0]?.id ?? "";
    expect(sent?.headers).toEqual({
      "List-Unsubscribe": `<${ORIGIN}/unsubscribe/${mailId}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Sales-Mail": "cart",
    });
    const text = String(sent?.text);
    expect(text).toContain("Fine art print, 8×10 in");
    expect(text).toContain("10%");
    const { link, code } = linkOf(text);
    expect(link).toBe(`/m/${mailId}/0`);
    expect(code).toMatch(/^BACK/);
    // Stripe has the code: one use, ending a day after it was sent.
    const promotion = (await stripe().promotionCodes.list({ code })).data[0];
    expect(promotion).toMatchObject({ active: true, max_redemptions: 1, times_redeemed: 0 });
    expect(promotion?.expires_at).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(await scheduleAt(at + 10 * 60 * 1000, address)).toEqual([]);
    expect(await scheduleAt(at + 3 * 24 * HOUR, address)).toEqual([]);
    expect((await mailsTo(address))[0]?.status).toBe("sent");
    expect(order).not.toBe("");
  });

  it("brings the cart back with its code, which Stripe takes off once, and credits the sale to the e-mail", async () => {
    const address = newAddress();
    const { order } = await leaveCart(address);
    const due = (await mailsTo(address))[0]?.due_at ?? 0;
    const [sent] = await scheduleAt(nextHour(due, "Europe/Madrid", 11), address);
    const { link, code } = linkOf(String(sent?.text));
    const mailId = (await mailsTo(address))[0]?.id ?? "";

    // A mail scanner following the link (by its name, or with none), a HEAD asking about it and
    // a browser's prefetch are led on but not counted; the buyer is.
    expect((await request(link, { userAgent: BOT_UA })).status).toBe(303);
    expect((await request(link, { userAgent: "" })).status).toBe(303);
    expect((await request(link, { method: "HEAD" })).status).toBe(303);
    expect((await request(link, { headers: { "Sec-Purpose": "prefetch" } })).status).toBe(303);
    const again = new Buyer();
    const click = await again.get(link);
    expect(click.status).toBe(303);
    expect(click.headers.get("Location")).toBe(`${ORIGIN}/cart/again/${order}?code=${code}`);
    expect((await mailsTo(address))[0]?.clicks).toBe(1);
    const back = await again.get(`/cart/again/${order}?code=${code}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/cart?notice=code");
    const cart = await again.get("/cart?notice=code");
    expect(cart.body).toContain("your code is taken off at checkout");
    expect(cart.body).toContain("Fine art print, 8×10 in");

    // A second visitor with the same link: the code is in their cart too, but used only once.
    const other = new Buyer();
    await other.get(`/cart/again/${order}?code=${code}`);

    const { session, order: paidOrder } = await again.checkout();
    const checkout = await stripe().checkout.sessions.retrieve(session);
    expect(checkout.discounts?.[0]?.promotion_code).toBe(
      (await stripe().promotionCodes.list({ code })).data[0]?.id,
    );
    expect(checkout.total_details?.amount_discount).toBe(
      Math.round((checkout.amount_subtotal ?? 0) / 10),
    );
    // They pay with the address the e-mail went to (Stripe's page asks for it).
    await control(`/_control/checkout/sessions/${session}/complete`, {
      email: address,
      address: { line1: "1 Calle Mayor", postal_code: "28013", city: "Madrid", country: "ES" },
    });
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    expect((await deliver(completed, { env: mailbox().env })).status).toBe(200);
    const row = await fulfilled(paidOrder);
    expect(row).toMatchObject({
      status: "paid",
      discount: checkout.total_details?.amount_discount,
    });
    // Paid within a week of the click, by the address the e-mail went to: credited to it, once.
    const credit = await env.STORE_DB.prepare("SELECT * FROM sales_mail_orders WHERE order_id = ?")
      .bind(paidOrder)
      .first();
    expect(credit).toMatchObject({ mail_id: mailId, amount: checkout.amount_total });

    // The code is used: the other visitor's checkout goes on without it, and says so.
    const refused = await other.post("/cart/checkout", {});
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/cart?notice=code-ended");
    expect((await other.get("/cart?notice=code-ended")).body).toContain(
      "its code has ended or was used",
    );
    const plain = await other.checkout();
    const without = await stripe().checkout.sessions.retrieve(plain.session);
    expect(without.discounts ?? []).toEqual([]);
    // No code field on Stripe's page: codes are taken on the cart page only.
    expect(without.allow_promotion_codes).not.toBe(true);
  });

  it("opens with the owner's words in the buyer's language, and with the default in a language they wrote none in", async () => {
    // One buyer at a time: the schedule's run sends every e-mail due, another buyer's too.
    const leftAndSent = async (prefix: string) => {
      const address = newAddress();
      await leaveCart(address, prefix);
      const due = (await mailsTo(address))[0]?.due_at ?? 0;
      const [sent] = await scheduleAt(nextHour(due, "Europe/Madrid", 11), address);
      return String(sent?.text);
    };
    // Written in the Studio just now: a reminder planned after it says them (no publish webhook
    // in this test's site, so only a read past the content cache has them).
    const ownerWords = (translations: { language: string; value: string }[]) =>
      studioWrite({
        patch: {
          id: "storeSettings",
          set: {
            "cartReminder.message": "I kept your prints aside: they are yours whenever you like.",
            "cartReminder.messageTranslations": translations.map((item) => ({
              _key: item.language,
              _type: "internationalizedArrayTextValue",
              ...item,
            })),
          },
        },
      });
    await ownerWords([]);
    try {
      expect(await leftAndSent("")).toMatch(
        /^I kept your prints aside: they are yours whenever you like\.\n\n.*Fine art print/s,
      );
      expect(await leftAndSent("/de")).toMatch(
        /^Guten Tag, diese Stücke liegen noch in Ihrem Warenkorb/,
      );
      await ownerWords([{ language: "de", value: "Ich habe Ihre Abzüge für Sie zurückgelegt." }]);
      expect(await leftAndSent("/de")).toMatch(/^Ich habe Ihre Abzüge für Sie zurückgelegt\.\n\n/);
    } finally {
      await studioWrite({
        patch: {
          id: "storeSettings",
          unset: ["cartReminder.message", "cartReminder.messageTranslations"],
        },
      });
    }
  });

  it("is not planned for a buyer who did not ask, nor when the address is not one", async () => {
    const before = await env.STORE_DB.prepare("SELECT COUNT(*) AS n FROM sales_mails").first<{
      n: number;
    }>();
    await leaveCart(undefined);
    await leaveCart("not an address");
    const after = await env.STORE_DB.prepare("SELECT COUNT(*) AS n FROM sales_mails").first<{
      n: number;
    }>();
    expect(after?.n).toBe(before?.n);
  });

  it("is not sent when the cart was bought after all, and its address is then forgotten", async () => {
    const address = newAddress();
    const { order } = await leaveCart(address);
    await env.STORE_DB.prepare("UPDATE orders SET status = 'paid', paid_at = ? WHERE id = ?")
      .bind(Date.now(), order)
      .run();
    const [planned] = await mailsTo(address);
    const at = nextHour(planned?.due_at ?? 0, "Europe/Madrid", 12);
    expect(await scheduleAt(at, address)).toEqual([]);
    expect((await mailsTo(address))[0]?.status).toBe("skipped");
    // A day on, a run keeps the e-mail's count, not its address.
    await scheduleAt(at + 25 * HOUR, address);
    expect(await mailsTo(address)).toEqual([]);
    const kept = await env.STORE_DB.prepare("SELECT address, status FROM sales_mails WHERE id = ?")
      .bind(planned?.id)
      .first();
    expect(kept).toEqual({ address: `forgotten:${planned?.id}`, status: "skipped" });
  });

  it("sent, keeps its address, words and last click only as long as the insights are kept", async () => {
    const address = newAddress();
    await leaveCart(address);
    const [sent] = await mailsTo(address);
    expect(
      await scheduleAt(nextHour(sent?.due_at ?? 0, "Europe/Madrid", 12), address),
    ).toHaveLength(1);
    // Made older, rather than the clock moved on: a run a year ahead would take every other
    // file's e-mails due by then.
    const sentAgo = (days: number) =>
      env.STORE_DB.prepare(
        "UPDATE sales_mails SET due_at = ?2, sent_at = ?2, last_click_at = ?2 + ?3 WHERE id = ?1",
      )
        .bind(sent?.id, Date.now() - days * 24 * HOUR, HOUR)
        .run();
    // A year on, it is still the address's: its unsubscribe link works.
    await sentAgo(365);
    await scheduleAt(Date.now(), address);
    expect(await mailsTo(address)).toHaveLength(1);
    // 400 days on (INSIGHTS_KEEP_DAYS), only its counts are left, and its link is nobody's.
    await sentAgo(401);
    await scheduleAt(Date.now(), address);
    expect(await mailsTo(address)).toEqual([]);
    const kept = await env.STORE_DB.prepare(
      "SELECT address, mailbox, data, last_click_at, status FROM sales_mails WHERE id = ?",
    )
      .bind(sent?.id)
      .first();
    expect(kept).toEqual({
      address: `forgotten:${sent?.id}`,
      mailbox: `forgotten:${sent?.id}`,
      data: "{}",
      last_click_at: null,
      status: "sent",
    });
    expect((await request(`/unsubscribe/${sent?.id}`)).status).toBe(404);
  });

  it("is tried again minutes apart, longer each time, when the e-mail service fails: not five times in one run", async () => {
    const address = newAddress();
    await leaveCart(address);
    const [planned] = await mailsTo(address);
    const at = nextHour(planned?.due_at ?? 0, "Europe/Madrid", 12);
    expect(await scheduleAt(at, address, { mailFails: true })).toEqual([]);
    expect(await mailsTo(address)).toMatchObject([
      { status: "due", attempts: 1, due_at: at + 10 * 60_000 },
    ]);
    // The runs of the next minutes leave it; the one after its time tries it, and waits longer.
    expect(await scheduleAt(at + 5 * 60_000, address, { mailFails: true })).toEqual([]);
    expect((await mailsTo(address))[0]?.attempts).toBe(1);
    await scheduleAt(at + 10 * 60_000, address, { mailFails: true });
    expect(await mailsTo(address)).toMatchObject([
      { status: "due", attempts: 2, due_at: at + 30 * 60_000 },
    ]);
    const [sent] = await scheduleAt(at + 30 * 60_000, address);
    expect((await mailsTo(address))[0]?.status).toBe("sent");
    // Its code was made at the first try: the e-mail says the end the code has at Stripe.
    const { code } = linkOf(String(sent?.text));
    const [made] = (await stripe().promotionCodes.list({ code, limit: 1 })).data;
    const until = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      timeZone: "Europe/Madrid",
    }).format((made?.expires_at ?? 0) * 1000);
    expect(String(sent?.text)).toMatch(new RegExp(`, until [^;]*\\b${until};`));
  });

  it("is sent once though recording it failed a moment after it went", async () => {
    const address = newAddress();
    await leaveCart(address);
    const [planned] = await mailsTo(address);
    const at = nextHour(planned?.due_at ?? 0, "Europe/Madrid", 12);
    expect(await scheduleAt(at, address, { recordFails: 1 })).toHaveLength(1);
    expect(await mailsTo(address)).toMatchObject([{ status: "sent", attempts: 1 }]);
    expect(await scheduleAt(at + 30 * 60_000, address)).toEqual([]);
  });

  it("is sent by a later run when the run that took it was cut off, and not tried after its last", async () => {
    const address = newAddress();
    await leaveCart(address);
    const [planned] = await mailsTo(address);
    const at = nextHour(planned?.due_at ?? 0, "Europe/Madrid", 12);
    // Taken by a run at `at` that never finished (a deploy, a limit), as the ledger takes one.
    const cutOff = (id: string | undefined, attempts: number) =>
      env.STORE_DB.prepare(
        "UPDATE sales_mails SET status = 'sending', attempts = ?, due_at = ? WHERE id = ?",
      )
        .bind(attempts, at + CLAIM_MS, id)
        .run();
    await cutOff(planned?.id, 1);
    expect(await scheduleAt(at + 5 * 60_000, address)).toEqual([]);
    expect(await scheduleAt(at + CLAIM_MS, address)).toHaveLength(1);
    expect((await mailsTo(address))[0]).toMatchObject({ status: "sent", attempts: 2 });
    // Cut off on its last try: not tried again. It may have gone before the cut: a day on, its
    // one-click link still unsubscribes the address.
    const other = newAddress();
    await leaveCart(other);
    const [last] = await mailsTo(other);
    await cutOff(last?.id, MAX_ATTEMPTS);
    expect(await scheduleAt(at + CLAIM_MS + 24 * HOUR + 60_000, other)).toEqual([]);
    const done = await request(`/unsubscribe/${last?.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    await leaveCart(other);
    expect((await mailsTo(other)).map((mail) => mail.id)).toEqual([last?.id]);
  });

  it("is not sent when the buyer ordered since and pays by bank transfer", async () => {
    const address = newAddress();
    await leaveCart(address);
    // Another cart of theirs, checked out later, waits for their transfer.
    const { order } = await leaveCart(undefined);
    await env.STORE_DB.prepare(
      "UPDATE orders SET status = 'awaiting_payment', email = ?, created_at = ? WHERE id = ?",
    )
      .bind(address, Date.now() + 1, order)
      .run();
    const due = (await mailsTo(address))[0]?.due_at ?? 0;
    expect(await scheduleAt(nextHour(due, "Europe/Madrid", 12), address)).toEqual([]);
    expect((await mailsTo(address))[0]?.status).toBe("skipped");
  });

  it("is one a week at most to an address, however many carts left name it", async () => {
    const address = newAddress();
    for (let cart = 0; cart < 3; cart++) await leaveCart(address);
    // Each cart's is planned; the first due is sent, and the others are not, that week.
    const due = Math.max(...(await mailsTo(address)).map((mail) => mail.due_at));
    expect(await scheduleAt(nextHour(due, "Europe/Madrid", 12), address)).toHaveLength(1);
    expect((await mailsTo(address)).map((mail) => mail.status)).toEqual([
      "sent",
      "skipped",
      "skipped",
    ]);
  });

  it("is one a week at most to a mailbox, however its address is spelled", async () => {
    const name = `left${Date.now()}${++buyers}`;
    const spellings = [`${name}+shop@example.com`, `${name.toUpperCase()}+b@example.com`];
    for (const address of [...spellings, `${name}@example.com`]) await leaveCart(address);
    const planned = async () =>
      (
        await env.STORE_DB.prepare(
          "SELECT address, status, due_at FROM sales_mails WHERE mailbox = ? ORDER BY rowid",
        )
          .bind(`${name}@example.com`)
          .all<{ address: string; status: string; due_at: number }>()
      ).results;
    const due = Math.max(...(await planned()).map((mail) => mail.due_at));
    // The first spelling's, sent to the address as it was given.
    const [sent, ...more] = await scheduleAt(
      nextHour(due, "Europe/Madrid", 12),
      spellings[0] ?? "",
    );
    expect(sent?.to).toBe(spellings[0]);
    expect(more).toEqual([]);
    expect((await planned()).map((mail) => mail.status)).toEqual(["sent", "skipped", "skipped"]);
  });

  it("is sent for a mailbox's other cart when the first cart's was not, its cart bought after all", async () => {
    const address = newAddress();
    await leaveCartBoughtAfterAll(address);
    // Another cart, left by the same address the same day.
    await leaveCart(address);
    const due = Math.max(...(await mailsTo(address)).map((mail) => mail.due_at));
    expect(await scheduleAt(nextHour(due, "Europe/Madrid", 12), address)).toHaveLength(1);
    expect((await mailsTo(address)).map((mail) => mail.status)).toEqual(["skipped", "sent"]);
  });

  it("is one per cart, about its last checkout, when the site replaced one the cart outgrew", async () => {
    const address = newAddress();
    const buyer = new Buyer();
    const checkout = () =>
      buyer.post("/cart/checkout", { email: address }, {}).then((answer) => answer);
    expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
    const first = await checkout();
    expect((await buyer.add(FOR_SALE, "print:photo-rag-8x10")).status).toBe(303);
    // The cart changed: the site expires the first page and makes another, which is left too.
    const second = await checkout();
    await expireFrom(first);
    const left = await expireFrom(second);
    const planned = await env.STORE_DB.prepare("SELECT data FROM sales_mails WHERE address = ?")
      .bind(address)
      .all<{ data: string }>();
    const lastOrder = await env.STORE_DB.prepare("SELECT id FROM orders WHERE checkout_session = ?")
      .bind(left)
      .first<{ id: string }>();
    expect(planned.results.map((row) => JSON.parse(row.data).order)).toEqual([lastOrder?.id]);
  });

  it("is one per cart, to the address its last checkout named: a cart names no one else", async () => {
    const [first, last] = [newAddress(), newAddress()];
    const buyer = new Buyer();
    expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
    const earlier = await buyer.post("/cart/checkout", { email: first }, {});
    expect((await buyer.add(FOR_SALE, "print:photo-rag-8x10")).status).toBe(303);
    const later = await buyer.post("/cart/checkout", { email: last }, {});
    await expireFrom(earlier);
    await expireFrom(later);
    expect(await mailsTo(first)).toEqual([]);
    expect((await mailsTo(last)).map((mail) => mail.status)).toEqual(["due"]);
  });

  it.each([
    ["as they happened", false],
    ["the earlier told last (its delivery retried)", true],
  ])(
    "goes to the address the buyer mended on the way back from Stripe's page, never the one first typed: the checkouts' ends told %s",
    async (_, reversed) => {
      const [misspelt, mended] = [newAddress(), newAddress()];
      const buyer = new Buyer();
      expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
      const first = await buyer.post("/cart/checkout", { email: misspelt }, {});
      // The same cart, the address mended: a checkout of its own, named for it.
      const second = await buyer.post("/cart/checkout", { email: mended }, {});
      expect(second.headers.get("Location")).not.toBe(first.headers.get("Location"));
      for (const checkout of reversed ? [second, first] : [first, second])
        await expireFrom(checkout);
      expect(await mailsTo(misspelt)).toEqual([]);
      expect((await mailsTo(mended)).map((mail) => mail.status)).toEqual(["due"]);
      // The same address again is the same checkout.
      const again = await buyer.post("/cart/checkout", { email: mended }, {});
      const third = await buyer.post("/cart/checkout", { email: mended }, {});
      expect(third.headers.get("Location")).toBe(again.headers.get("Location"));
    },
  );

  it.each([
    ["as they happened", false],
    ["the earlier told last (its delivery retried)", true],
  ])(
    "is not planned when the cart's last checkout named no one, the address cleared: the checkouts' ends told %s",
    async (_, reversed) => {
      const address = newAddress();
      const buyer = new Buyer();
      expect((await buyer.add(FOR_SALE, "print:fine-art-8x10")).status).toBe(303);
      const named = await buyer.post("/cart/checkout", { email: address }, {});
      expect((await buyer.add(FOR_SALE, "print:photo-rag-8x10")).status).toBe(303);
      const unnamed = await buyer.post("/cart/checkout", {}, {});
      for (const checkout of reversed ? [unnamed, named] : [named, unnamed])
        await expireFrom(checkout);
      expect(await mailsTo(address)).toEqual([]);
    },
  );

  it("is not sent when the cart's later checkout was paid, whatever address paid it", async () => {
    const address = newAddress();
    await leaveCartBoughtAfterAll(address);
    const [planned] = await mailsTo(address);
    expect(await scheduleAt(nextHour(planned?.due_at ?? 0, "Europe/Madrid", 12), address)).toEqual(
      [],
    );
    expect((await mailsTo(address))[0]?.status).toBe("skipped");
  });
});

describe("unsubscribing", () => {
  it("takes one click from the mail client (RFC 8058), and holds for every later e-mail to that address", async () => {
    const address = newAddress();
    await leaveCart(address);
    const first = (await mailsTo(address))[0];
    const page = await request(`/unsubscribe/${first?.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // The address, masked: the page is anyone's who has the link.
    expect(page.body).toContain("l•••@example.com");
    expect(page.body).not.toContain(address);
    // The mail client's POST: no Origin, no cookie, the one-click body.
    const done = await request(`/unsubscribe/${first?.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain("gets no more of these e-mails");
    // This e-mail is not sent, and a later cart's (the address in capitals) is never planned.
    await env.STORE_DB.prepare("UPDATE sales_mails SET due_at = 0 WHERE id = ?")
      .bind(first?.id)
      .run();
    await leaveCart(address.toUpperCase());
    const planned = await mailsTo(address);
    expect(planned.map((mail) => mail.id)).toEqual([first?.id]);
    expect(await scheduleAt(nextHour(Date.now(), "Europe/Madrid", 10), address)).toEqual([]);
    expect((await mailsTo(address)).map((mail) => mail.status)).toEqual(["skipped"]);
  });

  it("asks in the language the e-mail was written in", async () => {
    const address = newAddress();
    await leaveCart(address, "/de");
    const [mail] = await mailsTo(address);
    expect(mail?.language).toBe("de");
    const page = await request(`/unsubscribe/${mail?.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="de"');
    expect(page.body).toContain("Keine solchen E-Mails mehr?");
    expect(page.body).toContain(">Abmelden</button>");
  });

  it("holds for every spelling of the mailbox: a +tag, and dots at Gmail", async () => {
    const name = `left.${Date.now()}.${++buyers}`;
    await leaveCart(`${name}+first@gmail.com`);
    const [first] = await mailsTo(`${name}+first@gmail.com`);
    const done = await request(`/unsubscribe/${first?.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    await env.STORE_DB.prepare("UPDATE sales_mails SET due_at = 0 WHERE id = ?")
      .bind(first?.id)
      .run();
    const other = `${name.replaceAll(".", "")}+second@googlemail.com`;
    await leaveCart(other);
    expect(await mailsTo(other)).toEqual([]);
  });

  it("answers a link that is no e-mail's with a 404, and a made-up click with a 404", async () => {
    const nobody = "A".repeat(22);
    expect((await request(`/unsubscribe/${nobody}`)).status).toBe(404);
    const post = await request(`/unsubscribe/${nobody}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(404);
    expect((await request(`/m/${nobody}/0`)).status).toBe(404);
    // A planned e-mail not sent yet has no links to follow.
    const address = newAddress();
    await leaveCart(address);
    expect((await request(`/m/${(await mailsTo(address))[0]?.id}/0`)).status).toBe(404);
  });

  it("puts back no cart for an order that is not there, and takes no code Stripe does not know", async () => {
    const buyer = new Buyer();
    const none = await buyer.get(`/cart/again/${"x".repeat(32)}`);
    expect(none.status).toBe(303);
    expect(none.headers.get("Location")).toBe("/cart");
    const { order } = await leaveCart(undefined);
    const made = await buyer.get(`/cart/again/${order}?code=BACKMADEUP1`);
    expect(made.headers.get("Location")).toBe("/cart?notice=code-ended");
    const odd = await buyer.get(`/cart/again/${order}?code=%3Cscript%3E`);
    expect(odd.headers.get("Location")).toBe("/cart?notice=back");
  });

  it("puts the cart back, its code to be checked at checkout, while Stripe cannot be reached", async () => {
    const { order } = await leaveCart(undefined);
    captureLogs();
    const buyer = new Buyer({ ...env, STRIPE_API_URL: "http://127.0.0.1:9" });
    const back = await buyer.get(`/cart/again/${order}?code=BACKLATER10`);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/cart?notice=back");
    const cart = await buyer.get("/cart?notice=back");
    expect(cart.body).toContain("Fine art print, 8×10 in");
  });
});

describe("the sales e-mails' run", () => {
  it("looks at 100 e-mails at most, within D1's 1,000 queries a run; the rest wait for the next", async () => {
    // 130 e-mails due since long ago (before any other test's), of a kind nobody writes: each
    // looked at is skipped.
    const ids = Array.from({ length: 130 }, () => crypto.randomUUID());
    await env.STORE_DB.batch(
      ids.map((id, i) =>
        env.STORE_DB.prepare(
          `INSERT INTO sales_mails (id, kind, occasion, address, language, origin, due_at, data, status)
           VALUES (?, 'unknown', ?, ?, 'en', ?, ?, '{}', 'due')`,
        ).bind(id, id, `${id}@example.com`, ORIGIN, 1 + i),
      ),
    );
    const statuses = async () =>
      (
        await env.STORE_DB.prepare(
          "SELECT status, COUNT(*) AS count FROM sales_mails WHERE kind = 'unknown' GROUP BY status ORDER BY status",
        ).all<{ status: string; count: number }>()
      ).results;
    const at = nextHour(Date.now(), "UTC", 12);
    await scheduleAt(at, "nobody@example.com");
    // (Another test's e-mail due as long ago may be among the 100.)
    const [due, skipped] = await statuses();
    expect(due?.status).toBe("due");
    expect(due?.count).toBeGreaterThanOrEqual(30);
    expect(skipped).toEqual({ status: "skipped", count: 130 - (due?.count ?? 0) });
    await scheduleAt(at + 5 * 60_000, "nobody@example.com");
    expect(await statuses()).toEqual([{ status: "skipped", count: 130 }]);
  });
});

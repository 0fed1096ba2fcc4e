// Insights' page views through the real worker: counted at the entrance (a page Workers Cache
// answered too), through the real queue and its consumer into D1, a batch at a time; nobody's
// visit (a crawler, a prefetch, a HEAD, a page not found) never counted; nothing of the visitor
// kept; old days deleted.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import {
  INSIGHTS_QUEUE,
  MAX_REFERRERS_A_DAY,
  OTHER_SITES,
  pruneInsights,
  SUMMARY_CRON,
  SUMMARY_ID,
  summarizeWhenDue,
} from "../../worker/insights/index.ts";
import { previewCookie } from "../../worker/preview/cookie.ts";
import { BOT_UA, ORIGIN, POST_PATH, request, runCron } from "./harness.ts";
import { Buyer, deliver, eventsOf, FOR_SALE, pay, studioDocument } from "./store.ts";

const today = () => new Date().toISOString().slice(0, 10);

const referred = (host: string) =>
  env.STORE_DB.prepare("SELECT COALESCE(SUM(views), 0) AS views FROM referrer_views WHERE host = ?")
    .bind(host)
    .first<{ views: number }>()
    .then((row) => row?.views ?? 0);

/** What the entrance hands the queue, caught: an environment of its own that keeps it. */
function insightsBox() {
  const sent: unknown[] = [];
  const INSIGHTS = {
    send: async (body: unknown) => void sent.push(body),
    sendBatch: async (messages: { body: unknown }[]) =>
      void sent.push(...messages.map((message) => message.body)),
  };
  return { sent, env: { ...env, INSIGHTS } as unknown as Env };
}

/** A batch through the worker's own queue handler, as the queue delivers it. */
async function consume(bodies: unknown[]) {
  const batch = createMessageBatch(
    INSIGHTS_QUEUE,
    bodies.map((body, index) => ({ id: `v-${index}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

describe("page views", () => {
  it("count every one of 20 views at once of a cached page, through the real queue, with the referring site's host only", async () => {
    const host = `${crypto.randomUUID()}.search.example`;
    // The page in Workers Cache first: the 20 are answered from it.
    expect((await request("/")).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request("/", { headers: { Referer: `https://${host}/results?q=jane+doe` } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Nothing set in the visitor's browser for it.
      expect(answer.headers.get("Set-Cookie")).toBeNull();
    }
    // The queue delivers its batches to the consumer on its own time (wrangler.toml: at most
    // five seconds): wait for the count, up to a minute.
    for (let waited = 0; (await referred(host)) < 20 && waited < 60_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await referred(host)).toBe(20);
    const home = await env.STORE_DB.prepare(
      "SELECT views FROM page_views WHERE day = ? AND path = '/'",
    )
      .bind(today())
      .first<{ views: number }>();
    expect(home?.views).toBeGreaterThanOrEqual(20);
  }, 90_000);

  it("are the day, the path and another site's host: no query, no visitor, nothing for the site itself", async () => {
    const box = insightsBox();
    await request(`${POST_PATH}?utm_source=newsletter`, {
      env: box.env,
      headers: { Referer: "http://localhost/portfolio", "CF-Connecting-IP": "203.0.113.9" },
    });
    expect(box.sent).toEqual([{ day: today(), path: POST_PATH }]);
  });

  it("count nobody's visit: a crawler, no user agent, a prefetch, a page's script fetching, a HEAD, a page not found, a private page", async () => {
    const box = insightsBox();
    await request("/", { env: box.env, userAgent: BOT_UA });
    // The live search and the grid's next photographs fetch pages as the visitor types, scrolls.
    const fetched = { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" };
    await request("/search?q=lig", { env: box.env, headers: fetched });
    await request("/photos", { env: box.env, headers: fetched });
    await request("/", { env: box.env, userAgent: "" });
    await request("/", { env: box.env, headers: { "Sec-Purpose": "prefetch" } });
    await request("/", { env: box.env, method: "HEAD" });
    await request("/no-such-page", { env: box.env });
    await request("/cart", { env: box.env });
    expect(box.sent).toEqual([]);
    // A browser's navigation is one.
    const opened = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };
    await request("/search?q=lig", { env: box.env, headers: opened });
    expect(box.sent).toEqual([{ day: today(), path: "/search" }]);
  });

  it("keep another site's host only when it names a public site: no address, port or lone name", async () => {
    const box = insightsBox();
    for (const referrer of [
      "http://203.0.113.7/",
      "http://[2001:db8::1]/",
      "https://spam.example:8443/",
      "https://x/",
      "https://news.example.org/story",
    ]) {
      await request("/", { env: box.env, headers: { Referer: referrer } });
    }
    const home = { day: today(), path: "/" };
    expect(box.sent).toEqual([home, home, home, home, { ...home, from: "news.example.org" }]);
  });

  it("add up a batch in one transaction, and drop what is not a view", async () => {
    const host = `${crypto.randomUUID()}.example`;
    const view = { day: "2026-11-02", path: "/portfolio", from: host };
    const result = await consume([view, view, { day: "yesterday", path: "/" }, "<script>", view]);
    expect(result.ackAll).toBe(true);
    expect(result.retryBatch.retry).toBe(false);
    expect(await referred(host)).toBe(3);
    await consume([view]);
    expect(await referred(host)).toBe(4);
  });

  it("keep a day's referring sites apart up to a bound, the views from any more added up as one row", async () => {
    const day = "2026-10-09";
    const hosts = Array.from({ length: MAX_REFERRERS_A_DAY + 5 }, (_, n) => `site-${n}.example`);
    await consume(hosts.map((from) => ({ day, path: "/", from })));
    // One more view from a site already kept is its own, as before the bound was reached.
    await consume([{ day, path: "/", from: "site-0.example" }]);
    const rows = await env.STORE_DB.prepare(
      "SELECT host, views FROM referrer_views WHERE day = ? ORDER BY views DESC, host",
    )
      .bind(day)
      .all<{ host: string; views: number }>();
    expect(rows.results).toHaveLength(MAX_REFERRERS_A_DAY + 1);
    expect(rows.results.slice(0, 2)).toEqual([
      { host: OTHER_SITES, views: 5 },
      { host: "site-0.example", views: 2 },
    ]);
  });

  it("are deleted once older than they are kept (400 days unless set)", async () => {
    const host = `${crypto.randomUUID()}.example`;
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString().slice(0, 10);
    await consume([
      { day: daysAgo(401), path: "/old", from: host },
      { day: daysAgo(399), path: "/kept", from: host },
    ]);
    await pruneInsights(env, now);
    expect(await referred(host)).toBe(1);
  });

  it("are summarized for the Studio's dashboard an hour apart at most: days, top pages and referrers per period", async () => {
    // Counts far above what the other tests' views add up to, so these rank first whatever ran;
    // on today's date, as the other files' views that the queue's consumer summarizes meanwhile.
    const now = Date.now();
    const [today, earlier] = [0, 15].map((back) =>
      new Date(now - back * 86_400_000).toISOString().slice(0, 10),
    );
    const host = `${crypto.randomUUID()}.example`;
    const [a, b] = [`/summary-a-${host}`, `/summary-b-${host}`];
    const add = (table: string, column: string, day: string | undefined, name: string) =>
      env.STORE_DB.prepare(
        `INSERT INTO ${table} (day, ${column}, views) VALUES (?, ?, ${name === b ? 800_000 : 900_000})`,
      ).bind(day, name);
    await env.STORE_DB.batch([
      add("page_views", "path", today, a),
      add("page_views", "path", earlier, b),
      add("referrer_views", "host", today, host),
    ]);
    // Due: written now (or by the queue's consumer a moment before, from the same figures).
    await env.STORE_DB.prepare("DELETE FROM insights_summary").run();
    await summarizeWhenDue(env, now);
    const summary = (await studioDocument(SUMMARY_ID)) as {
      summarizedAt: string;
      days: { day: string; views: number }[];
      pages: { period: number; name: string; views: number }[];
      referrers: { period: number; name: string; views: number }[];
    };
    expect(Math.abs(Date.parse(summary.summarizedAt) - now)).toBeLessThan(60_000);
    expect(summary.days.find((each) => each.day === today)?.views).toBeGreaterThanOrEqual(900_000);
    const pages = (period: number) =>
      summary.pages.filter((each) => each.period === period).map((each) => each.name);
    expect(pages(7)[0]).toBe(a);
    expect(pages(7)).not.toContain(b);
    expect(pages(30).slice(0, 2)).toEqual([a, b]);
    expect(summary.referrers).toContainEqual(
      expect.objectContaining({ period: 7, name: host, views: 900_000 }),
    );
    // Within the hour, not written again; an hour on, again.
    await summarizeWhenDue(env, now + 30 * 60_000);
    expect((await studioDocument(SUMMARY_ID))?.summarizedAt).toBe(summary.summarizedAt);
    await summarizeWhenDue(env, now + 61 * 60_000);
    expect((await studioDocument(SUMMARY_ID))?.summarizedAt).toBe(
      new Date(now + 61 * 60_000).toISOString(),
    );
    // The hourly Cron Trigger's run at :07 sharp writes one written a moment after the last.
    const cron = now + 61 * 60_000 + 60 * 60_000 - 1_000;
    await runCron(SUMMARY_CRON, { at: cron });
    expect((await studioDocument(SUMMARY_ID))?.summarizedAt).toBe(new Date(cron).toISOString());
  });
});

describe("the steps towards a sale", () => {
  it("are counted where the worker sees them: an addition to a cart and a checkout per photograph, a paid order at its one hand-over", async () => {
    const box = insightsBox();
    const buyer = new Buyer(box.env);
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    // At its limit, a licence added again adds nothing: not counted again.
    await buyer.add(FOR_SALE, "licence:personal");
    await buyer.add(FOR_SALE, "licence:personal");
    const { session } = await buyer.checkout();
    await pay(session);
    const [completed] = (await eventsOf([session])).filter(
      (event) => event.type === "checkout.session.completed",
    );
    // Stripe says it twice: counted once.
    await deliver(completed, { env: box.env });
    await deliver(completed, { env: box.env });
    const step = (name: string) => ({ day: today(), step: name, photo: FOR_SALE });
    expect(box.sent).toEqual([step("cart"), step("cart"), step("checkout"), step("paid")]);
  });

  it("are not counted for a crawler's, nor for a request with no user agent", async () => {
    const box = insightsBox();
    for (const userAgent of [BOT_UA, ""]) {
      const added = await request("/cart/add", {
        env: box.env,
        userAgent,
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ photo: FOR_SALE, product: "print:fine-art-8x10" }).toString(),
      });
      expect(added.status).toBe(303);
    }
    expect(box.sent).toEqual([]);
  });

  it("add up per day, step and photograph; a body that is no step is dropped", async () => {
    const photo = `portfolio/${crypto.randomUUID().slice(0, 8)}`;
    const counted = { day: "2026-11-03", step: "cart", photo };
    const result = await consume([
      counted,
      counted,
      { day: "2026-11-03", step: "refund", photo },
      { day: "2026-11-03", step: "paid", photo: 42 },
    ]);
    expect(result.ackAll).toBe(true);
    const rows = await env.STORE_DB.prepare("SELECT step, count FROM sales_steps WHERE photo = ?")
      .bind(photo)
      .all();
    expect(rows.results).toEqual([{ step: "cart", count: 2 }]);
  });

  it("are summarized with the galleries' steps and the e-mails' sends, clicks and credited sales", async () => {
    const now = Date.now();
    const day = new Date(now).toISOString().slice(0, 10);
    const key = crypto.randomUUID().slice(0, 8);
    const photo = `portfolio/summary-${key}`;
    const mail = `m${key}`.padEnd(22, "x");
    const step = (name: string, count: number, of = photo) =>
      env.STORE_DB.prepare(
        // Added to what other files' galleries counted today (a gallery's steps have no photo).
        `INSERT INTO sales_steps (day, step, photo, count) VALUES (?, ?, ?, ?)
         ON CONFLICT (day, step, photo) DO UPDATE SET count = count + excluded.count`,
      ).bind(day, name, of, count);
    await env.STORE_DB.batch([
      env.STORE_DB.prepare("INSERT INTO page_views (day, path, views) VALUES (?, ?, 700000)").bind(
        day,
        `/de/portfolio/photo/summary-${key}`,
      ),
      step("cart", 900_000),
      step("checkout", 800_000),
      step("paid", 700_000),
      step("gallery-opened", 500_000, ""),
      env.STORE_DB.prepare(
        `INSERT INTO sales_mails (id, kind, occasion, address, language, origin, due_at, data, status, sent_at, clicks)
         VALUES (?, 'cart', ?, 'a@example.com', 'en', 'http://localhost', ?, '{}', 'sent', ?, 3)`,
      ).bind(mail, key, now, now),
      env.STORE_DB.prepare(
        "INSERT INTO sales_mail_orders (order_id, mail_id, amount, currency, at) VALUES (?, ?, 4050, 'eur', ?)",
      ).bind(`order-${key}`, mail, now),
    ]);
    await env.STORE_DB.prepare("DELETE FROM insights_summary").run();
    await summarizeWhenDue(env, now);
    const summary = (await studioDocument(SUMMARY_ID)) as Record<string, Record<string, unknown>[]>;
    const ofWeek = (list: string) => (summary[list] ?? []).filter((row) => row.period === 7);
    // The photo page's views in German count for the photograph, with its steps.
    expect(ofWeek("photos")[0]).toMatchObject({
      photo,
      views: 700_000,
      cart: 900_000,
      checkout: 800_000,
      paid: 700_000,
    });
    expect(ofWeek("funnel")[0]?.cart).toBeGreaterThanOrEqual(900_000);
    expect(ofWeek("galleries")[0]?.opened).toBeGreaterThanOrEqual(500_000);
    const [cart] = ofWeek("mails").filter((row) => row.kind === "cart");
    expect(cart?.sent).toBeGreaterThanOrEqual(1);
    expect(cart?.clicks).toBeGreaterThanOrEqual(3);
    expect(cart?.orders).toBeGreaterThanOrEqual(1);
    expect(cart?.revenue).toContainEqual(expect.objectContaining({ currency: "eur" }));
  });

  it("credit a week's sales to an e-mail sent before the week, not a sale refunded since", async () => {
    const now = Date.now();
    const key = crypto.randomUUID().slice(0, 8);
    const mail = `w${key}`.padEnd(22, "x");
    const kind = `old-${key}`;
    await env.STORE_DB.batch([
      env.STORE_DB.prepare(
        `INSERT INTO sales_mails (id, kind, occasion, address, language, origin, due_at, data, status, sent_at, clicks)
         VALUES (?, ?, ?, 'b@example.com', 'en', 'http://localhost', ?, '{}', 'sent', ?, 1)`,
      ).bind(mail, kind, key, now - 9 * 86_400_000, now - 9 * 86_400_000),
      env.STORE_DB.prepare(
        "INSERT INTO sales_mail_orders (order_id, mail_id, amount, currency, at) VALUES (?, ?, 2500, 'eur', ?)",
      ).bind(`order-${key}`, mail, now - 3 * 86_400_000),
      env.STORE_DB.prepare(
        "INSERT INTO sales_mail_orders (order_id, mail_id, amount, currency, at) VALUES (?, ?, 12000, 'jpy', ?)",
      ).bind(`order-${key}-jpy`, mail, now - 2 * 86_400_000),
      // Paid, credited, then refunded in full: no sale.
      env.STORE_DB.prepare(
        `INSERT INTO orders (id, status, currency, subtotal, total, has_prints, email, created_at, updated_at, paid_at)
         VALUES (?, 'refunded', 'eur', 9900, 9900, 0, 'b@example.com', ?, ?, ?)`,
      ).bind(`order-${key}-refunded`, now - 86_400_000, now, now - 86_400_000),
      env.STORE_DB.prepare(
        "INSERT INTO sales_mail_orders (order_id, mail_id, amount, currency, at) VALUES (?, ?, 9900, 'eur', ?)",
      ).bind(`order-${key}-refunded`, mail, now - 86_400_000),
    ]);
    await env.STORE_DB.prepare("DELETE FROM insights_summary").run();
    await summarizeWhenDue(env, now);
    const summary = (await studioDocument(SUMMARY_ID)) as Record<string, Record<string, unknown>[]>;
    const week = (summary.mails ?? []).filter((row) => row.period === 7 && row.kind === kind);
    expect(week).toEqual([
      expect.objectContaining({
        sent: 0,
        clicks: 0,
        orders: 2,
        // In each currency's major unit: €25.00, and ¥12,000 (a yen has no cents).
        revenue: expect.arrayContaining([
          expect.objectContaining({ currency: "eur", amount: 25 }),
          expect.objectContaining({ currency: "jpy", amount: 12_000 }),
        ]),
      }),
    ]);
  });
});

describe("the photo viewer's views", () => {
  const viewsOf = (path: string) =>
    env.STORE_DB.prepare("SELECT COALESCE(SUM(views), 0) AS views FROM page_views WHERE path = ?")
      .bind(path)
      .first<{ views: number }>()
      .then((row) => row?.views ?? 0);
  const beacon = (path: string, headers: Record<string, string> = {}) =>
    request("/_app/insights/view", {
      method: "POST",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body: path,
    });

  it("count a photograph the viewer showed once its page is one; not a beacon from elsewhere, a crawler's, the owner's preview, or a made-up path's", async () => {
    const shown = "/de/portfolio/photo/b3i4";
    const refused = "/de/portfolio/photo/b3i5";
    const madeUp = `/portfolio/photo/x${crypto.randomUUID().slice(0, 8)}`;
    const [before, refusedBefore] = [await viewsOf(shown), await viewsOf(refused)];
    for (const answer of [
      await beacon(madeUp),
      await beacon(refused, { "Sec-Fetch-Site": "cross-site" }),
      await beacon(refused, { "User-Agent": BOT_UA }),
      // The owner's draft preview, and a browser Cloudflare scores a bot.
      await beacon(refused, {
        Cookie: (await previewCookie(env.SANITY_TOKEN)).split(";")[0] ?? "",
      }),
      await request("/_app/insights/view", {
        method: "POST",
        // What Cloudflare's Bot Management says of a script with a browser's user agent.
        cf: {
          botManagement: {
            score: 5,
            verifiedBot: false,
            corporateProxy: false,
            staticResource: false,
            detectionIds: [],
            ja3Hash: "",
          },
        },
        headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
        body: refused,
      }),
      await beacon("/portfolio"),
      await beacon(shown),
    ]) {
      // The same answer whatever happened: it tells the sender nothing.
      expect(answer.status).toBe(204);
      expect(answer.body).toBe("");
    }
    for (let waited = 0; (await viewsOf(shown)) <= before && waited < 60_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await viewsOf(shown)).toBe(before + 1);
    expect(await viewsOf(refused)).toBe(refusedBefore);
    expect(await viewsOf(madeUp)).toBe(0);
  }, 90_000);
});

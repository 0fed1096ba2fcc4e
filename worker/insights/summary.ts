/**
 * The owner's view of the insights (docs/insights.md): D1 is the record, and the Studio's
 * dashboard reads a summary of it, the `insights.summary` document (a sub-path: never served
 * without a token), which the queue's consumer writes at most once an hour after counting a
 * batch: views per day for the last year; for the last 7, 30 and 365 days the most viewed pages,
 * photographs and referring sites, the steps towards a sale (in all and per photograph), the
 * galleries' steps, and each automated e-mail's sends, clicks and credited sales. Older days are
 * deleted at the same moment (retention.ts).
 */
import { loadConfig } from "../config/config.ts";
import { editorClient } from "../content/sanity-client.ts";
import { decimalsOf } from "../lib/currency.ts";
import { errorText, log } from "../lib/log.ts";
import { pruneInsights } from "./retention.ts";
import { PHOTO_PAGE } from "./views.ts";

export const SUMMARY_ID = "insights.summary";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The dashboard's periods, in days. */
export const PERIODS = [7, 30, 365] as const;
const TOP = 20;

const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

type Row = Record<string, unknown>;

/** What the summary holds (every list item keyed, as Sanity's arrays of objects need). */
async function summaryOf(db: D1Database, now = Date.now()) {
  const since = (days: number) => dayOf(now - (days - 1) * DAY);
  const top = (table: "page_views" | "referrer_views", column: "path" | "host", days: number) =>
    db
      .prepare(
        `SELECT ${column} AS name, SUM(views) AS views FROM ${table} WHERE day >= ?
        GROUP BY ${column} ORDER BY views DESC, ${column} LIMIT ${TOP}`,
      )
      .bind(since(days))
      .all<Row>()
      .then(({ results }) =>
        results.map((row, index) => ({
          _key: `${days}-${index}`,
          period: days,
          name: String(row.name),
          views: Number(row.views),
        })),
      );
  const [daily, ...tops] = await Promise.all([
    db
      .prepare("SELECT day, SUM(views) AS views FROM page_views WHERE day >= ? GROUP BY day")
      .bind(since(365))
      .all<Row>(),
    ...PERIODS.map((days) => top("page_views", "path", days)),
    ...PERIODS.map((days) => top("referrer_views", "host", days)),
  ]);
  const sales = await Promise.all(PERIODS.map((days) => salesOf(db, days, since(days), now)));
  return {
    summarizedAt: new Date(now).toISOString(),
    days: daily.results
      .map((row) => ({ _key: String(row.day), day: String(row.day), views: Number(row.views) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    pages: tops.slice(0, PERIODS.length).flat(),
    referrers: tops.slice(PERIODS.length).flat(),
    funnel: sales.map((period) => period.funnel),
    photos: sales.flatMap((period) => period.photos),
    galleries: sales.map((period) => period.galleries),
    mails: sales.flatMap((period) => period.mails),
    unsubscribes: sales.map((period) => period.unsubscribes),
  };
}

/** What sold in one period: the steps in all and per photograph, the galleries', the e-mails'. */
async function salesOf(db: D1Database, days: number, since: string, now: number) {
  const [pageRows, stepRows, mailRows, creditRows, unsubscribed] = await db.batch<Row>([
    db
      .prepare(
        "SELECT path, SUM(views) AS n FROM page_views WHERE day >= ? AND path LIKE '%/photo/%' GROUP BY path",
      )
      .bind(since),
    db
      .prepare(
        "SELECT step, photo, SUM(count) AS n FROM sales_steps WHERE day >= ? GROUP BY step, photo",
      )
      .bind(since),
    db
      .prepare(
        "SELECT kind, COUNT(*) AS sent, SUM(clicks) AS clicks FROM sales_mails WHERE sent_at >= ? GROUP BY kind",
      )
      .bind(now - days * DAY),
    db
      .prepare(
        // A sale refunded in full since it was credited is none.
        `SELECT m.kind AS kind, o.currency AS currency, COUNT(*) AS orders, SUM(o.amount) AS amount
         FROM sales_mail_orders o JOIN sales_mails m ON m.id = o.mail_id
         LEFT JOIN orders r ON r.id = o.order_id
         WHERE o.at >= ? AND r.status IS NOT 'refunded' GROUP BY m.kind, o.currency`,
      )
      .bind(now - days * DAY),
    db.prepare("SELECT COUNT(*) AS n FROM unsubscribed WHERE at >= ?").bind(now - days * DAY),
  ]);
  const rows = (result: D1Result<Row> | undefined) => result?.results ?? [];
  const photos = new Map<string, Record<string, number>>();
  const add = (photo: string, what: string, n: number) => {
    const counts = photos.get(photo) ?? {};
    counts[what] = (counts[what] ?? 0) + n;
    photos.set(photo, counts);
  };
  let views = 0;
  for (const row of rows(pageRows)) {
    const match = PHOTO_PAGE.exec(String(row.path));
    if (!match) continue;
    add(`${match[1]}/${match[2]}`, "views", Number(row.n));
    views += Number(row.n);
  }
  const steps: Record<string, number> = {};
  for (const row of rows(stepRows)) {
    const step = String(row.step);
    steps[step] = (steps[step] ?? 0) + Number(row.n);
    if (row.photo) add(String(row.photo), step, Number(row.n));
  }
  const credits = rows(creditRows);
  return {
    funnel: {
      _key: `${days}`,
      period: days,
      views,
      cart: steps.cart ?? 0,
      checkout: steps.checkout ?? 0,
      paid: steps.paid ?? 0,
    },
    photos: [...photos]
      .map(([photo, counts]) => ({
        photo,
        views: counts.views ?? 0,
        cart: counts.cart ?? 0,
        checkout: counts.checkout ?? 0,
        paid: counts.paid ?? 0,
      }))
      .sort((a, b) => b.paid - a.paid || b.views - a.views || a.photo.localeCompare(b.photo))
      .slice(0, TOP)
      .map((photo, index) => ({ _key: `${days}-${index}`, period: days, ...photo })),
    galleries: {
      _key: `${days}`,
      period: days,
      opened: steps["gallery-opened"] ?? 0,
      favourites: steps["gallery-favourite"] ?? 0,
      selections: steps["gallery-sent"] ?? 0,
      prints: steps["gallery-prints"] ?? 0,
      downloads: steps["gallery-download"] ?? 0,
    },
    // Each kind sent in the period, or whose sales were: an e-mail sent before the period may
    // have sold within it.
    mails: [...new Set([...rows(mailRows), ...credits].map((row) => String(row.kind)))].map(
      (kind, index) => {
        const row = rows(mailRows).find((each) => each.kind === kind);
        const sold = credits.filter((credit) => credit.kind === kind);
        return {
          _key: `${days}-${index}`,
          period: days,
          kind,
          sent: Number(row?.sent ?? 0),
          clicks: Number(row?.clicks ?? 0),
          orders: sold.reduce((sum, credit) => sum + Number(credit.orders), 0),
          // In the currency's major unit (12000 yen, 25 euros), as the Studio shows it.
          revenue: sold.map((credit) => ({
            _key: String(credit.currency),
            currency: String(credit.currency),
            amount: Number(credit.amount) / 10 ** decimalsOf(String(credit.currency)),
          })),
        };
      },
    ),
    unsubscribes: {
      _key: `${days}`,
      period: days,
      count: Number(rows(unsubscribed)[0]?.n ?? 0),
    },
  };
}

/**
 * Writes the summary when the last was written `olderThan` ago or more (or never), after deleting
 * what is older than kept. Two consumers at once may both write it: the same figures.
 */
export async function summarizeWhenDue(
  env: Env,
  now = Date.now(),
  olderThan = HOUR,
): Promise<void> {
  const db = env.STORE_DB;
  const last = await db
    .prepare("SELECT written_at FROM insights_summary WHERE id = 1")
    .first<{ written_at: number }>();
  if (last && last.written_at > now - olderThan) return;
  await pruneInsights(env, now);
  const summary = await summaryOf(db, now);
  await editorClient(loadConfig(env), "Insights").createOrReplace({
    _id: SUMMARY_ID,
    _type: "insightsSummary",
    ...summary,
  });
  await db
    .prepare(
      "INSERT INTO insights_summary (id, written_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at",
    )
    .bind(now)
    .run();
}

/** The hourly Cron Trigger's schedule (wrangler.toml), which writes the summary when due. */
export const SUMMARY_CRON = "7 * * * *";

/**
 * How old the last summary must be for the hourly Cron Trigger to write it again: less than an
 * hour, as its time is exactly :07 while a consumer's write a moment after the last one would
 * otherwise be an hour old only at the next but one.
 */
export const CRON_SUMMARY_AGE = 50 * 60_000;

/**
 * The summary when due, its failure logged: after a batch of views, and from the hourly Cron
 * Trigger (worker/index.ts, `CRON_SUMMARY_AGE`), so the e-mails' figures and the sales reach the
 * dashboard within the hour even on a day without views.
 */
export const summarizeSafely = (env: Env, now = Date.now(), olderThan = HOUR): Promise<void> =>
  summarizeWhenDue(env, now, olderThan).catch((error: unknown) =>
    log.warn("The insights' summary for the Studio could not be written", {
      error: errorText(error),
    }),
  );

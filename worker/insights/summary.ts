/**
 * The owner's view of the insights (docs/insights.md): D1 is the record, and the Studio's
 * dashboard reads a summary of it, the `insights.summary` document (a sub-path: never served
 * without a token), which the queue's consumer writes at most once an hour after counting a
 * batch: views per day for the last year, and the most viewed pages and referring sites of the
 * last 7, 30 and 365 days. Older days are deleted at the same moment (retention.ts).
 */
import { loadConfig } from "../config/config.ts";
import { editorClient } from "../content/sanity-client.ts";
import { pruneInsights } from "./retention.ts";

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
  return {
    summarizedAt: new Date(now).toISOString(),
    days: daily.results
      .map((row) => ({ _key: String(row.day), day: String(row.day), views: Number(row.views) }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    pages: tops.slice(0, PERIODS.length).flat(),
    referrers: tops.slice(PERIODS.length).flat(),
  };
}

/**
 * Writes the summary when the last was written an hour ago or more (or never), after deleting
 * what is older than kept. Two consumers at once may both write it: the same figures.
 */
export async function summarizeWhenDue(env: Env, now = Date.now()): Promise<void> {
  const db = env.STORE_DB;
  const last = await db
    .prepare("SELECT written_at FROM insights_summary WHERE id = 1")
    .first<{ written_at: number }>();
  if (last && last.written_at > now - HOUR) return;
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

/**
 * The insights queue's consumer (docs/insights.md): a batch of views becomes one D1 transaction
 * of counts added per day and page, and per day and referring site, so a batch is counted whole
 * or not at all (then retried whole: nothing counted twice). A body that is not a view is
 * dropped. Then, once an hour at most, the Studio's summary is written again (summary.ts).
 */
import { errorText, log } from "../lib/log.ts";
import { isStep, type StepCount } from "./steps.ts";
import { summarizeSafely } from "./summary.ts";
import type { View } from "./views.ts";

export const INSIGHTS_QUEUE = "photo-portfolio-insights";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Referring sites kept apart in one day; the views from any more are added up as one row. A
 * Referer is whatever a request says, so without a bound anyone could write a row per made-up
 * host into the database the orders share; a photographer's site is found from far fewer.
 */
export const MAX_REFERRERS_A_DAY = 200;
/** The row the rest are added to: a name no host can have. */
export const OTHER_SITES = "other sites";

function viewIn(body: unknown): View | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { day, path, from } = body as Record<string, unknown>;
  if (typeof day !== "string" || !DAY.test(day) || typeof path !== "string") return undefined;
  if (!path.startsWith("/") || path.length > 300) return undefined;
  return { day, path, ...(typeof from === "string" && from.length <= 253 ? { from } : {}) };
}

/** How many of each key: `${day} ${rest}`. */
function tally(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function stepIn(body: unknown): StepCount | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { day, step, photo } = body as Record<string, unknown>;
  if (typeof day !== "string" || !DAY.test(day) || !isStep(step)) return undefined;
  return typeof photo === "string" && photo.length <= 200 ? { day, step, photo } : undefined;
}

export async function countViews(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const views = batch.messages.flatMap((message) => viewIn(message.body) ?? []);
  const steps = batch.messages.flatMap((message) => stepIn(message.body) ?? []);
  if (views.length + steps.length < batch.messages.length) {
    log.error("Queue messages dropped: they are not page views or steps towards a sale", {
      queue: batch.queue,
      dropped: batch.messages.length - views.length - steps.length,
    });
  }
  const db = env.STORE_DB;
  const pages = tally(views.map((view) => `${view.day} ${view.path}`));
  const hosts = tally(views.flatMap((view) => (view.from ? [`${view.day} ${view.from}`] : [])));
  const stepCounts = tally(steps.map((step) => `${step.day} ${step.step} ${step.photo}`));
  const statements = [
    ...[...pages].map(([key, count]) =>
      db
        .prepare(
          `INSERT INTO page_views (day, path, views) VALUES (?, ?, ?)
          ON CONFLICT (day, path) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(key.slice(0, 10), key.slice(11), count),
    ),
    ...[...hosts].map(([key, count]) =>
      db
        .prepare(
          // "WHERE true": SQLite's way to tell an upsert's ON CONFLICT from a join's ON.
          `INSERT INTO referrer_views (day, host, views)
          SELECT ?1, CASE WHEN EXISTS (SELECT 1 FROM referrer_views WHERE day = ?1 AND host = ?2)
            OR (SELECT COUNT(*) FROM referrer_views WHERE day = ?1) < ?4 THEN ?2 ELSE ?5 END, ?3
          WHERE true
          ON CONFLICT (day, host) DO UPDATE SET views = views + excluded.views`,
        )
        .bind(key.slice(0, 10), key.slice(11), count, MAX_REFERRERS_A_DAY, OTHER_SITES),
    ),
    ...[...stepCounts].map(([key, count]) => {
      const [day = "", step = "", ...photo] = key.split(" ");
      return db
        .prepare(
          `INSERT INTO sales_steps (day, step, photo, count) VALUES (?, ?, ?, ?)
          ON CONFLICT (day, step, photo) DO UPDATE SET count = count + excluded.count`,
        )
        .bind(day, step, photo.join(" "), count);
    }),
  ];
  try {
    if (statements.length > 0) await db.batch(statements);
    batch.ackAll();
  } catch (error) {
    log.error("Page views could not be counted; the batch will be retried", {
      views: views.length,
      error: errorText(error),
    });
    batch.retryAll({ delaySeconds: 60 });
    return;
  }
  await summarizeSafely(env);
}

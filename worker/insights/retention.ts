/**
 * Insights are kept for INSIGHTS_KEEP_DAYS (docs/insights.md): older days are deleted each time
 * the summary is written (summary.ts: an hour apart at most, while views come).
 */
import { loadConfig } from "../config/config.ts";

export async function pruneInsights(env: Env, now = Date.now()): Promise<void> {
  const keep = loadConfig(env).insightsKeepDays;
  const oldest = new Date(now - keep * 86_400_000).toISOString().slice(0, 10);
  await env.STORE_DB.batch([
    env.STORE_DB.prepare("DELETE FROM page_views WHERE day < ?").bind(oldest),
    env.STORE_DB.prepare("DELETE FROM referrer_views WHERE day < ?").bind(oldest),
    env.STORE_DB.prepare("DELETE FROM sales_steps WHERE day < ?").bind(oldest),
  ]);
}

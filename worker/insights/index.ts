export { countViews, INSIGHTS_QUEUE, MAX_REFERRERS_A_DAY, OTHER_SITES } from "./consumer.ts";
export { pruneInsights } from "./retention.ts";
export { countStep, type Step, sendStep } from "./steps.ts";
export {
  CRON_SUMMARY_AGE,
  SUMMARY_CRON,
  SUMMARY_ID,
  summarizeSafely,
  summarizeWhenDue,
} from "./summary.ts";
export { VIEWER_VIEW_PATH, viewerView } from "./viewer-views.ts";
export { countView, personAsked } from "./views.ts";

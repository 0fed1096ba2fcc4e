export { countViews, INSIGHTS_QUEUE } from "./consumer.ts";
export { pruneInsights } from "./retention.ts";
export { SUMMARY_ID, summarizeWhenDue } from "./summary.ts";
export { countView } from "./views.ts";

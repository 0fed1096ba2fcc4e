export { countViews, INSIGHTS_QUEUE } from "./consumer.ts";
export { pruneInsights } from "./retention.ts";
export { countView } from "./views.ts";

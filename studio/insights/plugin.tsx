/**
 * The Studio's Insights tool (docs/insights.md): the owner's dashboard of what visitors see, read
 * from the `insights.summary` document the site writes (an hour apart at most) from its own
 * count in D1. The chart library (Recharts) is the Studio's only: nothing of it reaches the site.
 */
import { ChartUpwardIcon } from "@sanity/icons/ChartUpward";
import { definePlugin } from "sanity";
import { InsightsTool } from "./InsightsTool";

export const insights = definePlugin({
  name: "insights",
  tools: [{ name: "insights", title: "Insights", icon: ChartUpwardIcon, component: InsightsTool }],
});

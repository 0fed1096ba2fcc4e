/**
 * The Insights tool: reads the `insights.summary` document with the Studio's own client (the
 * owner's login: a private document) and shows it (InsightsView.tsx).
 */
import { Card, Text } from "@sanity/ui";
import { useEffect, useState } from "react";
import { useClient } from "sanity";
import { InsightsView, type Summary } from "./InsightsView";

export function InsightsTool() {
  const client = useClient({ apiVersion: "2025-02-19" });
  const [summary, setSummary] = useState<Summary | null | undefined>(undefined);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    client
      .fetch<Summary | null>(`*[_id == "insights.summary"][0]`)
      .then(setSummary, (error: unknown) =>
        setProblem(error instanceof Error ? error.message : String(error)),
      );
  }, [client]);
  // Not "no insights yet": they may be there, and waiting would not help.
  if (problem) {
    return (
      <Card padding={5}>
        <Text>The insights could not be read ({problem}). Reload the Studio to try again.</Text>
      </Card>
    );
  }
  if (summary === undefined) return <Card padding={5}>Loading…</Card>;
  if (summary === null) {
    return (
      <Card padding={5}>
        <Text>
          No insights yet: the site writes them here within an hour of its first counted views.
        </Text>
      </Card>
    );
  }
  return <InsightsView summary={summary} />;
}

/**
 * The dashboard: views per day, the most viewed pages and referring sites, and what sells
 * (Sales.tsx), for the last 7, 30 or 365 days, as the site last summarized them (its time is
 * shown). Counted by the site itself: no cookie, nothing of a visitor, crawlers and prefetches
 * left out. It shows the summary it is given (InsightsTool.tsx reads it), so a test can show it
 * a summary the site wrote without a Studio login.
 */
import { Box, Card, Flex, Heading, Stack, Tab, TabList, Text } from "@sanity/ui";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Panel } from "./Panel";
import { Sales, type SalesSummary } from "./Sales";

const PERIODS = [7, 30, 365] as const;
type Period = (typeof PERIODS)[number];

interface Ranked {
  period: number;
  name: string;
  views: number;
}

/** The `insights.summary` document (worker/insights/summary.ts writes it). */
export interface Summary extends SalesSummary {
  summarizedAt: string;
  days: { day: string; views: number }[];
  pages: Ranked[];
  referrers: Ranked[];
}

/** Every day of the period, a day without views at nought. */
function daysOf(summary: Summary, period: Period): { day: string; views: number }[] {
  const counted = new Map(summary.days.map((each) => [each.day, each.views]));
  const last = new Date(summary.summarizedAt).getTime();
  return Array.from({ length: period }, (_, index) => {
    const day = new Date(last - (period - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { day, views: counted.get(day) ?? 0 };
  });
}

function Ranking({ title, rows }: { title: string; rows: Ranked[] }) {
  return (
    <Panel title={title} empty={rows.length === 0}>
      {rows.map((row) => (
        <Flex key={row.name} gap={3}>
          <Box flex={1}>
            <Text size={1} textOverflow="ellipsis">
              {row.name}
            </Text>
          </Box>
          <Text size={1} weight="semibold">
            {row.views.toLocaleString()}
          </Text>
        </Flex>
      ))}
    </Panel>
  );
}

export function InsightsView({ summary }: { summary: Summary }) {
  const [period, setPeriod] = useState<Period>(30);
  const days = daysOf(summary, period);
  const total = days.reduce((sum, each) => sum + each.views, 0);
  return (
    <Box padding={5}>
      <Stack gap={5}>
        <Flex align="center" gap={4} wrap="wrap">
          <Box flex={1}>
            <Heading as="h1" size={2}>
              {total.toLocaleString()} page views in the last {period} days
            </Heading>
          </Box>
          <TabList gap={2}>
            {PERIODS.map((each) => (
              <Tab
                key={each}
                id={`period-${each}`}
                aria-controls="insights-period"
                label={`${each} days`}
                selected={each === period}
                onClick={() => setPeriod(each)}
              />
            ))}
          </TabList>
        </Flex>
        <Card id="insights-period" padding={4} radius={2} border>
          <div style={{ height: 260 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={days}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={24} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
                <Tooltip />
                <Bar dataKey="views" name="Views" fill="#047857" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </Card>
        <Flex gap={4} wrap="wrap">
          <Box flex={1} style={{ minWidth: 280 }}>
            <Ranking
              title="Most viewed pages"
              rows={summary.pages.filter((row) => row.period === period)}
            />
          </Box>
          <Box flex={1} style={{ minWidth: 280 }}>
            <Ranking
              title="Where visitors came from"
              rows={summary.referrers.filter((row) => row.period === period)}
            />
          </Box>
        </Flex>
        <Sales summary={summary} period={period} />
        <Text size={1} muted>
          Counted by the site itself, with no cookie and nothing of a visitor kept; crawlers and
          prefetches are left out. Last summarized {new Date(summary.summarizedAt).toLocaleString()}
          .
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * "What sells", beside the page views: the steps from a photo page to a paid order (in all and
 * per photograph), a client gallery's steps, and each automated e-mail's sends, clicks, credited
 * orders and unsubscribes, for the chosen period. Every figure is one the site itself saw.
 */
import { Box, Flex, Heading, Stack, Text } from "@sanity/ui";
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Panel } from "./Panel";

interface PeriodRow {
  period: number;
}

export interface SalesSummary {
  funnel?: (PeriodRow & { views: number; cart: number; checkout: number; paid: number })[];
  photos?: (PeriodRow & {
    photo: string;
    views: number;
    cart: number;
    checkout: number;
    paid: number;
  })[];
  galleries?: (PeriodRow & {
    opened: number;
    favourites: number;
    selections: number;
    prints: number;
    downloads: number;
  })[];
  mails?: (PeriodRow & {
    kind: string;
    sent: number;
    clicks: number;
    orders: number;
    revenue: { currency: string; amount: number }[];
  })[];
  unsubscribes?: (PeriodRow & { count: number })[];
}

/** The site's kinds of e-mail (worker/store/cart-reminder.ts, worker/galleries/follow-ups.ts). */
const MAIL_NAMES: Record<string, string> = {
  cart: "Cart left behind",
  "gallery-expiry-7": "Gallery closes in a week",
  "gallery-expiry-1": "Gallery closes tomorrow",
  "gallery-prints": "Prints after delivery",
};

/** A revenue as the site writes it: in the currency's major unit (worker/insights/summary.ts). */
const money = ({ currency, amount }: { currency: string; amount: number }) =>
  new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);

function Steps({ title, steps }: { title: string; steps: { step: string; count: number }[] }) {
  return (
    <Panel title={title}>
      <div style={{ height: 40 + steps.length * 36 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={steps} layout="vertical" margin={{ left: 24 }}>
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="step" width={130} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Bar dataKey="count" name="Count" fill="#047857" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Panel>
  );
}

/** A column's cells: the first (the row's name) at the start, the figures at the end. */
const cellStyle = (index: number) => ({ textAlign: index ? "end" : "start", padding: 4 }) as const;

function Table({ title, head, rows }: { title: string; head: string[]; rows: string[][] }) {
  return (
    <Panel title={title} empty={rows.length === 0}>
      <table style={{ borderCollapse: "collapse", fontSize: 13 }}>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={cell} style={cellStyle(index)}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are in a fixed order.
                <td key={index} style={cellStyle(index)}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

export function Sales({ summary, period }: { summary: SalesSummary; period: number }) {
  const mine = <T extends PeriodRow>(rows: T[] | undefined) =>
    (rows ?? []).filter((row) => row.period === period);
  const [funnel] = mine(summary.funnel);
  const [galleries] = mine(summary.galleries);
  const [unsubscribes] = mine(summary.unsubscribes);
  const n = (value: number) => value.toLocaleString();
  return (
    <Stack gap={4}>
      <Heading as="h2" size={2}>
        What sells
      </Heading>
      <Flex gap={4} wrap="wrap">
        <Box flex={1} style={{ minWidth: 320 }}>
          <Steps
            title="From a photo page to a sale"
            steps={[
              { step: "Photo page views", count: funnel?.views ?? 0 },
              { step: "Added to a cart", count: funnel?.cart ?? 0 },
              { step: "Checkouts", count: funnel?.checkout ?? 0 },
              { step: "Paid", count: funnel?.paid ?? 0 },
            ]}
          />
        </Box>
        <Box flex={1} style={{ minWidth: 320 }}>
          <Steps
            title="Client galleries"
            steps={[
              { step: "Opened", count: galleries?.opened ?? 0 },
              { step: "Favourites", count: galleries?.favourites ?? 0 },
              { step: "Selections sent", count: galleries?.selections ?? 0 },
              { step: "Prints ordered", count: galleries?.prints ?? 0 },
              { step: "Downloads", count: galleries?.downloads ?? 0 },
            ]}
          />
        </Box>
      </Flex>
      <Table
        title="Photographs"
        head={["Photograph", "Views", "Added", "Checkouts", "Paid"]}
        rows={mine(summary.photos).map((row) => [
          row.photo,
          n(row.views),
          n(row.cart),
          n(row.checkout),
          n(row.paid),
        ])}
      />
      <Table
        title="Automated e-mails"
        head={["E-mail", "Sent", "Clicks", "Orders", "Sales"]}
        rows={mine(summary.mails).map((row) => [
          MAIL_NAMES[row.kind] ?? row.kind,
          n(row.sent),
          n(row.clicks),
          n(row.orders),
          row.revenue.map(money).join(", ") || "–",
        ])}
      />
      <Text size={1} muted>
        {n(unsubscribes?.count ?? 0)} unsubscribed from the automated e-mails in these days. An
        order is credited to an e-mail when its buyer paid within 7 days of following its link.
      </Text>
    </Stack>
  );
}

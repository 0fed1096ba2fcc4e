import { Card, Heading, Stack, Text } from "@sanity/ui";
import type { ReactNode } from "react";

/** One titled card of the dashboard; "None yet." in it while it has nothing to show. */
export function Panel({
  title,
  empty = false,
  children,
}: {
  title: string;
  empty?: boolean;
  children: ReactNode;
}) {
  return (
    <Card padding={4} radius={2} border>
      <Stack gap={3}>
        <Heading as="h2" size={1}>
          {title}
        </Heading>
        {empty ? <Text muted>None yet.</Text> : children}
      </Stack>
    </Card>
  );
}

/**
 * The favourites clients sent, as the site writes them into the gallery's document
 * (`selections`): read-only, one card per client, each with a button that copies its file
 * names in the form Lightroom Classic's Library filter takes (lightroom.ts), since picking in
 * Lightroom is where the edit continues.
 */
import { CopyIcon } from "@sanity/icons/Copy";
import { Button, Card, Flex, Stack, Text } from "@sanity/ui";
import { Code } from "@sanity/ui/code";
import { useToast } from "@sanity/ui/toast";
import type { ArrayOfObjectsInputProps } from "sanity";
import { copyText } from "./clipboard";
import { lightroomFilter } from "./lightroom";

/** One client's selection, as the site writes it (docs/galleries.md). */
export interface GallerySelection {
  _key: string;
  _type?: "gallerySelection";
  client?: string;
  photos?: string[];
  note?: string;
  sentAt?: string;
  updatedAt?: string;
}

const when = (iso: string | undefined) =>
  iso && !Number.isNaN(Date.parse(iso))
    ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : undefined;

export function SelectionsInput(props: ArrayOfObjectsInputProps<GallerySelection>) {
  const selections = props.value ?? [];
  if (selections.length === 0) {
    return (
      <Card padding={4} radius={2} border tone="transparent">
        <Text size={1} muted>
          Nothing yet: a client's favourites appear here as they mark them.
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap={3}>
      {selections.map((selection) => (
        <SelectionCard key={selection._key} selection={selection} />
      ))}
    </Stack>
  );
}

function SelectionCard({ selection }: { selection: GallerySelection }) {
  const toast = useToast();
  const photos = selection.photos ?? [];
  const filter = lightroomFilter(photos);
  const sent = when(selection.sentAt);
  const changed = when(selection.updatedAt);
  const status = [
    `${photos.length} ${photos.length === 1 ? "favourite" : "favourites"}`,
    sent ? `sent ${sent}` : "still choosing",
    changed ? `last change ${changed}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Card padding={4} radius={2} border tone={sent ? "positive" : "default"}>
      <Stack gap={4}>
        <Stack gap={2}>
          <Text size={2} weight="semibold">
            {selection.client ?? "A client"}
          </Text>
          <Text size={1} muted>
            {status}
          </Text>
        </Stack>
        {selection.note ? (
          <Card padding={3} radius={2} tone="transparent">
            <Text size={1} style={{ whiteSpace: "pre-wrap" }}>
              {selection.note}
            </Text>
          </Card>
        ) : null}
        {filter ? (
          <Stack gap={3}>
            <Code size={1} style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
              {filter}
            </Code>
            <Flex gap={2} align="center" wrap="wrap">
              <Button
                icon={CopyIcon}
                mode="ghost"
                text="Copy file names"
                onClick={() => copyText(toast, filter, "File names")}
              />
              <Text size={1} muted>
                In Lightroom Classic: Library, Filter bar, Text, Filename, Contains; paste.
              </Text>
            </Flex>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

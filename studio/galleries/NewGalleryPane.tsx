/**
 * Where the Client galleries list's "+" leads: the Studio would give a new document a plain
 * random id, but a gallery's id is its secret address, `clientGallery.{26 base32 characters}`
 * (ids.ts), and the Studio has no setting for the id of new documents (sanity-io/sanity#2646).
 * So the list opens this pane for the new document instead (structure.ts), which at once asks
 * for the same "create" again with an id made here in the browser, replacing its own place in
 * the browser's history (Back then returns to the list, not here). The document is created, at
 * that id, by the owner's first edit.
 */
import { Card, Text } from "@sanity/ui";
import { useEffect, useRef } from "react";
import { useRouter } from "sanity/router";
import { galleryDocumentId, newGalleryId } from "./ids";

export function NewGalleryPane() {
  const { navigateIntent } = useRouter();
  // One id per pane, even when React runs the effect twice (development's strict mode).
  const id = useRef<string | undefined>(undefined);
  useEffect(() => {
    id.current ??= galleryDocumentId(newGalleryId());
    navigateIntent(
      "create",
      { type: "clientGallery", template: "clientGallery", id: id.current },
      { replace: true },
    );
  }, [navigateIntent]);
  return (
    <Card padding={4}>
      <Text muted>Making a new gallery…</Text>
    </Card>
  );
}

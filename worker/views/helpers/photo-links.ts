import { type DocumentKind, paths } from "../../content/paths.ts";
import { isPhotoKey } from "../../content/photos.ts";

/** The page of a photograph with this key (its `_key`), when photographs have pages. */
export type PhotoLink = (
  key: string | null | undefined,
) => { href: string; id: string } | undefined;

/** The anchor of a photograph on its document's page: the photo page's way back lands there. */
export const photoAnchor = (key: string) => `photo-${key}`;

/** Links from a document's photographs to their own pages. */
export function photoLinks(kind: DocumentKind, slug: string): PhotoLink {
  return (key) =>
    key && isPhotoKey(key)
      ? { href: paths.photo(kind, slug, key), id: photoAnchor(key) }
      : undefined;
}

/**
 * A gallery's grid in slices, as the public grids are: a gallery of a thousand photographs is
 * not one page of a thousand (its HTML alone would hold back the first photograph on a phone),
 * but pages of GALLERY_SLICE, each a link of its own that works without JavaScript; with it,
 * the next slice is appended as the client nears the end (client/discovery/more-photos.ts).
 */
import { galleryPaths } from "./ids.ts";

export const GALLERY_SLICE = 100;

export type GalleryFilter = "all" | "favourites";

/** The grid's address: the filter and the slice (1-based) it shows. */
export function gridAddress(id: string, filter: GalleryFilter, slice = 1): string {
  const query = new URLSearchParams();
  if (filter === "favourites") query.set("show", "favourites");
  if (slice > 1) query.set("page", String(slice));
  const search = query.toString();
  return search ? `${galleryPaths.root(id)}?${search}` : galleryPaths.root(id);
}

/** How many slices `count` photographs make (one, even when there are none). */
export const sliceCount = (count: number) => Math.max(1, Math.ceil(count / GALLERY_SLICE));

/** The slice a `?page=` value names, or undefined when it names none of `slices`. */
export function sliceOf(value: string | undefined, slices: number): number | undefined {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return undefined;
  const slice = Number(value);
  return slice <= slices ? slice : undefined;
}

/** Where in the grid the photograph at `index` (0-based, in the gallery's order) is. */
export const gridPlace = (id: string, index: number, photo: string) =>
  `${gridAddress(id, "all", Math.floor(index / GALLERY_SLICE) + 1)}#p-${photo}`;

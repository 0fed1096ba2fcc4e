/**
 * What the public may take of a photograph for free (P16, docs/store.md). Sanity's image CDN
 * serves every asset of a dataset whole to anyone who has its address, so no asset is ever
 * larger than the owner's **public size** (the long edge, in pixels; the Studio's Site settings):
 * `npm run import` uploads a copy of that size, and the original, when larger, goes to the
 * site's private bucket (`ORIGINALS`, keyed by the public copy's asset id) through the worker,
 * which serves its pixels only to a buyer's order and, where the owner lets the zoom go that
 * far, in regions never larger than the public size. The worker, the importer and the demo
 * follow this one module.
 */

/** The public size when the owner sets none. */
export const DEFAULT_PUBLIC_SIZE = 2048;

/** The public size the Studio takes (the Studio lists the same bounds). */
export const PUBLIC_SIZE_RANGE = { min: 640, max: 8192 } as const;

/** The owner's public size, or the default for a value that is not one. */
export const publicSizeOf = (value: unknown): number =>
  typeof value === "number" &&
  Number.isInteger(value) &&
  value >= PUBLIC_SIZE_RANGE.min &&
  value <= PUBLIC_SIZE_RANGE.max
    ? value
    : DEFAULT_PUBLIC_SIZE;

/**
 * How far a photograph's public zoom goes: no further than the public size (the site's default),
 * or to the original's own pixels, in regions the worker cuts from the private original.
 */
export type ZoomReach = "public" | "original";

/**
 * A photograph's zoom from the site's choice and those of its placements (each "default",
 * "public" or "original"): the strictest a placement names wins, as for its place on the map,
 * so a photograph kept at the public size somewhere is kept at it everywhere.
 */
export function zoomReach(site: unknown, placements: readonly unknown[]): ZoomReach {
  if (placements.includes("public")) return "public";
  if (placements.includes("original")) return "original";
  return site === "original" ? "original" : "public";
}

/** A Sanity image asset's id, which names its private original too. */
export const ASSET_ID = /^image-[0-9a-f]{40}-[1-9]\d{0,5}x[1-9]\d{0,5}-(?:jpg|png)$/;

/** Where the owner's upload puts a photograph's original (signed as a gallery's upload is). */
export const originalPath = (assetId: string) => `/_app/originals/${assetId}`;

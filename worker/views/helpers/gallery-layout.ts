/**
 * Galleries lay their photographs out in justified rows (app.css `.gallery-rows`): each keeps
 * its shape, the photographs of a row share one height, and rows fill the width, so a gallery
 * leaves no holes whatever its shapes and count. A photograph's `sizes` follows from the row
 * height and its shape, so the two come from here.
 */

export type Measure = "prose" | "wide";

/** The row height from 640 px up (CSS px): `--row` in app.css, per measure. */
const ROW: Record<Measure, number> = { wide: 256, prose: 192 };

/** The widest the gallery's box ever gets, in CSS px (see the page containers). */
const MAX_GALLERY_WIDTH: Record<Measure, number> = { wide: 2300, prose: 672 };

/**
 * What a phone's screen keeps beside a page's content: the page's padding and its panel's, on
 * both sides (`px-4` and `px-5` in PageView and PostView). On a 412 px screen the content is
 * 340 px wide, not 412: without it, a phone would take the next larger rendition.
 */
export const PHONE_GUTTERS = "4.5rem";

/**
 * The `sizes` of one photograph of shape `ratio` (width ÷ height): below 640 px each fills a
 * row of its own; above, it is about the row height times its shape (rows stretch a little to
 * fill the line), never wider than the gallery.
 */
export function gallerySizes(measure: Measure, ratio: number): string {
  const drawn = Math.min(Math.round(ratio * ROW[measure] * 1.25), MAX_GALLERY_WIDTH[measure]);
  return `(min-width: 640px) ${drawn}px, calc(100vw - ${PHONE_GUTTERS})`;
}

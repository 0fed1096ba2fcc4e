/**
 * The store's resolution rule: a print size is offered only where the photograph, as the owner
 * cropped it, has at least 150 pixels per inch at that size. Written once here because the
 * worker decides with it (the Buy section, the cart, checkout and the paid order) and the page
 * says it to the visitor in the same words. Orientation does not matter: the photograph's long
 * edge goes on the print's long edge, so each edge must have its pixels (a print of another
 * shape is cut from the photograph, never stretched).
 */

/** Pixels per inch a print needs at least. */
export const MIN_PRINT_PPI = 150;

export interface Pixels {
  width: number;
  height: number;
}

export interface Inches {
  width: number;
  height: number;
}

/** Whether a photograph of `pixels` (after its crop) prints at `inches` with 150 ppi or more. */
export function printFits(pixels: Pixels, inches: Inches, ppi = MIN_PRINT_PPI): boolean {
  const valid = (n: number) => Number.isFinite(n) && n > 0;
  if (![pixels.width, pixels.height, inches.width, inches.height].every(valid)) return false;
  const longPx = Math.max(pixels.width, pixels.height);
  const shortPx = Math.min(pixels.width, pixels.height);
  const longIn = Math.max(inches.width, inches.height);
  const shortIn = Math.min(inches.width, inches.height);
  return longPx >= longIn * ppi && shortPx >= shortIn * ppi;
}

/** The pixels per inch a photograph of `pixels` has at `inches` (its weaker edge), rounded down. */
export function printPpi(pixels: Pixels, inches: Inches): number {
  const longPx = Math.max(pixels.width, pixels.height);
  const shortPx = Math.min(pixels.width, pixels.height);
  const longIn = Math.max(inches.width, inches.height);
  const shortIn = Math.min(inches.width, inches.height);
  return Math.floor(Math.min(longPx / longIn, shortPx / shortIn));
}

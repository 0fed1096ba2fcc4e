/**
 * The viewer's motion: how long it takes, and whether the visitor wants it at all (under
 * reduced motion every change is immediate).
 */

/** A zoom or pan step, a photograph sliding in from the side, one springing back after a drag. */
export const QUICK_MS = 200;

/** The photograph growing from its thumbnail as the viewer opens. */
export const OPEN_MS = 250;

export const moves = () => !matchMedia("(prefers-reduced-motion: reduce)").matches;

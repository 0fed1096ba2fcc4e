import { VARS, type Vars } from "./vars.ts";

const DEFAULT_SECONDS = Number(VARS.SLIDESHOW_INTERVAL_SECONDS.default);

/**
 * Milliseconds between the slideshow's crossfades, from `SLIDESHOW_INTERVAL_SECONDS` (2–600 s);
 * the default for anything else, as a slideshow that races or stalls is worse than the default.
 */
export function slideshowInterval(env: Pick<Vars, "SLIDESHOW_INTERVAL_SECONDS">): number {
  const seconds = Number(env.SLIDESHOW_INTERVAL_SECONDS?.trim() || Number.NaN);
  return (
    (Number.isFinite(seconds) && seconds >= 2 && seconds <= 600 ? seconds : DEFAULT_SECONDS) * 1000
  );
}

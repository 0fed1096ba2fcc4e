/** Milliseconds between the slideshow's crossfades, from `SLIDESHOW_INTERVAL_SECONDS` (default 8 s, 2–600 s). */
export function slideshowInterval(value: string | undefined): number {
  const seconds = Number(value?.trim() || Number.NaN);
  return Number.isFinite(seconds) && seconds >= 2 && seconds <= 600 ? seconds * 1000 : 8000;
}

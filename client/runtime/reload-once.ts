/**
 * S7: reloads the page after a client chunk failed to load, at most once per 10 s: a
 * sessionStorage flag holds the time of the last reload. client/head/before-paint.js does the
 * same for <script>/<link> load errors (which can happen before this module ever runs).
 */
export const RELOAD_KEY = "chunk-reload";
export const RELOAD_GUARD_MS = 10_000;

export function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY));
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // without storage a reload could loop
  }
  location.reload();
  return true;
}

/** Vite's event for a failed dynamic import or preload of a chunk (the islands). */
export function watchChunkErrors(): void {
  addEventListener("vite:preloadError", (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}

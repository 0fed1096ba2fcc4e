import { saveData } from "../../shared/browser/save-data.ts";
import { isCurrentPage, pageLink } from "./links.ts";

/**
 * Prefetches an in-site page when the visitor shows intent (pointer over, focus, touch),
 * never before, with at most 4 requests in flight and nothing under Save-Data.
 *
 * `<link rel="prefetch">` rather than Speculation Rules: it works in every browser, its load
 * and error events let us count what is in flight, and Chromium skips speculation rules under
 * automation, so a test could not see them. Chromium reuses a prefetched document for a
 * navigation within 5 minutes even though pages are `no-cache`.
 */
const MAX_IN_FLIGHT = 4;

const requested = new Set<string>();
const queue: string[] = [];
let inFlight = 0;
let stopped = false;

function pump(): void {
  while (!stopped && inFlight < MAX_IN_FLIGHT && queue.length > 0) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = queue.shift() as string;
    link.dataset.prefetch = "";
    inFlight += 1;
    link.onload = link.onerror = () => {
      inFlight -= 1;
      pump();
    };
    document.head.append(link);
  }
}

function onIntent(event: Event): void {
  if (stopped || saveData()) return;
  const url = pageLink(event.target);
  if (!url || isCurrentPage(url) || requested.has(url.href)) return;
  requested.add(url.href);
  queue.push(url.href);
  pump();
}

export function startPrefetching(): void {
  for (const type of ["pointerover", "focusin", "touchstart"]) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
}

/** After a new deployment nothing old may be reused: stop and drop what was prefetched. */
export function stopPrefetching(): void {
  stopped = true;
  queue.length = 0;
  for (const link of document.querySelectorAll("link[data-prefetch]")) link.remove();
}

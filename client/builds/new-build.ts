import { afterLoadAndIdle } from "../../shared/browser/after-load.ts";
import { isCurrentPage, pageLink } from "../runtime/links.ts";
import { stopPrefetching } from "../runtime/prefetch.ts";

/**
 * Polls /_app/builds/latest.json about 1 s after the page is idle, then hourly. When the
 * deployed build differs from this page's `<meta name="build-id">`, the next in-site
 * navigation is a full network load: prefetching stops and link clicks go to a URL with a
 * `_fresh` marker, because Chromium would otherwise serve a document prefetched earlier (from
 * the old build) for up to 5 minutes. The new page removes the marker from the address bar.
 */
const FIRST_CHECK_MS = 1_000;
const CHECK_EVERY_MS = 60 * 60 * 1_000;
const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
export const FRESH_PARAM = "_fresh";

async function latestBuildId(): Promise<unknown> {
  // A GET has no body, so it may be retried once on a transient status.
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`/_app/builds/latest.json?t=${Date.now()}`, {
      cache: "no-store",
    });
    if (response.ok) return ((await response.json()) as { id?: unknown }).id;
    if (attempt > 0 || !RETRY_STATUSES.includes(response.status)) {
      throw new Error(`latest.json answered ${response.status}`);
    }
  }
}

function loadFresh(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = pageLink(event.target);
  if (!url || isCurrentPage(url)) return;
  event.preventDefault();
  url.searchParams.set(FRESH_PARAM, String(Date.now()));
  location.assign(url);
}

export function watchForNewBuilds(): void {
  // The marker did its job on the way here; keep the address clean.
  const here = new URL(location.href);
  if (here.searchParams.has(FRESH_PARAM)) {
    here.searchParams.delete(FRESH_PARAM);
    history.replaceState(history.state, "", here);
  }
  const running = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content;
  if (!running) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const check = async () => {
    try {
      const id = await latestBuildId();
      if (typeof id !== "string" || id === running) return;
      clearInterval(timer);
      stopPrefetching();
      document.addEventListener("click", loadFresh);
    } catch (error) {
      console.warn("Build check failed", error);
    }
  };
  afterLoadAndIdle(() => {
    void check();
    timer = setInterval(check, CHECK_EVERY_MS);
  }, FIRST_CHECK_MS);
}

import { loadModuleScript } from "./module-script.ts";

/**
 * Scripts that only some pages or some visitors need, each its own hashed bundle named in a
 * `<meta>` of the page (worker/views/Document.tsx), loaded when it is needed and never before:
 * the search (on "/", ⌘K or Ctrl-K, a click on the header's search link, or the search page's
 * box taking focus) and more of a photo grid (where a grid has a next slice). The photo viewer
 * has its own loader (photo-viewer-loader.ts).
 */
function start(name: string): void {
  const src = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  if (src) loadModuleScript(src);
}

/** Loads the search when asked for; the search then answers every later request itself. */
export function loadSearchOnDemand(): void {
  const load = (event: Event, open: boolean) => {
    if (open) {
      event.preventDefault();
      document.documentElement.dataset.search = "open";
    }
    if (started) return;
    started = true;
    removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    document.removeEventListener("focusin", onFocus);
    start("search");
  };
  let started = false;
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const field = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if (
      ((event.key === "k" || event.key === "K") && (event.metaKey || event.ctrlKey)) ||
      (event.key === "/" && !field && !event.metaKey && !event.ctrlKey)
    )
      load(event, true);
  };
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.("[data-search-open]");
    if (link && !event.metaKey && !event.ctrlKey) load(event, true);
  };
  const onFocus = (event: FocusEvent) => {
    if ((event.target as Element).matches?.("[data-search-input]")) load(event, false);
  };
  addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  document.addEventListener("focusin", onFocus);
}

/** Loads the grid's "more" script where a photo grid has a next slice. */
export function loadMorePhotosWhenNeeded(): void {
  if (document.querySelector("a[data-photo-more]")) start("more-photos");
}

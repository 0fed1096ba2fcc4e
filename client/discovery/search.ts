/**
 * Search as the visitor types: a dialog over any page (opened by "/", ⌘K or Ctrl-K, or the
 * header's search link), and on the search page its own search box. Both show the search
 * page's own results part (`[data-search-results]` of `/search?q=…`, fetched as the page is:
 * cached at the edge like any page and purged on publish), so the dialog, the page and the
 * page without JavaScript always agree. Typing waits for a pause (DEBOUNCE_MS) and cancels the
 * request it supersedes; ↓ and ↑ move between the box and the results, Enter follows a result
 * (or, in the box, opens the whole results page), Escape closes and focus returns.
 *
 * Plain DOM, its styles inside, loaded on demand (shared/modules.ts): pages pay nothing for it
 * until the visitor asks for search.
 */
import { SEARCH } from "../../shared/modules.ts";
import { messagesFor } from "../runtime/messages.ts";
import { matchesShortcut } from "../runtime/shortcuts.ts";
import css from "./search.css?inline";

const DEBOUNCE_MS = 150;

const { t } = messagesFor("search");

/** The search page in the page's language: where the header's search link goes. */
const SEARCH_PAGE =
  document.querySelector<HTMLAnchorElement>(`a${SEARCH.opener}`)?.pathname ?? "/search";

/** Text for an attribute or element of the dialog's markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

const style = document.createElement("style");
style.textContent = css;
document.head.append(style);

const dialog = document.createElement("dialog");
dialog.className = "search-dialog";
dialog.setAttribute("aria-label", t("search.title"));
dialog.innerHTML =
  `<form action="${SEARCH_PAGE}" method="get" role="search">` +
  `<label for="sd-q" class="sr-only">${escapeHtml(t("search.label"))}</label>` +
  `<input id="sd-q" type="search" name="q" autocomplete="off" placeholder="${escapeHtml(t("search.placeholder"))}">` +
  `<button type="button" aria-label="${escapeHtml(t("search.close"))}">Esc</button></form>` +
  '<p class="sr-only" aria-live="polite"></p><div data-search-results></div>';
document.body.append(dialog);
const input = dialog.querySelector("input") as HTMLInputElement;
const status = dialog.querySelector("[aria-live]") as HTMLElement;
const dialogResults = dialog.querySelector("[data-search-results]") as HTMLElement;
let opener: Element | null = null;

/**
 * Results for the box, from the search page: its results part, made at home here, and its
 * message said in `said` (a live region beside the box, read out as the results change).
 */
function live(
  box: HTMLInputElement,
  results: () => HTMLElement | null,
  said: HTMLElement,
  onPage: boolean,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      pending?.abort();
      const controller = new AbortController();
      pending = controller;
      const query = box.value.trim();
      const address = `${SEARCH_PAGE}${query ? `?q=${encodeURIComponent(query)}` : ""}`;
      try {
        const response = await fetch(address, { signal: controller.signal });
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const found = page.querySelector("[data-search-results]");
        const target = results();
        if (controller.signal.aborted || !target) return;
        // No results part: an answer that is no search page (a 5xx), said as a failure below.
        if (!found) throw new Error(`the search answered ${response.status}`);
        for (const held of found.querySelectorAll("[data-after-paint]")) {
          held.removeAttribute("data-after-paint");
        }
        target.replaceChildren(
          ...[...found.childNodes].map((node) => document.importNode(node, true)),
        );
        said.textContent = found.querySelector("[data-search-message]")?.textContent ?? "";
        if (onPage) history.replaceState(history.state, "", address);
      } catch {
        // Superseded: the next request answers. Offline or failed: the last query's results
        // would pass for this one's, so they go; the form still submits.
        if (controller.signal.aborted) return;
        const failed = document.createElement("p");
        failed.className = "panel mx-auto max-w-3xl px-5 py-6 sm:px-8";
        failed.dataset.searchMessage = "";
        failed.textContent = t("search.failed");
        results()?.replaceChildren(failed);
        said.textContent = failed.textContent;
      }
    }, DEBOUNCE_MS);
  });
}

live(input, () => dialogResults, status, false);
const pageBox = document.querySelector<HTMLInputElement>(`main ${SEARCH.box}`);
if (pageBox) {
  // The dialog's region is not read out while the dialog is closed: the page's box has its own.
  const pageStatus = document.createElement("p");
  pageStatus.className = "sr-only";
  pageStatus.setAttribute("aria-live", "polite");
  pageBox.form?.after(pageStatus);
  live(pageBox, () => document.querySelector("main [data-search-results]"), pageStatus, true);
}

/** The box, then every result link, in order: what ↓ and ↑ move through. */
const stops = (box: HTMLInputElement, within: Element | null) => [
  box,
  ...(within?.querySelectorAll<HTMLElement>("[data-search-results] a[href]") ?? []),
];

function arrows(event: KeyboardEvent, box: HTMLInputElement, within: Element | null): void {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const list = stops(box, within);
  const at = list.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const to =
    list[Math.min(list.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))];
  event.preventDefault();
  to?.focus();
}

dialog.addEventListener("keydown", (event) => {
  // Escape closes at once (a search box would first only empty itself).
  if (event.key === "Escape") {
    event.preventDefault();
    dialog.close();
  } else arrows(event, input, dialog);
});
if (pageBox)
  document
    .querySelector("main")
    ?.addEventListener("keydown", (event) =>
      arrows(event, pageBox, document.querySelector("main")),
    );

function open(): void {
  if (!dialog.open) {
    opener = document.activeElement;
    dialog.showModal();
  }
  input.focus();
  input.select();
}

dialog.querySelector("button")?.addEventListener("click", () => dialog.close());
// A click on the backdrop (the dialog itself, outside its content) closes it.
dialog.addEventListener("click", (event) => {
  if (event.target === dialog) dialog.close();
});
dialog.addEventListener("close", () => (opener as HTMLElement | null)?.focus?.());

// Its own triggers (shared/modules.ts), which the loader replays when they brought it here.
addEventListener("keydown", (event) => {
  if (!matchesShortcut(event, SEARCH.keys)) return;
  event.preventDefault();
  open();
});
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest(SEARCH.opener) : null;
  if (!link || event.metaKey || event.ctrlKey) return;
  event.preventDefault();
  open();
});

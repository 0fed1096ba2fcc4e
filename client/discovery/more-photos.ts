/**
 * More of a photo grid as the visitor nears its end: the next slice's page (the "Older" link,
 * `a[data-photo-more]`, which stays a real link) is fetched like a prefetch, its thumbnails are
 * appended to the grid and its page links replace these. Without JavaScript, or under
 * Save-Data, the link is simply followed. Loaded on demand by the client entry, only on pages
 * with such a link (its entry in shared/modules.ts). The viewer over the grid asks for the next
 * slice when the visitor nears the end of what is loaded: it dispatches "photo-sequence:more" on
 * the grid. The name is written in both scripts, as the grid's selector is: a module of its own
 * would become a chunk that both bundles fetch for one string.
 */
import { saveData } from "../../shared/browser/save-data.ts";

const grid = document.querySelector<HTMLElement>("[data-photo-sequence]");
let loading = false;

const observer = new IntersectionObserver(
  (entries) => {
    if (entries.some((entry) => entry.isIntersecting)) void more();
  },
  // Well before the end: the next thumbnails are in place before they scroll into view.
  { rootMargin: "0px 0px 150% 0px" },
);

function watch(): void {
  observer.disconnect();
  const nav = document.querySelector("[data-pagination]");
  if (grid && !saveData() && nav?.querySelector("a[data-photo-more]")) observer.observe(nav);
}

async function more(): Promise<void> {
  const link = document.querySelector<HTMLAnchorElement>("a[data-photo-more]");
  if (loading || !grid || !link) return;
  loading = true;
  // Watched again only after a slice came: a failed one (the page gone, the visitor offline)
  // would be asked for again at every frame. Its link still works.
  let loaded = false;
  try {
    const response = await fetch(link.href);
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const item of page.querySelectorAll("[data-photo-sequence] > li")) {
      item.removeAttribute("data-after-paint");
      // Their page's first screen, not this one's: nothing of it is urgent here.
      for (const image of item.querySelectorAll("img")) {
        image.loading = "lazy";
        image.removeAttribute("fetchpriority");
      }
      grid.append(document.importNode(item, true));
    }
    const nav = page.querySelector("[data-pagination]");
    if (nav)
      document.querySelector("[data-pagination]")?.replaceWith(document.importNode(nav, true));
    loaded = true;
  } catch {
    // The link still works.
  } finally {
    loading = false;
    if (loaded) watch();
    else observer.disconnect();
  }
}

// The viewer, moving through this grid, asks for the next slice before it reaches the end.
grid?.addEventListener("photo-sequence:more", () => void more());

watch();

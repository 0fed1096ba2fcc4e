import { saveData } from "../../shared/browser/save-data.ts";
/**
 * The photo pages the viewer shows: each fetched and parsed once (like a prefetch, so the viewer
 * and the photo page always agree), its `[data-photo-view]` part and the links around it.
 */

/** The photo page's part the viewer shows, and what it links to. */
export interface View {
  node: Element;
  title: string;
  previous?: string;
  next?: string;
  back?: string;
}

/** The photograph's view in a photo page. */
export const PHOTO_VIEW = "[data-photo-view]";

const views = new Map<string, Promise<View>>();

/** The view of a photo page (fetched, or this document on a photo page); none on another page. */
export function viewOf(page: Document): View | undefined {
  const node = page.querySelector(PHOTO_VIEW);
  // A parsed document resolves its links against this page's address.
  const link = (selector: string) => node?.querySelector<HTMLAnchorElement>(selector)?.href;
  return node
    ? {
        node,
        title: page.title,
        previous: link("a[rel=prev]"),
        next: link("a[rel=next]"),
        back: link("a[data-photo-back]"),
      }
    : undefined;
}

/** A task of its own: the neighbours' pages arrive together, and each parse is a few ms. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** The photo page at `url`, fetched and parsed once. */
export function load(url: string): Promise<View> {
  let view = views.get(url);
  if (!view) {
    // Ahead of being shown (or never): a prefetch, which the site's insights do not count as a
    // view; the viewer says when it shows one.
    view = fetch(url, { headers: { Purpose: "prefetch" } })
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then(async (html) => {
        await nextTask();
        return viewOf(new DOMParser().parseFromString(html, "text/html")) ?? Promise.reject(url);
      });
    view.catch(() => views.delete(url));
    views.set(url, view);
  }
  return view;
}

/** The page at `url` is this one: its view needs no fetch. */
export function keep(url: string, view: View): void {
  views.set(url, Promise.resolve(view));
}

/**
 * Fetches a neighbour's page and its photograph at the size the stage will ask for; nothing
 * under Save-Data, where a step waits for its page instead.
 */
export function preload(url: string | undefined): Promise<View | undefined> {
  if (!url || saveData()) return Promise.resolve(undefined);
  return load(url).then(
    (view) => {
      const source = view.node.querySelector("img");
      if (source) {
        const image = new Image();
        image.sizes = source.sizes;
        image.srcset = source.srcset;
        image.src = source.src;
      }
      return view;
    },
    () => undefined,
  );
}

/**
 * The photo viewer: with JavaScript, a photograph link opens the photograph's own page over the
 * current one, in a modal <dialog>, instead of navigating; on a photo page itself, the viewer
 * opens over it at once. It shows that page's `[data-photo-view]` element (fetched like a
 * prefetch, so the viewer and the photo page always agree) on a dark full-viewport stage, and
 * the address bar shows the photo page's address: Back closes the viewer, Forward opens it
 * again, and a reload gives the server-rendered photo page (under the viewer).
 *
 * One module per concern: this one loads pages, moves through the sequence and keeps history
 * and focus; controls.ts the buttons, gestures.ts the pointer, wheel and touch input, zoom.ts
 * zooming and region loading, geometry.ts the arithmetic. Plain DOM rather than a React island:
 * the server already renders the markup, and this stays a fraction of the size (it loads only
 * on pages with photographs).
 */
import { createControls } from "./controls.ts";
import { fitWidth } from "./geometry.ts";
import { attachGestures } from "./gestures.ts";
import css from "./viewer.css?inline";
import { type Zoom, zoomable } from "./zoom.ts";

interface View {
  node: Element;
  title: string;
  previous?: string;
  next?: string;
  back?: string;
}

type Direction = "previous" | "next";

const views = new Map<string, Promise<View>>();

function viewOf(page: Document): View | undefined {
  const node = page.querySelector("[data-photo-view]");
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
function load(url: string): Promise<View> {
  let view = views.get(url);
  if (!view) {
    view = fetch(url)
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

/** Fetches a neighbour's page and its photograph at the size the stage will ask for. */
function preload(url: string | undefined): Promise<View | undefined> {
  if (!url) return Promise.resolve(undefined);
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

const style = document.createElement("style");
style.textContent = css;
document.head.append(style);

const dialog = document.createElement("dialog");
dialog.className = "photo-viewer";
dialog.setAttribute("aria-label", "Photograph");
// The Fullscreen API refuses a <dialog>: what goes full screen is this box inside it.
const root = document.createElement("div");
root.className = "pv-root";
dialog.append(root);
document.body.append(dialog);

let shown: (View & { url: string }) | undefined;
/**
 * The grid the viewer was opened from, when its links sit in a container that declares itself
 * a photo sequence (`[data-photo-sequence]`: a collection, a tag, search results): the viewer
 * then moves through that grid, in its order, rather than through each photograph's own
 * document. Links appended later (the next page of the grid) join it.
 */
let grid: HTMLElement | null = null;

/**
 * The photograph at `url` in the grid: its neighbours, its place ("3 of 120 · Landscape") and
 * whether the grid should load its next slice (the visitor is a few photographs from the end of
 * what is loaded, and the whole list has more).
 */
function inGrid(
  url: string,
): { previous?: string; next?: string; position: string; more: boolean } | undefined {
  const links = [...(grid?.querySelectorAll<HTMLAnchorElement>("a[data-photo]") ?? [])];
  const index = links.findIndex((link) => link.href === url);
  if (!grid || index < 0) return undefined;
  const { photoSequence: label, photoOffset = "0", photoTotal } = grid.dataset;
  const loaded = Number(photoOffset) + links.length;
  const total = Math.max(Number(photoTotal) || 0, loaded);
  return {
    previous: links[index - 1]?.href,
    next: links[index + 1]?.href,
    position: `${Number(photoOffset) + index + 1} of ${total}${label ? ` · ${label}` : ""}`,
    more: loaded < total && index >= links.length - 3,
  };
}

/** When the grid's next slice arrives, the photograph shown gains the neighbour it lacked. */
const gridGrowth = new MutationObserver(() => {
  const place = shown && inGrid(shown.url);
  if (!shown || !place || place.next === shown.next) return;
  shown = { ...shown, next: place.next };
  refresh();
  void preload(place.next);
});
let zoom: Zoom | undefined;
let stage: HTMLElement | undefined;
let image: HTMLImageElement | undefined;
let opener: HTMLElement | undefined;
let pageTitle = document.title;
/** The details panel as the visitor last set it; until then, open where there is room. */
let infoChoice: boolean | undefined;
/** On a photo page the viewer is the page: closing goes to where the photograph belongs. */
const standalone = !!document.querySelector("main [data-photo-view]");

const motion = () => !matchMedia("(prefers-reduced-motion: reduce)").matches;

const refresh = () =>
  ui.update({
    previous: !!shown?.previous,
    next: !!shown?.next,
    zoom: zoom?.zoom ?? 1,
    max: zoom?.max ?? 1,
    info: dialog.hasAttribute("data-info"),
  });

function setInfo(open: boolean) {
  dialog.toggleAttribute("data-info", open);
  zoom?.reset();
}

/** The Keyboard Lock API (Chromium); not in TypeScript's DOM types, which follow the standards. */
type KeyboardLock = { keyboard?: { lock?(keys: string[]): Promise<void> } };

/**
 * In full screen the browser takes Escape for itself (leaving full screen before the page hears
 * it), which would undo full screen before the zoom. Where the Keyboard Lock API exists, Escape
 * is the page's while full screen lasts, so it leaves the zoom first; holding Escape still leaves
 * full screen, and the browser says so when full screen starts. The lock ends with full screen.
 */
async function enterFullscreen(): Promise<void> {
  await root.requestFullscreen();
  await (navigator as Navigator & KeyboardLock).keyboard?.lock?.(["Escape"]);
}

const toggleFullscreen = () =>
  (document.fullscreenElement ? document.exitFullscreen() : enterFullscreen()).catch(() => {});

const ui = createControls(dialog, root, {
  close,
  step,
  zoom: (direction) => zoom?.by(direction > 0 ? 2 : 0.5, undefined, undefined, true),
  fullscreen: toggleFullscreen,
  info() {
    infoChoice = !dialog.hasAttribute("data-info");
    setInfo(infoChoice);
  },
});

/** Puts a copy of the view on the stage; the way back joins the details. */
function mount(view: View): void {
  const node = document.importNode(view.node, true);
  const info = node.querySelector("[data-photo-info]");
  const back = node.querySelector("[data-photo-back]");
  if (info) {
    info.id = "pv-info";
    if (back) info.append(back);
  }
  root.querySelector("[data-photo-view]")?.remove();
  root.append(node);
  stage = node.querySelector<HTMLElement>(".photo-stage") ?? undefined;
  image = node.querySelector<HTMLImageElement>("img[data-photo-image]") ?? undefined;
  // A drag is the viewer's (pan, swipe), not the browser's image drag and drop.
  if (image) image.draggable = false;
  zoom = stage && image ? zoomable(stage, image, refresh) : undefined;
}

/** Open beside the photograph where the screen leaves a panel's width next to it. */
function room(): boolean {
  const [, , w = 0, h = 0] = (image?.dataset.zoomRect ?? "").split(",").map(Number);
  const screen = { w: innerWidth, h: innerHeight };
  return innerWidth >= 768 && !!w && innerWidth - fitWidth(screen, { w, h }) >= 320;
}

async function show(url: string, how: "open" | "step" | "restore", slide = 0): Promise<void> {
  let view: View;
  try {
    view = await load(url);
  } catch {
    // The viewer cannot show it: the photo page itself can.
    location.assign(url);
    return;
  }
  if (how === "open") history.pushState({ photo: url }, "", url);
  else if (how === "step") history.replaceState({ photo: url }, "", url);
  const from = how === "open" ? opener?.querySelector("img")?.getBoundingClientRect() : undefined;
  const place = inGrid(url);
  if (place) view = { ...view, previous: place.previous, next: place.next };
  // The grid's "more" script (client/discovery/more-photos.ts) answers by appending its next slice.
  if (place?.more) grid?.dispatchEvent(new Event("photo-sequence:more"));
  mount(view);
  const label = root.querySelector("[data-photo-position]");
  if (place && label) label.textContent = place.position;
  document.title = view.title;
  shown = { ...view, url };
  if (!dialog.open) dialog.showModal();
  const beside = room();
  dialog.toggleAttribute("data-beside", beside);
  setInfo(infoChoice ?? beside);
  refresh();
  ui.wake();
  if (image && motion()) {
    if (from) {
      // The photograph grows from its thumbnail.
      const to = image.getBoundingClientRect();
      const dx = from.x + from.width / 2 - (to.x + to.width / 2);
      const dy = from.y + from.height / 2 - (to.y + to.height / 2);
      const timing = { duration: 250, easing: "cubic-bezier(.2,.8,.2,1)" };
      image.animate(
        { transform: [`translate(${dx}px,${dy}px) scale(${from.width / to.width})`, "none"] },
        timing,
      );
      root.animate({ backgroundColor: ["rgb(2 6 23 / 0)", "rgb(2 6 23)"] }, timing);
    } else if (slide) {
      image.animate({ translate: [`${slide * 12}% 0`, "0 0"], opacity: [0.3, 1] }, 200);
    }
  }
  void preload(view.previous);
  void preload(view.next);
}

/** Closes, with focus on the thumbnail of the photograph last shown (or the one opened). */
function hide(): void {
  if (!shown) return;
  const { url } = shown;
  shown = undefined;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  if (dialog.open) dialog.close();
  const thumbnail = [...document.querySelectorAll<HTMLAnchorElement>("a[data-photo]")].find(
    (link) => link.href === url && !dialog.contains(link),
  );
  document.title = pageTitle;
  (thumbnail ?? opener)?.focus();
}

/** Closing goes back in history, so the entry the viewer added goes too. */
function close(): void {
  if (standalone) location.assign(shown?.back ?? "/");
  else if (history.state?.photo) history.back();
  else hide();
}

/** Escape leaves the zoom first, then full screen, then the viewer. */
function leave(): void {
  if (zoom && zoom.zoom > 1.001) zoom.to(1, undefined, undefined, true);
  else if (document.fullscreenElement) void document.exitFullscreen();
  else close();
}

function step(direction: Direction): void {
  const url = shown?.[direction];
  if (!url) return;
  void show(url, "step", direction === "next" ? 1 : -1).then(() => {
    // Moving forward, the one after next is fetched too.
    if (direction === "next") void preload(shown?.next).then((view) => preload(view?.next));
  });
}

const photoLink = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-photo]") : null;

document.addEventListener("click", (event) => {
  const link = photoLink(event.target);
  // A photograph link with a modifier opens the photo page as the visitor asked (a new tab…).
  if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  if (dialog.contains(link)) return void show(link.href, "step");
  opener = link;
  grid = link.closest("[data-photo-sequence]");
  gridGrowth.disconnect();
  if (grid) gridGrowth.observe(grid, { childList: true });
  pageTitle = document.title;
  void show(link.href, "open");
});

// Intent: the page is fetched while the pointer is on its way.
for (const type of ["pointerover", "focusin"]) {
  document.addEventListener(type, (event) => {
    const link = photoLink(event.target);
    if (link && !dialog.contains(link)) load(link.href).catch(() => {});
  });
}

addEventListener("popstate", () => {
  const url = history.state?.photo;
  if (typeof url === "string" && !standalone) void show(url, "restore");
  else if (!standalone) hide();
});

addEventListener("resize", () => zoom?.reset());

// The browser's own close request (Escape, Android's back gesture): ours instead.
dialog.addEventListener("cancel", (event) => {
  event.preventDefault();
  leave();
});
// …and if the browser closed it anyway, the rest of closing follows.
dialog.addEventListener("close", () => {
  if (shown) close();
});

/**
 * Zoomed in, the arrow keys look around (a fifth of the screen a press), so a keyboard can
 * inspect every part of the photograph as a drag does; at fit, ← and → change photographs.
 */
const LOOK: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

dialog.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const key = event.key;
  const zoomTo = (factor: number) => zoom?.by(factor, undefined, undefined, true);
  const look = LOOK[key];
  if (look && zoom && zoom.zoom > 1.001)
    zoom.pan((look[0] * innerWidth) / 5, (look[1] * innerHeight) / 5);
  else if (key === "Escape") leave();
  else if (key === "ArrowLeft") step("previous");
  else if (key === "ArrowRight") step("next");
  else if (key === "+" || key === "=") zoomTo(2);
  else if (key === "-") zoomTo(0.5);
  else if (key === "0") zoom?.to(1, undefined, undefined, true);
  else if (key === "f") void toggleFullscreen();
  else if (key === "Tab") {
    // Keep focus inside: from the last control back to the first, and the other way.
    const controls = [...dialog.querySelectorAll<HTMLElement>("button, a[href]")].filter(
      (control) => control.getClientRects().length > 0,
    );
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement !== edge) return;
    (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
  } else return;
  event.preventDefault();
});

attachGestures(dialog, {
  stage: () => stage,
  zoomed: () => (zoom?.zoom ?? 1) > 1.001,
  zoomBy: (factor, x, y) => zoom?.by(factor, x, y),
  pan: (dx, dy) => zoom?.pan(dx, dy),
  toggle: (x, y) => zoom?.toggle(x, y),
  follow(dx, dy) {
    if (!image) return;
    const down = dy > Math.abs(dx);
    image.style.translate = down ? `0 ${dy}px` : `${dx}px 0`;
    root.style.backgroundColor = down ? `rgb(2 6 23 / ${1 - Math.min(dy / 500, 0.6)})` : "";
  },
  release(outcome) {
    root.style.backgroundColor = "";
    if (outcome === "close") return close();
    if (outcome && shown?.[outcome]) return step(outcome);
    const moved = image?.style.translate;
    if (!image || !moved) return;
    image.style.translate = "";
    if (motion()) image.animate({ translate: [moved, "0 0"] }, 200);
  },
});

// On a photo page, the page is the viewer's first photograph. It opens in a task of its own,
// not in the one that ran this script: each stays short, and the page under it already shows
// the same photograph in the same box, so the moment between them cannot be seen.
const own = standalone ? viewOf(document) : undefined;
if (own) {
  views.set(location.href, Promise.resolve(own));
  setTimeout(() => void show(location.href, "restore"));
}

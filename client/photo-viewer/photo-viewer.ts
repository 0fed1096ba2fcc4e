/**
 * The photo viewer: with JavaScript, a photograph link opens the photograph's own page over the
 * current one, in a modal <dialog>, instead of navigating; on a photo page itself, the viewer
 * opens over it at once. It shows that page's `[data-photo-view]` element (fetched like a
 * prefetch, so the viewer and the photo page always agree) on a dark full-viewport stage, and
 * the address bar shows the photo page's address: Back closes the viewer, Forward opens it
 * again, and a reload gives the server-rendered photo page (under the viewer).
 *
 * One module per concern. This one is the glue: it listens, asks the pure modules what an input
 * means, and carries their answers out on the page. navigation.ts decides what opening,
 * stepping, closing and the history do; keys.ts what each key does; zoom-state.ts where a zoom
 * or pan goes; geometry.ts the arithmetic (all four pure and unit tested). pages.ts fetches the
 * photo pages; controls.ts the buttons, gestures.ts the pointer, wheel and touch input, zoom.ts
 * the zoom's animation and region loading on the stage. Plain DOM rather than a React island:
 * the server already renders the markup, and this stays a fraction of the size (it loads only
 * on pages with photographs).
 */
import { saveData } from "../../shared/browser/save-data.ts";
import { messagesFor } from "../runtime/messages.ts";
import { createControls } from "./controls.ts";
import { followDrag, growFrom, opensBeside, photoSize } from "./geometry.ts";
import { attachGestures } from "./gestures.ts";
import { keyCommand, leaveStep, wrapFocus } from "./keys.ts";
import { moves, OPEN_MS, QUICK_MS } from "./motion.ts";
import {
  afterHistoryMove,
  closing,
  type Direction,
  grown,
  type How,
  historyChange,
  opensViewer,
  placeInGrid,
  type Shown,
  stepTo,
} from "./navigation.ts";
import { keep, load, PHOTO_VIEW, preload, type View, viewOf } from "./pages.ts";
import css from "./viewer.css?inline";
import { type Zoom, zoomable } from "./zoom.ts";
import { BACK_TO_FIT, FIT, isZoomed, ZOOM_STEP, type ZoomInput } from "./zoom-state.ts";

/** A right-to-left page: the sequence reads from right to left, its arrows and swipes too. */
const rtl = document.documentElement.dir === "rtl";
/** A photograph link: an ordinary link to its photo page, which the viewer opens instead. */
const PHOTO_LINK = "a[data-photo]";
/** The stage's backdrop (slate 950, the stylesheet's), which opening fades in and a drag down fades. */
const BACKDROP = "2 6 23";
/** A photograph stepped to slides in from this far on its side (% of its width)… */
const SLIDE_FROM = 12;
/** …fading in from this opacity. */
const SLIDE_OPACITY = 0.3;

const { t } = messagesFor("photo-viewer");

const style = document.createElement("style");
style.textContent = css;
document.head.append(style);

const dialog = document.createElement("dialog");
dialog.className = "photo-viewer";
dialog.setAttribute("aria-label", t("viewer.dialog"));
// Focusable itself (not in the Tab order), to hold the focus between two views.
dialog.tabIndex = -1;
// The Fullscreen API refuses a <dialog>: what goes full screen is this box inside it.
const root = document.createElement("div");
root.className = "pv-root";
dialog.append(root);
document.body.append(dialog);

let shown: Shown | undefined;
/**
 * The latest view asked for (each `show`, and a close): a page that comes after a later view or
 * a close was asked for does nothing, so the viewer never opens again by itself, nor shows an
 * older photograph over a newer one, nor writes history for it.
 */
let asked = 0;
/**
 * The grid the viewer was opened from, when its links sit in a container that declares itself
 * a photo sequence (`[data-photo-sequence]`: a collection, a tag, search results): the viewer
 * then moves through that grid, in its order, rather than through each photograph's own
 * document. Links appended later (the next page of the grid) join it.
 */
let grid: HTMLElement | null = null;

/** The photograph at `url` in the grid it was opened from (navigation.ts). */
function inGrid(url: string) {
  if (!grid) return undefined;
  const links = [...grid.querySelectorAll<HTMLAnchorElement>(PHOTO_LINK)].map((link) => link.href);
  return placeInGrid(links, url, grid.dataset);
}

/** When the grid's next slice arrives, the photograph shown gains the neighbour it lacked. */
const gridGrowth = new MutationObserver(() => {
  const now = shown && grown(shown, inGrid(shown.url));
  if (!now) return;
  shown = now;
  refresh();
  void preload(now.next);
});
let zoom: Zoom | undefined;
let stage: HTMLElement | undefined;
let image: HTMLImageElement | undefined;
let opener: HTMLElement | undefined;
let pageTitle = document.title;
/** The details panel as the visitor last set it; until then, open where there is room. */
let infoChoice: boolean | undefined;
/** On a photo page the viewer is the page: closing goes to where the photograph belongs. */
const standalone = !!document.querySelector(`main ${PHOTO_VIEW}`);

const zoomed = () => isZoomed(zoom?.zoom ?? FIT);
const move = (input: ZoomInput) => zoom?.move(input);

const refresh = () =>
  ui.update({
    previous: !!shown?.previous,
    next: !!shown?.next,
    zoom: zoom?.zoom ?? FIT,
    max: zoom?.max ?? FIT,
    info: dialog.hasAttribute("data-info"),
  });

function setInfo(open: boolean) {
  dialog.toggleAttribute("data-info", open);
  move({ type: "reset" });
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

const ui = createControls(
  dialog,
  root,
  {
    close,
    step,
    zoom: (direction) =>
      move({ type: "by", factor: direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, animate: true }),
    fullscreen: toggleFullscreen,
    info() {
      infoChoice = !dialog.hasAttribute("data-info");
      setInfo(infoChoice);
    },
  },
  {
    close: t("viewer.close"),
    previous: t("viewer.previous"),
    next: t("viewer.next"),
    zoomIn: t("viewer.zoomIn"),
    zoomOut: t("viewer.zoomOut"),
    fullscreen: t("viewer.fullscreen"),
    details: t("viewer.details"),
  },
);

/** Puts a copy of the view on the stage; the way back joins the details. */
function mount(view: View): void {
  const node = document.importNode(view.node, true);
  const info = node.querySelector("[data-photo-info]");
  const back = node.querySelector("[data-photo-back]");
  if (info) {
    info.id = "pv-info";
    if (back) info.append(back);
  }
  const old = root.querySelector(PHOTO_VIEW);
  // Focus on a control of the view going (a heart, a tag) would fall to the page, where the
  // viewer's keys no longer reach: the dialog keeps it.
  const focused = old?.contains(document.activeElement) === true;
  old?.remove();
  root.append(node);
  if (focused) dialog.focus();
  stage = node.querySelector<HTMLElement>(".photo-stage") ?? undefined;
  image = node.querySelector<HTMLImageElement>("img[data-photo-image]") ?? undefined;
  // A drag is the viewer's (pan, swipe), not the browser's image drag and drop.
  if (image) image.draggable = false;
  zoom = stage && image ? zoomable(stage, image, refresh) : undefined;
}

/** Whether the details open by themselves: beside the photograph, with room for both (geometry.ts). */
function room(): boolean {
  const photo = image
    ? photoSize(image.dataset.zoomRect, image.getAttribute("width"), image.getAttribute("height"))
    : { w: 0, h: 0 };
  return opensBeside({ w: innerWidth, h: innerHeight }, photo);
}

async function show(url: string, how: How, slide = 0): Promise<void> {
  const ask = ++asked;
  let view: View;
  try {
    view = await load(url);
  } catch {
    // The viewer cannot show it: the photo page itself can.
    if (ask === asked) location.assign(url);
    return;
  }
  if (ask !== asked) return;
  const change = historyChange(how, Boolean(history.state?.photo));
  if (change === "push") history.pushState({ photo: url }, "", url);
  else if (change === "replace") history.replaceState({ photo: url }, "", url);
  const from = how === "open" ? opener?.querySelector("img")?.getBoundingClientRect() : undefined;
  const place = inGrid(url);
  if (place) view = { ...view, previous: place.previous, next: place.next };
  // The grid's "more" script (client/discovery/more-photos.ts) answers by appending its next slice.
  if (place?.more) grid?.dispatchEvent(new Event("photo-sequence:more"));
  mount(view);
  const label = root.querySelector("[data-photo-position]");
  if (place && label) {
    const { sequence, ...at } = place.position;
    label.textContent = sequence
      ? t("photo.positionIn", { ...at, sequence })
      : t("photo.position", at);
  }
  document.title = view.title;
  shown = { ...view, url };
  // The owner's insights count it as a view of its page (whose fetch was a prefetch); the photo
  // page's own was counted as the browser loaded it.
  if (how !== "page") {
    navigator.sendBeacon?.("/_app/insights/view", new URL(url, location.href).pathname);
  }
  if (!dialog.open) dialog.showModal();
  setInfo(infoChoice ?? room());
  refresh();
  ui.wake();
  if (image && moves()) {
    if (from) {
      // The photograph grows from its thumbnail.
      const timing = { duration: OPEN_MS, easing: "cubic-bezier(.2,.8,.2,1)" };
      const transform = growFrom(from, image.getBoundingClientRect());
      image.animate({ transform: [transform, "none"] }, timing);
      root.animate({ backgroundColor: [`rgb(${BACKDROP} / 0)`, `rgb(${BACKDROP})`] }, timing);
    } else if (slide) {
      const translate = [`${(rtl ? -slide : slide) * SLIDE_FROM}% 0`, "0 0"];
      image.animate({ translate, opacity: [SLIDE_OPACITY, 1] }, QUICK_MS);
    }
  }
  void preload(view.previous);
  void preload(view.next);
}

/** Closes, with focus on the thumbnail of the photograph last shown (or the one opened). */
function hide(): void {
  asked++;
  if (!shown) return;
  const { url } = shown;
  shown = undefined;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  if (dialog.open) dialog.close();
  const thumbnail = [...document.querySelectorAll<HTMLAnchorElement>(PHOTO_LINK)].find(
    (link) => link.href === url && !dialog.contains(link),
  );
  document.title = pageTitle;
  (thumbnail ?? opener)?.focus();
}

function close(): void {
  const how = closing({ standalone, back: shown?.back, inHistory: !!history.state?.photo });
  if (how.type === "go") location.assign(how.url);
  else if (how.type === "back") history.back();
  else hide();
}

/** One step out: the zoom, full screen, then the viewer (`finish`, closing by default). */
function leave(finish = close): void {
  const what = leaveStep({ zoomed: zoomed(), fullscreen: !!document.fullscreenElement });
  if (what === "fit") move(BACK_TO_FIT);
  else if (what === "fullscreen") void document.exitFullscreen();
  else finish();
}

function step(direction: Direction): void {
  const target = stepTo(shown, direction);
  if (!target) return;
  void show(target.url, "step", target.slide).then(() => {
    // Moving forward, the one after next is fetched too.
    if (direction === "next") void preload(shown?.next).then((view) => preload(view?.next));
  });
}

const photoLink = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>(PHOTO_LINK) : null;

// Buy, on the stage: the details open at the Buy section, its first choice focused.
dialog.addEventListener("click", (event) => {
  const buy = event.target instanceof Element && event.target.closest("a[data-photo-buy]");
  if (!buy) return;
  event.preventDefault();
  infoChoice = true;
  setInfo(true);
  refresh();
  const section = dialog.querySelector<HTMLElement>("[data-buy]");
  section?.scrollIntoView({ block: "start" });
  section
    ?.querySelector<HTMLElement>("input:not([type=hidden]), select, button")
    ?.focus({ preventScroll: true });
});

document.addEventListener("click", (event) => {
  const link = photoLink(event.target);
  if (!link || !opensViewer(event)) return;
  event.preventDefault();
  if (dialog.contains(link)) return void show(link.href, "step");
  opener = link;
  grid = link.closest("[data-photo-sequence]");
  gridGrowth.disconnect();
  if (grid) gridGrowth.observe(grid, { childList: true });
  pageTitle = document.title;
  void show(link.href, "open");
});

// Intent: the page is fetched while the pointer is on its way (not under Save-Data).
for (const type of ["pointerover", "focusin"]) {
  document.addEventListener(type, (event) => {
    const link = photoLink(event.target);
    if (link && !dialog.contains(link) && !saveData()) load(link.href).catch(() => {});
  });
}

addEventListener("popstate", () => {
  const next = afterHistoryMove({ standalone, photo: history.state?.photo });
  if (next?.type === "show") void show(next.url, "restore");
  else if (next) hide();
});

addEventListener("resize", () => move({ type: "reset" }));

/**
 * The browser's own close request (Android's back gesture; Escape is the keydown's, prevented
 * before it gets here). On a photo page the viewer opened by itself, with no entry of its own
 * in the history: closing there would go on to the photograph's gallery, forward, for a visitor
 * who asked to go back (from a search result, a shared link). It leaves them the page under it.
 */
const browserClose = () => (standalone ? hide() : close());

dialog.addEventListener("cancel", (event) => {
  event.preventDefault();
  leave(browserClose);
});
// …and if the browser closed it anyway, the rest of closing follows. The event comes a task
// after the closing: by then Forward may have shown the viewer again, which it must not undo.
dialog.addEventListener("close", () => {
  if (shown && !dialog.open) browserClose();
});

/** A field the visitor types or chooses in (the Buy section's options and quantity). */
const isField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));

dialog.addEventListener("keydown", (event) => {
  const command = keyCommand(event, {
    zoomed: zoomed(),
    screen: { w: innerWidth, h: innerHeight },
    rtl,
  });
  if (!command) return;
  // In a field, + and − are digits' neighbours and the arrows choose an option: only Tab and
  // Escape stay the viewer's.
  if (isField(event.target) && command.type !== "tab" && command.type !== "leave") return;
  if (command.type === "zoom") move(command.input);
  else if (command.type === "step") step(command.direction);
  else if (command.type === "leave") leave();
  else if (command.type === "fullscreen") void toggleFullscreen();
  else {
    const controls = [
      ...dialog.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea"),
    ].filter((control) => control.getClientRects().length > 0);
    const target = wrapFocus(controls, document.activeElement, command.backwards);
    if (!target) return;
    target.focus();
  }
  event.preventDefault();
});

attachGestures(dialog, {
  stage: () => stage,
  zoomed,
  zoom: move,
  follow(dx, dy) {
    if (!image) return;
    const { translate, backdrop } = followDrag(dx, dy);
    image.style.translate = translate;
    root.style.backgroundColor = backdrop === undefined ? "" : `rgb(${BACKDROP} / ${backdrop})`;
  },
  release(outcome) {
    root.style.backgroundColor = "";
    if (outcome === "close") return close();
    if (outcome && stepTo(shown, outcome)) return step(outcome);
    const moved = image?.style.translate;
    if (!image || !moved) return;
    image.style.translate = "";
    if (moves()) image.animate({ translate: [moved, "0 0"] }, QUICK_MS);
  },
});

// On a photo page, the page is the viewer's first photograph. It opens in a task of its own,
// not in the one that ran this script: each stays short, and the page under it already shows
// the same photograph in the same box, so the moment between them cannot be seen.
const own = standalone ? viewOf(document) : undefined;
if (own) {
  keep(location.href, own);
  setTimeout(() => void show(location.href, "page"));
}

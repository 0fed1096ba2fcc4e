import { useSyncExternalStore } from "react";

/**
 * The slideshow's state, shared by two React roots (the backdrop and the footer toggle)
 * through this module. The visitor's choice and the current slide live in sessionStorage for
 * the browsing session; client/head/before-paint.js reads the same key before first paint.
 */
export const SESSION_KEY = "slideshow";

/** What the session remembers: `off` when turned off, the slide index and its image URL. */
interface Saved {
  off?: 1;
  i?: number;
  src?: string;
  bg?: string;
}

export interface SlideshowState {
  /** False on the server and during hydration, so both renders match. */
  ready: boolean;
  on: boolean;
  /** The first photograph has loaded. */
  loaded: boolean;
}

function readSaved(): Saved {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "{}");
    return typeof value === "object" && value !== null ? (value as Saved) : {};
  } catch {
    return {};
  }
}

const inBrowser = typeof document !== "undefined";
const serverState: SlideshowState = { ready: false, on: true, loaded: false };
let saved: Saved = inBrowser ? readSaved() : {};
let state: SlideshowState = inBrowser
  ? { ready: true, on: !saved.off, loaded: false }
  : serverState;
const listeners = new Set<() => void>();

function save(patch: Saved): void {
  saved = { ...saved, ...patch };
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(saved));
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

function update(patch: Partial<SlideshowState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSlideshow(): SlideshowState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

/** Active: on, and the first photograph is in. */
export const isActive = (s: SlideshowState) => s.on && s.loaded;

export function setOn(on: boolean): void {
  save({ off: on ? undefined : 1 });
  // The same attribute the head script sets before first paint; CSS hides the backdrop.
  if (on) document.documentElement.removeAttribute("data-slideshow");
  else document.documentElement.dataset.slideshow = "off";
  update({ on });
}

export function markLoaded(): void {
  if (!state.loaded) update({ loaded: true });
}

/**
 * The backdrop's first photograph, as the server rendered it, may have loaded before any island
 * hydrated (they hydrate well after the first paint): the toggle needs to know, whichever of
 * the two islands comes first.
 */
function watchFirstPhotograph(): void {
  const image = document.querySelector<HTMLImageElement>("[data-backdrop] img[data-current]");
  if (image?.complete && image.naturalWidth > 0) markLoaded();
  else image?.addEventListener("load", markLoaded, { once: true });
}
if (inBrowser) watchFirstPhotograph();

/** The slide to start on: the one the visitor saw last in this session (read once, at load). */
export const resumeSlide: number = Number.isInteger(saved.i) ? (saved.i as number) : 0;

export function saveSlide(i: number, src: string, bg: string | undefined): void {
  save({ i, src, bg });
}

/**
 * Every module the browser loads after the entry, by name: the one list that the Vite build
 * (its inputs), the build info (`virtual:build-info`: each module's hashed address), the
 * server's views (the addresses in every page, the islands' markers) and the client's one
 * loader (client/runtime/modules.ts) all read. Plain data, so Node (vite.config.ts, the build
 * plugin), the worker and the browser can all import it.
 *
 * Adding a module is one entry here plus its file. An island is a React component the server
 * renders inside a marker (`<Island name="…" component={…} props={…} />`, worker/views/
 * Island.tsx) and the loader hydrates; a module is a plain DOM script that does its work when
 * it runs. Nothing here is loaded before the first paint, and nothing before it is needed.
 */

/** What starts a module: the first of its triggers that happens. */
export type Trigger =
  /** An element matching `selector` is in the page when the entry runs. */
  | { readonly on: "present"; readonly selector: string }
  /** The first element matching `selector` comes into view (focusing one scrolls it in too). */
  | { readonly on: "visible"; readonly selector: string }
  /**
   * The visitor shows intent towards an element matching `selector` (an island: its marker):
   * the pointer over it, focus in it, a touch. A press that comes before the module is ready
   * is held and replayed once it is (see `press`).
   */
  | { readonly on: "intent"; readonly selector?: string }
  /**
   * A press (a click, or Enter or Space on a button or link) on an element matching `selector`
   * (an island: its marker). The press is held until the module is ready, then replayed, so
   * the server-rendered control works from the first paint; should the module fail to load,
   * the replayed press does what the plain control does (a link is followed).
   */
  | { readonly on: "press"; readonly selector?: string }
  /**
   * One of these keyboard shortcuts ("/", "Mod+k": ⌘ on a Mac, Ctrl elsewhere; those without a
   * modifier not while typing in a field). Held and replayed like a press.
   */
  | { readonly on: "keys"; readonly keys: readonly string[] }
  /** Focus enters an element matching `selector`. */
  | { readonly on: "focus"; readonly selector: string }
  /** The page has loaded, the browser is idle, and `delay` more milliseconds have passed. */
  | { readonly on: "idle"; readonly delay?: number };

export interface BrowserModule {
  /**
   * "island": a React component hydrated into the markers the server rendered for it (found
   * by `[data-island="<name>"]`; without one in the page it is never loaded). "module": a plain
   * DOM script, which does its work when it runs.
   */
  readonly kind: "island" | "module";
  /** Its source file, from the repository's root. */
  readonly entry: string;
  /** What loads it. */
  readonly load: readonly Trigger[];
}

/**
 * What asks for the search: its triggers here, and what it answers itself once it runs
 * (client/discovery/search.ts).
 */
export const SEARCH = {
  keys: ["/", "Mod+k"],
  /** The header's search link. */
  opener: "[data-search-open]",
  /** The search page's own box. */
  box: "[data-search-input]",
} as const;

/**
 * How long after the page has loaded (and the browser is idle) the islands hydrate unasked:
 * after the page's own work (held-back content, the viewer, the build check), so that React's
 * evaluation and hydration do not add to it.
 */
const ISLANDS_AFTER_IDLE_MS = 1_000;

export const BROWSER_MODULES = {
  /**
   * The background photographs. The server renders the first one (the head script paints the
   * session's slide instead); the island is needed only for the first crossfade, an interval
   * after the page has loaded. React comes with the first island, a second after the page has
   * loaded and the browser is idle: long after the first paint, long before the crossfade.
   */
  Slideshow: {
    kind: "island",
    entry: "shared/islands/slideshow/Slideshow.tsx",
    load: [{ on: "idle", delay: ISLANDS_AFTER_IDLE_MS }],
  },
  /** The toggles work from the first paint: a press before hydration is held and replayed. */
  SlideshowToggle: {
    kind: "island",
    entry: "shared/islands/slideshow/SlideshowToggle.tsx",
    load: [{ on: "intent" }, { on: "press" }, { on: "idle", delay: ISLANDS_AFTER_IDLE_MS }],
  },
  ThemeToggle: {
    kind: "island",
    entry: "shared/islands/theme/ThemeToggle.tsx",
    load: [{ on: "intent" }, { on: "press" }, { on: "idle", delay: ISLANDS_AFTER_IDLE_MS }],
  },
  /**
   * At once over a photo page; elsewhere once a photograph link comes into view, or is clicked
   * before the viewer is there (on a slow device): that click is held and opens the viewer.
   */
  "photo-viewer": {
    kind: "module",
    entry: "client/photo-viewer/photo-viewer.ts",
    load: [
      { on: "present", selector: "main [data-photo-view]" },
      { on: "visible", selector: "a[data-photo]" },
      { on: "press", selector: "a[data-photo]" },
    ],
  },
  /** When asked for: "/", ⌘K or Ctrl-K, the header's search link, the search page's box. */
  search: {
    kind: "module",
    entry: "client/discovery/search.ts",
    load: [
      { on: "keys", keys: SEARCH.keys },
      { on: "press", selector: SEARCH.opener },
      { on: "focus", selector: SEARCH.box },
    ],
  },
  /** More of a photo grid, where a grid has a next slice. */
  "more-photos": {
    kind: "module",
    entry: "client/discovery/more-photos.ts",
    load: [{ on: "present", selector: "a[data-photo-more]" }],
  },
  /**
   * The map over the map page's list of places (client/map/map.ts), where a page has one: after
   * the first paint (the list), like every module; no other page loads a byte of it.
   */
  map: {
    kind: "module",
    entry: "client/map/map.ts",
    load: [{ on: "present", selector: "[data-map]" }],
  },
  /** The contact form's live checks and its fill-time stamp, where the form is. */
  "inquiry-form": {
    kind: "module",
    entry: "client/inquiries/inquiry-form.ts",
    load: [{ on: "present", selector: "form[data-inquiry-form]" }],
  },
  /**
   * On a site in several languages (its pages carry the language switcher), the page in the
   * language the visitor's browser prefers, suggested with a link: made in the browser, so that
   * every address is one page for every visitor (no redirect, nothing keyed on
   * Accept-Language); a site in one language never loads it.
   */
  "language-suggestion": {
    kind: "module",
    entry: "client/i18n/language-suggestion.ts",
    load: [{ on: "present", selector: "nav[data-languages]" }],
  },
  /**
   * A Buy section's "Add to cart" without a reload and its quantity fixed at 1 for a licence,
   * where a page sells a photograph, or when a choice is made or the button pressed in the
   * viewer's copy of a photograph's page (a grid sells nothing).
   */
  "buy-form": {
    kind: "module",
    entry: "client/store/buy.ts",
    load: [
      { on: "present", selector: "form[data-buy-form]" },
      { on: "focus", selector: "form[data-buy-form]" },
      { on: "press", selector: "form[data-buy-form] button" },
    ],
  },
  /**
   * An order's page that waits for its payment or its licences' check: updated in place, where
   * a meta refresh reloads it without JavaScript.
   */
  "order-status": {
    kind: "module",
    entry: "client/store/order-status.ts",
    load: [{ on: "present", selector: "[data-order-status][data-order-refresh]" }],
  },
  /** A client gallery's hearts, answered at once, where a gallery or one of its photographs is. */
  "gallery-favourites": {
    kind: "module",
    entry: "client/galleries/favourites.ts",
    load: [{ on: "present", selector: "form[data-favourite-form]" }],
  },
} as const satisfies Record<string, BrowserModule>;

export type ModuleName = keyof typeof BROWSER_MODULES;

/** The names of the islands: what a server-rendered marker may name. */
export type IslandName = {
  [Name in ModuleName]: (typeof BROWSER_MODULES)[Name]["kind"] extends "island" ? Name : never;
}[ModuleName];

/**
 * The island runtime: React DOM and the hydration of a marker, shared by every island and
 * loaded with the first of them. Not a module of the list: the build adds it beside them.
 */
export const ISLAND_RUNTIME = "client/islands/hydrate.ts";

/** Where each module is in this build: what a page carries, as JSON, in `#modules`. */
export interface ModuleAddresses {
  islandRuntime: string;
  modules: Record<ModuleName, string>;
}

/** The id of the element that carries the module addresses in every page. */
export const MODULE_ADDRESSES_ID = "modules";

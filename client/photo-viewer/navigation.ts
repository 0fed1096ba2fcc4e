/**
 * The viewer's place in the visitor's browsing, as plain data: which clicks open it, which
 * photographs are a photograph's neighbours (its document's, or the grid's it was opened from),
 * what showing one does to the session history, and what closing and Back and Forward do.
 * Pure, so that it is tested in Node; photo-viewer.ts carries the answers out.
 */

export type Direction = "previous" | "next";

/** The photograph on show: its photo page's address and the addresses around it. */
export interface Shown {
  url: string;
  previous?: string;
  next?: string;
  /** Where the photograph belongs (its gallery's page, post or collection). */
  back?: string;
}

/**
 * How a photograph comes on show: from a thumbnail, by a step, from the history, or as the photo
 * page's own (the page the browser loaded, whose view the server counted).
 */
export type How = "open" | "step" | "restore" | "page";

/** A click's button and modifiers, as a MouseEvent has them. */
export interface Click {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Whether a click on a photograph link opens the viewer: a click with a modifier or another
 * button opens the photo page as the visitor asked (a new tab, a new window…).
 */
export const opensViewer = (click: Click) =>
  !click.button && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;

/** The grid's declaration (`data-photo-sequence`, `-offset`, `-total`), as its dataset has it. */
export interface Sequence {
  photoSequence?: string;
  photoOffset?: string;
  photoTotal?: string;
}

/** The photograph's place in the grid it was opened from. */
export interface GridPlace {
  previous?: string;
  next?: string;
  /** Its number in the whole grid (1-based), of how many, and the grid's name. */
  position: { position: number; count: number; sequence?: string };
  /** Whether the grid should load its next slice now. */
  more: boolean;
}

/** Within this many photographs of the end of what the grid has loaded, it loads more. */
export const MORE_WITHIN = 3;

/**
 * The photograph at `url` among the grid's links (`links`, their addresses in order): its
 * neighbours, its place, and whether the grid should load more (the visitor is near the end of
 * what is loaded, and the whole list has more). None when the grid does not hold it.
 */
export function placeInGrid(
  links: readonly string[],
  url: string,
  { photoSequence: label, photoOffset = "0", photoTotal }: Sequence,
): GridPlace | undefined {
  const index = links.indexOf(url);
  if (index < 0) return undefined;
  const offset = Number(photoOffset);
  const loaded = offset + links.length;
  const total = Math.max(Number(photoTotal) || 0, loaded);
  return {
    previous: links[index - 1],
    next: links[index + 1],
    position: { position: offset + index + 1, count: total, ...(label ? { sequence: label } : {}) },
    more: loaded < total && index >= links.length - MORE_WITHIN,
  };
}

/**
 * The photograph on show once the grid has grown (its next slice arrived): it gains the
 * neighbour it lacked. None when nothing changes.
 */
export function grown(shown: Shown, place: GridPlace | undefined): Shown | undefined {
  if (!place || place.next === shown.next) return undefined;
  return { ...shown, next: place.next };
}

/**
 * What showing a photograph does to the session history: opening adds an entry (Back closes
 * the viewer), a step replaces it (Back still closes, rather than stepping back through every
 * photograph seen), and one restored from the history, or the page's own, leaves it as it is.
 * An opening that finds a photograph's entry already (a second click while the first opened)
 * replaces it too, so one Escape or Back still closes.
 */
export const historyChange = (how: How, photoInHistory: boolean): "push" | "replace" | undefined =>
  how === "open" && !photoInHistory
    ? "push"
    : how === "step" || how === "open"
      ? "replace"
      : undefined;

/** Where a step goes, and from which side the photograph slides in; none at either end. */
export function stepTo(
  shown: Shown | undefined,
  direction: Direction,
): { url: string; slide: 1 | -1 } | undefined {
  const url = shown?.[direction];
  return url ? { url, slide: direction === "next" ? 1 : -1 } : undefined;
}

export type Closing =
  /** Leave for another page. */
  | { type: "go"; url: string }
  /** Back in the history, which removes the viewer's entry; the popstate that follows hides it. */
  | { type: "back" }
  | { type: "hide" };

/**
 * How the viewer closes. On a photo page the viewer is the page, so closing goes to where the
 * photograph belongs (the home page if it does not say). Elsewhere the entry the viewer added
 * goes too, so that Back after closing does not reopen it.
 */
export function closing(state: {
  standalone: boolean;
  back?: string;
  inHistory: boolean;
}): Closing {
  if (state.standalone) return { type: "go", url: state.back ?? "/" };
  if (state.inHistory) return { type: "back" };
  return { type: "hide" };
}

/**
 * What Back or Forward (popstate) does: an entry of the viewer's shows its photograph, any other
 * hides the viewer. A photo page's own viewer ignores the history (it is the page).
 */
export function afterHistoryMove(state: {
  standalone: boolean;
  photo: unknown;
}): { type: "show"; url: string } | { type: "hide" } | undefined {
  if (state.standalone) return undefined;
  return typeof state.photo === "string" ? { type: "show", url: state.photo } : { type: "hide" };
}

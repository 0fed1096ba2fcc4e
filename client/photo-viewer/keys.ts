/**
 * What each key does in the viewer, in which state, as plain data: the viewer's keydown handler
 * carries the command out. Pure, so that it is tested in Node.
 */
import type { Size } from "./geometry.ts";
import type { Direction } from "./navigation.ts";
import { BACK_TO_FIT, ZOOM_STEP, type ZoomInput } from "./zoom-state.ts";

/**
 * Zoomed in, an arrow key looks around by this share of the screen a press, so a keyboard can
 * inspect every part of the photograph as a drag does.
 */
export const KEY_PAN_SHARE = 1 / 5;

/** The key and its modifiers, as a KeyboardEvent has them. */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export type KeyCommand =
  /** Zoom or pan: zoom-state.ts says where to. */
  | { type: "zoom"; input: ZoomInput }
  | { type: "step"; direction: Direction }
  /** Escape: one step out (see leaveStep). */
  | { type: "leave" }
  | { type: "fullscreen" }
  /** Tab: focus stays inside the viewer (see wrapFocus). */
  | { type: "tab"; backwards: boolean };

/** Which way each arrow moves the photograph: the view moves the other way, as a drag does. */
const LOOK: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

/**
 * The command of a key press, or none (the browser keeps the key): zoomed in, the arrows look
 * around; at fit, ← and → change photographs (in a right-to-left page, ← is the next one, as
 * the page reads that way). A press with Alt, Ctrl or ⌘ is the browser's.
 */
export function keyCommand(
  press: KeyPress,
  state: { zoomed: boolean; screen: Size; rtl?: boolean },
): KeyCommand | undefined {
  if (press.altKey || press.ctrlKey || press.metaKey) return undefined;
  const look = LOOK[press.key];
  if (look && state.zoomed) {
    const [x, y] = look;
    const input = {
      type: "pan",
      dx: x * state.screen.w * KEY_PAN_SHARE,
      dy: y * state.screen.h * KEY_PAN_SHARE,
    } as const;
    return { type: "zoom", input };
  }
  switch (press.key) {
    case "Escape":
      return { type: "leave" };
    case "ArrowLeft":
      return { type: "step", direction: state.rtl ? "next" : "previous" };
    case "ArrowRight":
      return { type: "step", direction: state.rtl ? "previous" : "next" };
    case "+":
    case "=":
      return { type: "zoom", input: { type: "by", factor: ZOOM_STEP, animate: true } };
    case "-":
      return { type: "zoom", input: { type: "by", factor: 1 / ZOOM_STEP, animate: true } };
    case "0":
      return { type: "zoom", input: BACK_TO_FIT };
    case "f":
      return { type: "fullscreen" };
    case "Tab":
      return { type: "tab", backwards: press.shiftKey };
    default:
      return undefined;
  }
}

/**
 * What Escape (or the browser's own close request) leaves: the zoom first, then full screen, then
 * the viewer.
 */
export function leaveStep(state: {
  zoomed: boolean;
  fullscreen: boolean;
}): "fit" | "fullscreen" | "close" {
  if (state.zoomed) return "fit";
  if (state.fullscreen) return "fullscreen";
  return "close";
}

/**
 * Where Tab takes the focus so that it stays inside the viewer: from the last control back to
 * the first (Shift: from the first to the last); anywhere else, nowhere (the browser moves it).
 */
export function wrapFocus<T>(
  controls: readonly T[],
  active: unknown,
  backwards: boolean,
): T | undefined {
  const edge = backwards ? controls[0] : controls.at(-1);
  if (edge === undefined || active !== edge) return undefined;
  return backwards ? controls.at(-1) : controls[0];
}

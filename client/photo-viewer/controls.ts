import type { Direction } from "./navigation.ts";
import { atMaxZoom, isZoomed } from "./zoom-state.ts";

/** What the controls do. */
export interface Actions {
  close(): void;
  step(direction: Direction): void;
  zoom(direction: 1 | -1): void;
  fullscreen(): void;
  info(): void;
}

/** The controls' names, in the page's language. */
export interface ControlLabels {
  close: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
  fullscreen: string;
  details: string;
}

/** What the controls show. */
export interface ControlState {
  previous: boolean;
  next: boolean;
  zoom: number;
  max: number;
  info: boolean;
}

/** After this long without a pointer movement, tap or key, the controls fade. */
const IDLE_MS = 3000;

const FULLSCREEN_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5"/></svg>';

/**
 * The controls laid over the stage, each a real button with a name: close, previous and next
 * (hidden at the ends), zoom out and in, full screen (where the browser has the Fullscreen
 * API; elsewhere the stage already fills the viewport) and the details. They fade after a few
 * idle seconds and return on any movement, tap or key, but never fade while one has the
 * keyboard's focus.
 */
export function createControls(
  dialog: HTMLDialogElement,
  container: HTMLElement,
  actions: Actions,
  labels: ControlLabels,
) {
  const button = (label: string, html: string, onClick: () => void, className = "") => {
    const element = document.createElement("button");
    element.type = "button";
    element.className = `pv-btn ${className}`;
    element.setAttribute("aria-label", label);
    element.innerHTML = html;
    element.addEventListener("click", onClick);
    return element;
  };
  const zoomOut = button(labels.zoomOut, "−", () => actions.zoom(-1));
  const zoomIn = button(labels.zoomIn, "+", () => actions.zoom(1));
  const fullscreen = button(labels.fullscreen, FULLSCREEN_ICON, actions.fullscreen);
  fullscreen.hidden = !document.fullscreenEnabled;
  const info = button(labels.details, "i", actions.info, "pv-i");
  info.setAttribute("aria-controls", "pv-info");
  const close = button(labels.close, "✕", actions.close);
  close.autofocus = true;
  const bar = document.createElement("div");
  bar.className = "pv-ui pv-bar";
  bar.append(zoomOut, zoomIn, fullscreen, info, close);
  // The arrows point the way the page reads: in a right-to-left page, previous is on the right
  // and points right (viewer.css places them by their logical side).
  const rtl = document.documentElement.dir === "rtl";
  const previous = button(
    labels.previous,
    rtl ? "→" : "←",
    () => actions.step("previous"),
    "pv-ui pv-side",
  );
  const next = button(
    labels.next,
    rtl ? "←" : "→",
    () => actions.step("next"),
    "pv-ui pv-side pv-next",
  );
  container.append(bar, previous, next);

  let timer = 0;
  const wake = () => {
    dialog.removeAttribute("data-idle");
    clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (!dialog.querySelector(".pv-ui:focus-visible, .pv-ui :focus-visible")) {
        dialog.setAttribute("data-idle", "");
      }
    }, IDLE_MS);
  };
  for (const type of ["pointermove", "pointerdown", "keydown", "focusin"]) {
    dialog.addEventListener(type, wake);
  }
  const pressed = () =>
    fullscreen.setAttribute("aria-pressed", String(!!document.fullscreenElement));
  document.addEventListener("fullscreenchange", pressed);
  pressed();

  return {
    wake,
    update(state: ControlState) {
      const focused = document.activeElement;
      previous.hidden = !state.previous;
      next.hidden = !state.next;
      // A side button hidden with the focus on it (the last photo reached) would drop it to the
      // page, where the viewer's keys no longer reach: it goes to the other side, or the dialog.
      if (focused instanceof HTMLButtonElement && focused.hidden) {
        const other = focused === next ? previous : next;
        (other.hidden ? dialog : other).focus();
      }
      // aria-disabled rather than disabled: a disabled button would drop the keyboard's focus.
      zoomOut.setAttribute("aria-disabled", String(!isZoomed(state.zoom)));
      zoomIn.setAttribute("aria-disabled", String(atMaxZoom(state.zoom, state.max)));
      info.setAttribute("aria-expanded", String(state.info));
    },
  };
}

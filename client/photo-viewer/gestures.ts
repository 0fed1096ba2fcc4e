import { isDoubleTap, type Outcome, swipeOutcome, wheelFactor } from "./geometry.ts";
import type { ZoomInput } from "./zoom-state.ts";

/** What the gestures do, in the stage's coordinates (CSS pixels from its top-left corner). */
export interface GestureTarget {
  stage(): HTMLElement | undefined;
  zoomed(): boolean;
  zoom(input: ZoomInput): void;
  /** A touch drag at fit: the photograph follows the finger. */
  follow(dx: number, dy: number): void;
  /** …and what it meant when the finger left. */
  release(outcome: Outcome): void;
}

interface Point {
  x: number;
  y: number;
}

/**
 * Pointer, wheel and double-click gestures on the viewer: wheel and pinch zoom around the
 * pointer or the fingers, a double click or double tap toggles fit and 1:1, a drag pans the
 * zoomed photograph, and at fit a touch drag sideways or down steps or closes. Controls and the
 * details panel keep their own clicks, scrolling and selection.
 */
export function attachGestures(surface: HTMLElement, target: GestureTarget): void {
  const points = new Map<number, Point>();
  let start: (Point & { t: number; touch: boolean; moved: boolean }) | undefined;
  let pinch: (Point & { d: number }) | undefined;
  let tap: (Point & { t: number }) | undefined;
  let mouse = true;

  const ignored = (event: Event) =>
    event.target instanceof Element && !!event.target.closest("a, button, [data-photo-info]");
  const local = (event: MouseEvent): Point => {
    const rect = target.stage()?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };
  const twoFingers = () => {
    const [a, b] = [...points.values()] as [Point, Point];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) || 1 };
  };

  surface.addEventListener("pointerdown", (event) => {
    mouse = event.pointerType === "mouse";
    if (event.button || ignored(event)) return;
    surface.setPointerCapture(event.pointerId);
    points.set(event.pointerId, local(event));
    if (points.size === 1) {
      start = { ...local(event), t: event.timeStamp, touch: !mouse, moved: false };
    } else {
      // A second finger makes it a pinch, never a swipe.
      if (start?.moved) target.release(undefined);
      start = undefined;
      pinch = twoFingers();
    }
  });

  surface.addEventListener("pointermove", (event) => {
    const last = points.get(event.pointerId);
    if (!last) return;
    const now = local(event);
    points.set(event.pointerId, now);
    if (pinch && points.size > 1) {
      const next = twoFingers();
      target.zoom({ type: "by", factor: next.d / pinch.d, point: next });
      target.zoom({ type: "pan", dx: next.x - pinch.x, dy: next.y - pinch.y });
      pinch = next;
    } else if (start) {
      const dx = now.x - start.x;
      const dy = now.y - start.y;
      if (Math.hypot(dx, dy) > 8) start.moved = true;
      if (target.zoomed()) target.zoom({ type: "pan", dx: now.x - last.x, dy: now.y - last.y });
      else if (start.touch && start.moved) target.follow(dx, dy);
    }
  });

  const end = (event: PointerEvent) => {
    if (!points.delete(event.pointerId)) return;
    if (pinch) {
      if (points.size < 2) pinch = undefined;
      return;
    }
    const began = start;
    start = undefined;
    if (!began) return;
    const at = { ...local(event), t: event.timeStamp };
    if (!began.moved) {
      if (!began.touch) return;
      if (isDoubleTap(tap, at)) {
        tap = undefined;
        target.zoom({ type: "toggle", point: at });
      } else tap = at;
    } else if (began.touch && !target.zoomed()) {
      const box = target.stage();
      const size = { w: box?.clientWidth ?? innerWidth, h: box?.clientHeight ?? innerHeight };
      const cancelled = event.type === "pointercancel";
      target.release(
        cancelled
          ? undefined
          : swipeOutcome(
              at.x - began.x,
              at.y - began.y,
              at.t - began.t,
              size,
              document.documentElement.dir === "rtl",
            ),
      );
    }
  };
  surface.addEventListener("pointerup", end);
  surface.addEventListener("pointercancel", end);

  // Touch double taps are counted above; the browser's double click is the mouse's.
  surface.addEventListener("dblclick", (event) => {
    if (!mouse || ignored(event)) return;
    target.zoom({ type: "toggle", point: local(event) });
  });

  surface.addEventListener(
    "wheel",
    (event) => {
      if (ignored(event)) return;
      event.preventDefault();
      const factor = wheelFactor(event.deltaY, event.deltaMode);
      target.zoom({ type: "by", factor, point: local(event) });
    },
    { passive: false },
  );
}

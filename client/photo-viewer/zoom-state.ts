/**
 * The viewer's zoom as plain data: where one input (a step, a point to zoom around, a pan, a
 * double tap, a reset) takes the photograph, given where it is and where a running animation is
 * taking it. Pure, so that it is tested in Node; zoom.ts animates the moves and lays the
 * photograph out.
 */
import { clamp, fitWidth, type Placement, type Size, zoomAt } from "./geometry.ts";

/** Zoom is a multiple of "fit": 1 is the whole photograph on the stage. */
export const FIT = 1;

/**
 * How close to a zoom level still counts as at it: an animation's last frame and the division
 * that turns a width into a zoom can end a hair beside the level they aimed at.
 */
export const ZOOM_TOLERANCE = 0.001;

/** Whether the photograph is larger than at fit (so it pans, and the arrow keys look around). */
export const isZoomed = (zoom: number) => zoom > FIT + ZOOM_TOLERANCE;

/** Whether the zoom has reached the largest there is (zooming in further does nothing). */
export const atMaxZoom = (zoom: number, max: number) => zoom >= max - ZOOM_TOLERANCE;

/** One press of a zoom key or button doubles the zoom, or halves it. */
export const ZOOM_STEP = 2;

/** What zooming depends on: the stage's size, the photograph's (the original's pixels), the screen's density. */
export interface Frame {
  stage: Size;
  photo: Size;
  dpr: number;
  /** The most pixels across that can be had, when fewer than the original's (maxZoom). */
  most?: number;
}

/**
 * Where the photograph is (`at`, mid-animation too) and where the running animation takes it
 * (`goal`; `at` when none runs): a step pressed during an animation goes on from its goal.
 */
export interface ZoomState {
  at: Placement;
  goal: Placement;
}

/** A point on the stage, in CSS pixels from its top-left corner. */
export interface Point {
  x: number;
  y: number;
}

/** What the visitor asked of the zoom. Without a point, a zoom keeps the stage's centre. */
export type ZoomInput =
  | { type: "to"; zoom: number; point?: Point; animate?: boolean }
  | { type: "by"; factor: number; point?: Point; animate?: boolean }
  | { type: "pan"; dx: number; dy: number }
  /** Double click or tap: fit, or one original pixel per device pixel at that point. */
  | { type: "toggle"; point: Point }
  /** Back to fit at once: a new stage size, or the details opened or closed. */
  | { type: "reset" };

/** Back to fit, animated: the 0 key, and Escape while zoomed. */
export const BACK_TO_FIT: ZoomInput = { type: "to", zoom: FIT, animate: true };

/** Where an input takes the photograph, and whether to animate there. */
export interface ZoomMove {
  to: Placement;
  animate: boolean;
}

/** The photograph at fit: the stylesheet's layout, which the zoomed layout starts from. */
export const fitted = ({ stage, photo }: Frame): Placement =>
  clamp(stage, photo, { x: 0, y: 0, w: fitWidth(stage, photo) });

/** The zoom (× fit) of a placement. */
export const zoomOf = ({ stage, photo }: Frame, { w }: Placement) => w / fitWidth(stage, photo);

export function zoomMove(frame: Frame, { at, goal }: ZoomState, input: ZoomInput): ZoomMove {
  const { stage, photo, dpr, most } = frame;
  const around = (zoom: number, point: Point | undefined, animate = false): ZoomMove => {
    const { x, y } = point ?? { x: stage.w / 2, y: stage.h / 2 };
    return { to: zoomAt(stage, photo, dpr, at, zoom, x, y, most), animate };
  };
  switch (input.type) {
    case "to":
      return around(input.zoom, input.point, input.animate);
    case "by":
      return around(zoomOf(frame, goal) * input.factor, input.point, input.animate);
    case "pan":
      return {
        to: clamp(stage, photo, { x: at.x + input.dx, y: at.y + input.dy, w: at.w }),
        animate: false,
      };
    case "toggle":
      return isZoomed(zoomOf(frame, at))
        ? { to: fitted(frame), animate: true }
        : around(Number.POSITIVE_INFINITY, input.point, true);
    case "reset":
      return { to: fitted(frame), animate: false };
  }
}

/** The placement `t` (0 to 1) of the way through an animated move, eased out (cubic). */
export function tween(from: Placement, to: Placement, t: number): Placement {
  const e = 1 - (1 - t) ** 3;
  return {
    x: from.x + (to.x - from.x) * e,
    y: from.y + (to.y - from.y) * e,
    w: from.w + (to.w - from.w) * e,
  };
}

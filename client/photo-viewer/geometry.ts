/**
 * The viewer's arithmetic, pure so that it is tested in Node: where the photograph sits on the
 * stage at "fit" and when zoomed, how far it may be panned, which region of the original is on
 * screen and at what resolution to ask for it, and what a finished touch gesture meant.
 * Lengths on the stage are CSS pixels; lengths in the photograph are pixels of the original
 * (the editor's crop of it).
 */

export interface Size {
  w: number;
  h: number;
}

/** The photograph on the stage: its top-left corner and its width (its height follows). */
export interface Placement {
  x: number;
  y: number;
  w: number;
}

/** A region of the photograph, and the width to ask for it at (`out` pixels across). */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
  out: number;
}

/** The width at "fit": as large as the stage allows, never wider than the original itself. */
export const fitWidth = (stage: Size, photo: Size) =>
  Math.min(stage.w, (stage.h * photo.w) / photo.h, photo.w);

/**
 * The largest zoom (× fit): one pixel of the original on one device pixel, or of the `most`
 * pixels across that can be had (the page's largest size, where nothing larger is offered),
 * never below fit.
 */
export const maxZoom = (stage: Size, photo: Size, dpr: number, most = photo.w) =>
  Math.max(1, most / dpr / fitWidth(stage, photo));

/** Along one axis: centred while it is smaller than the stage, else no gap at either edge. */
export const clampAxis = (offset: number, size: number, stage: number) =>
  size <= stage ? (stage - size) / 2 : Math.min(0, Math.max(stage - size, offset));

export function clamp(stage: Size, photo: Size, { x, y, w }: Placement): Placement {
  return {
    x: clampAxis(x, w, stage.w),
    y: clampAxis(y, (w * photo.h) / photo.w, stage.h),
    w,
  };
}

/**
 * The placement at `zoom` (× fit, kept between fit and the largest zoom) that keeps the point
 * of the photograph under (px, py) where it is, as far as the edges allow.
 */
export function zoomAt(
  stage: Size,
  photo: Size,
  dpr: number,
  from: Placement,
  zoom: number,
  px: number,
  py: number,
  most = photo.w,
): Placement {
  const w = fitWidth(stage, photo) * Math.min(Math.max(zoom, 1), maxZoom(stage, photo, dpr, most));
  const k = w / from.w;
  return clamp(stage, photo, { x: px - (px - from.x) * k, y: py - (py - from.y) * k, w });
}

/**
 * The part of the photograph on the stage, grown by `margin` of its size on every side (so that
 * a little panning needs nothing new) and kept inside the photograph, in whole pixels of the
 * original; `out` is the width at which one of its pixels lands on one device pixel.
 */
export function visibleRegion(
  stage: Size,
  photo: Size,
  dpr: number,
  { x, y, w }: Placement,
  margin: number,
): Region {
  const h = (w * photo.h) / photo.w;
  const scale = photo.w / w;
  const left = Math.max(0, -x);
  const top = Math.max(0, -y);
  const right = Math.min(w, stage.w - x);
  const bottom = Math.min(h, stage.h - y);
  const mx = (right - left) * margin;
  const my = (bottom - top) * margin;
  const x0 = Math.max(0, Math.floor((left - mx) * scale));
  const y0 = Math.max(0, Math.floor((top - my) * scale));
  const x1 = Math.min(photo.w, Math.ceil((right + mx) * scale));
  const y1 = Math.min(photo.h, Math.ceil((bottom + my) * scale));
  const rw = Math.max(1, x1 - x0);
  return {
    x: x0,
    y: y0,
    w: rw,
    h: Math.max(1, y1 - y0),
    out: Math.min(rw, Math.ceil((rw / scale) * dpr)),
  };
}

/** Whether `have` already shows all of `need` at least as sharply. */
export const covers = (have: Region, need: Region) =>
  have.x <= need.x &&
  have.y <= need.y &&
  have.x + have.w >= need.x + need.w &&
  have.y + have.h >= need.y + need.h &&
  have.out / have.w >= (need.out / need.w) * 0.99;

/**
 * The address of a region of the original (the worker's, which takes Sanity's image CDN's
 * parameters): `rect` is in pixels of the whole original, so the editor's crop (`crop`,
 * left,top,width,height of the original) is added back.
 */
export const regionUrl = (src: string, crop: readonly number[], r: Region) =>
  `${src}?rect=${(crop[0] ?? 0) + r.x},${(crop[1] ?? 0) + r.y},${r.w},${r.h}&w=${r.out}&fit=max&auto=format`;

export type Outcome = "next" | "previous" | "close" | undefined;

/**
 * What a one-finger drag on the photograph at fit meant when it ended: far enough or fast
 * enough sideways steps through the sequence (the finger moving left shows the next one, or,
 * in a right-to-left page, moving right: the next photograph comes from where the page reads
 * on), down closes; anything shorter puts the photograph back.
 */
export function swipeOutcome(
  dx: number,
  dy: number,
  ms: number,
  stage: Size,
  rtl = false,
): Outcome {
  const fast = (d: number) => Math.abs(d) / Math.max(ms, 1) > 0.5 && Math.abs(d) > 30;
  if (Math.abs(dx) > Math.abs(dy)) {
    const onwards = rtl ? dx > 0 : dx < 0;
    if (Math.abs(dx) > Math.min(80, stage.w * 0.2) || fast(dx))
      return onwards ? "next" : "previous";
  } else if (dy > Math.min(120, stage.h * 0.2) || (dy > 0 && fast(dy))) {
    return "close";
  }
  return undefined;
}

/** Two taps close enough in time and place are a double tap. */
export const isDoubleTap = (
  a: { t: number; x: number; y: number } | undefined,
  b: { t: number; x: number; y: number },
) => !!a && b.t - a.t < 300 && Math.hypot(b.x - a.x, b.y - a.y) < 30;

/** The zoom factor of one wheel event: a notch of a mouse wheel is about ×1.2. */
export const wheelFactor = (deltaY: number, deltaMode: number) =>
  Math.exp(-Math.max(-100, Math.min(100, deltaY * (deltaMode ? 33 : 1))) * 0.002);

/**
 * The editor's crop from the photograph's `data-zoom-rect` ("left,top,width,height" in pixels
 * of the asset); [0] when it has none, so a missing width or height reads as 0 (unknown).
 */
export const cropOf = (zoomRect: string | undefined): number[] =>
  (zoomRect ?? "").split(",").map(Number);

/**
 * The photograph's own size: its crop of the original (`data-zoom-rect`), else its `width` and
 * `height` attributes (the largest size the page offers, where the zoom goes no further).
 */
export function photoSize(
  zoomRect: string | undefined,
  width: string | null,
  height: string | null,
): Size {
  const [, , w, h] = cropOf(zoomRect);
  return { w: w || Number(width) || 0, h: h || Number(height) || 0 };
}

/** The details panel's width beside the photograph (the stylesheet's). */
export const PANEL_WIDTH = 320;
/** Below this screen width the details are a sheet under the photograph, never beside it. */
export const BESIDE_FROM_WIDTH = 768;

/**
 * Whether the details open beside the photograph: where the screen leaves a panel's width
 * next to the photograph at fit (`photo` unknown, never).
 */
export function opensBeside(screen: Size, photo: Size): boolean {
  return (
    screen.w >= BESIDE_FROM_WIDTH && !!photo.w && screen.w - fitWidth(screen, photo) >= PANEL_WIDTH
  );
}

/** A drag down this far (CSS pixels) fades the backdrop as far as it fades. */
const FADE_DISTANCE = 500;
/** The most a drag down fades the backdrop. */
const MOST_FADE = 0.6;

/**
 * How the photograph follows a touch drag at fit: down (to close) it moves down and the
 * backdrop fades (`backdrop`, its opacity); otherwise it moves sideways and the backdrop stays.
 */
export function followDrag(dx: number, dy: number): { translate: string; backdrop?: number } {
  return dy > Math.abs(dx)
    ? { translate: `0 ${dy}px`, backdrop: 1 - Math.min(dy / FADE_DISTANCE, MOST_FADE) }
    : { translate: `${dx}px 0` };
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The transform that puts the photograph (at `to`) over its thumbnail (at `from`), to grow from. */
export function growFrom(from: Rect, to: Rect): string {
  const dx = from.x + from.width / 2 - (to.x + to.width / 2);
  const dy = from.y + from.height / 2 - (to.y + to.height / 2);
  return `translate(${dx}px,${dy}px) scale(${from.width / to.width})`;
}

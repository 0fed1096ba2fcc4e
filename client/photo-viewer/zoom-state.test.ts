import { describe, expect, it } from "vitest";
import { maxZoom } from "./geometry.ts";
import {
  atMaxZoom,
  BACK_TO_FIT,
  fitted,
  isZoomed,
  tween,
  ZOOM_STEP,
  type ZoomState,
  zoomMove,
  zoomOf,
} from "./zoom-state.ts";

/** The demo's full-size photograph on a desktop screen. */
const frame = { stage: { w: 1280, h: 800 }, photo: { w: 5640, h: 3172 }, dpr: 1 };
const fit = fitted(frame);
const still = (at = fit): ZoomState => ({ at, goal: at });

describe("the zoom level", () => {
  it("is 1 at fit, where the photograph is as large as the stage allows, centred", () => {
    expect(fit.w).toBe(1280);
    expect(fit.x).toBe(0);
    expect(fit.y).toBeCloseTo((800 - (1280 * 3172) / 5640) / 2);
    expect(zoomOf(frame, fit)).toBe(1);
    expect(isZoomed(zoomOf(frame, fit))).toBe(false);
  });

  it("counts as zoomed only past a hair above fit, where an animation may end", () => {
    expect(isZoomed(1.0005)).toBe(false);
    expect(isZoomed(1.01)).toBe(true);
  });

  it("counts as at the largest zoom a hair below it, so zoom in is then disabled", () => {
    const max = maxZoom(frame.stage, frame.photo, frame.dpr);
    expect(atMaxZoom(max - 0.0005, max)).toBe(true);
    expect(atMaxZoom(max - 0.1, max)).toBe(false);
  });
});

describe("a zoom step", () => {
  it("doubles the zoom around the stage's centre, animated when asked", () => {
    const move = zoomMove(frame, still(), { type: "by", factor: ZOOM_STEP, animate: true });
    expect(move.animate).toBe(true);
    expect(zoomOf(frame, move.to)).toBeCloseTo(2);
    // The centre of the stage shows the same point of the photograph as before.
    const share = (at: typeof fit) => [(640 - at.x) / at.w, (400 - at.y) / at.w];
    expect(share(move.to)[0]).toBeCloseTo(share(fit)[0] ?? 0);
    expect(share(move.to)[1]).toBeCloseTo(share(fit)[1] ?? 0);
  });

  it("goes on from where a running animation is going, not from where it is", () => {
    const halfway = { at: fit, goal: { x: -640, y: -400, w: 2560 } };
    const move = zoomMove(frame, halfway, { type: "by", factor: ZOOM_STEP });
    expect(zoomOf(frame, move.to)).toBeCloseTo(4);
    expect(move.animate).toBe(false);
  });

  it("halves the zoom, never below fit", () => {
    const twice = zoomMove(frame, still(), { type: "by", factor: ZOOM_STEP }).to;
    expect(
      zoomOf(frame, zoomMove(frame, still(twice), { type: "by", factor: 0.5 }).to),
    ).toBeCloseTo(1);
    expect(zoomMove(frame, still(), { type: "by", factor: 0.5 }).to).toEqual(fit);
  });

  it("stops at one pixel of the original per device pixel", () => {
    let state = still();
    for (let press = 0; press < 4; press++) {
      const { to } = zoomMove(frame, state, { type: "by", factor: ZOOM_STEP });
      state = still(to);
    }
    expect(state.at.w).toBeCloseTo(5640);
    expect(zoomOf(frame, state.at)).toBeCloseTo(maxZoom(frame.stage, frame.photo, 1));
  });

  it("around a point keeps that point of the photograph under it", () => {
    const point = { x: 300, y: 300 };
    const { to } = zoomMove(frame, still(), { type: "by", factor: 1.5, point });
    expect((point.x - to.x) / to.w).toBeCloseTo((point.x - fit.x) / fit.w);
    expect((point.y - to.y) / to.w).toBeCloseTo((point.y - fit.y) / fit.w);
  });
});

describe("back to fit", () => {
  it("is animated, for the 0 key and Escape", () => {
    const zoomed = zoomMove(frame, still(), { type: "to", zoom: 3 }).to;
    const move = zoomMove(frame, still(zoomed), BACK_TO_FIT);
    expect(move.animate).toBe(true);
    expect(move.to.w).toBeCloseTo(fit.w);
    expect(move.to.x).toBeCloseTo(fit.x);
    expect(move.to.y).toBeCloseTo(fit.y);
  });

  it("is at once on a reset (a new stage size, the details opened)", () => {
    const zoomed = zoomMove(frame, still(), { type: "to", zoom: 3 }).to;
    expect(zoomMove(frame, still(zoomed), { type: "reset" })).toEqual({ to: fit, animate: false });
    const narrower = { ...frame, stage: { w: 960, h: 800 } };
    expect(zoomMove(narrower, still(zoomed), { type: "reset" }).to.w).toBe(960);
  });
});

describe("panning", () => {
  const zoomed = zoomMove(frame, still(), { type: "to", zoom: 2 }).to;

  it("moves the zoomed photograph at once", () => {
    const move = zoomMove(frame, still(zoomed), { type: "pan", dx: 100, dy: -50 });
    expect(move).toEqual({
      to: { x: zoomed.x + 100, y: zoomed.y - 50, w: zoomed.w },
      animate: false,
    });
  });

  it("is held at the photograph's edges", () => {
    const far = zoomMove(frame, still(zoomed), { type: "pan", dx: 10_000, dy: 10_000 }).to;
    expect(far).toEqual({ x: 0, y: 0, w: zoomed.w });
    const other = zoomMove(frame, still(zoomed), { type: "pan", dx: -10_000, dy: -10_000 }).to;
    expect(other.x).toBe(1280 - zoomed.w);
    expect(other.y).toBeCloseTo(800 - (zoomed.w * 3172) / 5640);
  });

  it("does nothing at fit: the photograph stays centred", () => {
    expect(zoomMove(frame, still(), { type: "pan", dx: 100, dy: 100 }).to).toEqual(fit);
  });
});

describe("a double click or tap", () => {
  it("at fit, zooms to one original pixel per device pixel at that point, animated", () => {
    const retina = { ...frame, dpr: 2 };
    const move = zoomMove(retina, still(fitted(retina)), {
      type: "toggle",
      point: { x: 100, y: 100 },
    });
    expect(move.animate).toBe(true);
    expect(move.to.w).toBeCloseTo(5640 / 2);
  });

  it("zoomed, goes back to fit, animated", () => {
    const zoomed = zoomMove(frame, still(), { type: "to", zoom: 2 }).to;
    expect(zoomMove(frame, still(zoomed), { type: "toggle", point: { x: 0, y: 0 } })).toEqual({
      to: fit,
      animate: true,
    });
  });
});

describe("an animated move", () => {
  const to = { x: -640, y: -400, w: 2560 };

  it("starts where the photograph is and ends where it goes", () => {
    expect(tween(fit, to, 0)).toEqual(fit);
    expect(tween(fit, to, 1)).toEqual(to);
  });

  it("eases out: most of the way is done in the first half", () => {
    const half = tween(fit, to, 0.5);
    expect((half.w - fit.w) / (to.w - fit.w)).toBeCloseTo(0.875);
  });
});

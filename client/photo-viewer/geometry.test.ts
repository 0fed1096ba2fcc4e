import { describe, expect, it } from "vitest";
import {
  clamp,
  clampAxis,
  covers,
  cropOf,
  fitWidth,
  followDrag,
  growFrom,
  isDoubleTap,
  maxZoom,
  opensBeside,
  photoSize,
  regionUrl,
  swipeOutcome,
  visibleRegion,
  wheelFactor,
  zoomAt,
} from "./geometry.ts";

const phone = { w: 390, h: 844 };
const desktop = { w: 1280, h: 800 };
/** The demo's full-size photograph. */
const elephants = { w: 5640, h: 3172 };

describe("fit", () => {
  it("is as large as the stage allows in the photograph's shape", () => {
    expect(fitWidth(phone, elephants)).toBe(390);
    expect(fitWidth(desktop, elephants)).toBe(1280);
    expect(fitWidth(desktop, { w: 1600, h: 2000 })).toBe(640);
  });

  it("never enlarges a photograph smaller than the stage", () => {
    expect(fitWidth(desktop, { w: 400, h: 300 })).toBe(400);
  });
});

describe("the largest zoom", () => {
  it("puts one pixel of the original on one device pixel", () => {
    expect(maxZoom(desktop, elephants, 1)).toBeCloseTo(5640 / 1280);
    expect(maxZoom(phone, elephants, 3)).toBeCloseTo(5640 / 3 / 390);
  });

  it("is fit when the original has no more pixels than the screen shows", () => {
    expect(maxZoom(desktop, { w: 1000, h: 500 }, 2)).toBe(1);
  });

  it("stops at the pixels that can be had, where the page's largest size is all there is", () => {
    // A client gallery's proof: 1600 pixels across of the 5640 the original has.
    expect(maxZoom(desktop, elephants, 1, 1600)).toBeCloseTo(1600 / 1280);
    expect(zoomAt(desktop, elephants, 1, { x: 0, y: 0, w: 1280 }, 10, 0, 0, 1600).w).toBe(1600);
  });
});

describe("clamping", () => {
  it("centres what is smaller than the stage and leaves no gap at the edges otherwise", () => {
    expect(clampAxis(100, 300, 400)).toBe(50);
    expect(clampAxis(50, 800, 400)).toBe(0);
    expect(clampAxis(-900, 800, 400)).toBe(-400);
    expect(clampAxis(-123, 800, 400)).toBe(-123);
  });

  it("clamps both axes by the photograph's height at that width", () => {
    expect(clamp(desktop, elephants, { x: 100, y: 100, w: 2560 })).toEqual({ x: 0, y: 0, w: 2560 });
    const bottomRight = clamp(desktop, elephants, { x: -5000, y: -5000, w: 2560 });
    expect(bottomRight.x).toBe(1280 - 2560);
    expect(bottomRight.y).toBeCloseTo(800 - (2560 * 3172) / 5640);
  });
});

describe("zooming around a point", () => {
  const fit = clamp(desktop, elephants, { x: 0, y: 0, w: fitWidth(desktop, elephants) });

  it("keeps the point under the pointer where it is", () => {
    const at = zoomAt(desktop, elephants, 1, fit, 2, 640, 400);
    expect(at.w).toBe(2560);
    // The photograph's point under (640, 400) before: ((640 - x) / w) of its width.
    const before = (640 - fit.x) / fit.w;
    expect((640 - at.x) / at.w).toBeCloseTo(before);
    const beforeY = (400 - fit.y) / fit.w;
    expect((400 - at.y) / at.w).toBeCloseTo(beforeY);
  });

  it("stays between fit and the largest zoom", () => {
    expect(zoomAt(desktop, elephants, 1, fit, 100, 0, 0).w).toBeCloseTo(5640);
    expect(zoomAt(desktop, elephants, 2, fit, 100, 0, 0).w).toBeCloseTo(2820);
    expect(zoomAt(desktop, elephants, 1, fit, 0.2, 0, 0)).toEqual(fit);
  });

  it("near an edge, moves only as far as the edge allows", () => {
    const at = zoomAt(desktop, elephants, 1, fit, 2, 0, 0);
    expect(at.x).toBe(0);
    expect(at.y).toBe(0);
  });
});

describe("the region on screen", () => {
  it("is the part of the original shown, at one device pixel per pixel", () => {
    // At 1:1 on a desktop: exactly the screen's pixels, in the middle of the photograph.
    const at = zoomAt(desktop, elephants, 1, { x: 0, y: 140, w: 1280 }, 10, 640, 400);
    const r = visibleRegion(desktop, elephants, 1, at, 0);
    expect(r.w).toBeGreaterThanOrEqual(1280);
    expect(r.w).toBeLessThanOrEqual(1281);
    expect(r.out).toBe(r.w);
    expect(r.h).toBeLessThanOrEqual(801);
  });

  it("grows by the margin but stays inside the photograph", () => {
    const at = { x: 0, y: 0, w: 2560 };
    const r = visibleRegion(desktop, elephants, 1, at, 0.2);
    expect(r.x).toBe(0);
    expect(r.y).toBe(0);
    expect(r.w).toBe(Math.ceil(1280 * 1.2 * (5640 / 2560)));
    // Asked for at the screen's resolution: 1.2 × 1280 device pixels across.
    expect(r.out).toBe(Math.ceil(1280 * 1.2));
  });

  it("never asks for more than 2.5 screens of device pixels, at any zoom", () => {
    for (const [stage, dpr] of [
      [desktop, 1],
      [desktop, 2],
      [phone, 3],
    ] as const) {
      const fit = clamp(stage, elephants, { x: 0, y: 0, w: fitWidth(stage, elephants) });
      for (let zoom = 1.5; zoom < 20; zoom *= 1.5) {
        const at = zoomAt(stage, elephants, dpr, fit, zoom, stage.w / 3, stage.h / 2);
        const r = visibleRegion(stage, elephants, dpr, at, 0.2);
        const pixels = r.out * Math.ceil((r.out * r.h) / r.w);
        expect(pixels).toBeLessThanOrEqual(2.5 * stage.w * dpr * stage.h * dpr);
      }
    }
  });

  it("is covered by a larger, as sharp region, and not by a blurrier one", () => {
    const have = { x: 0, y: 0, w: 1000, h: 1000, out: 500 };
    expect(covers(have, { x: 100, y: 100, w: 500, h: 500, out: 250 })).toBe(true);
    expect(covers(have, { x: 100, y: 100, w: 500, h: 500, out: 400 })).toBe(false);
    expect(covers(have, { x: 600, y: 100, w: 500, h: 500, out: 250 })).toBe(false);
  });

  it("is asked for in pixels of the whole asset, past the editor's crop", () => {
    expect(
      regionUrl("https://cdn.sanity.io/images/p/d/a-2400x1350.jpg", [48, 0, 2064, 1269], {
        x: 10,
        y: 20,
        w: 300,
        h: 200,
        out: 150,
      }),
    ).toBe(
      "https://cdn.sanity.io/images/p/d/a-2400x1350.jpg?rect=58,20,300,200&w=150&fit=max&auto=format",
    );
  });
});

describe("gestures", () => {
  it("a swipe far or fast enough sideways steps; the finger moving left shows the next", () => {
    expect(swipeOutcome(-120, 10, 400, phone)).toBe("next");
    expect(swipeOutcome(120, -10, 400, phone)).toBe("previous");
    expect(swipeOutcome(-40, 0, 50, phone)).toBe("next");
    expect(swipeOutcome(-40, 0, 400, phone)).toBeUndefined();
  });

  it("a drag down closes, a drag up does not", () => {
    expect(swipeOutcome(10, 200, 500, phone)).toBe("close");
    expect(swipeOutcome(0, 60, 60, phone)).toBe("close");
    expect(swipeOutcome(0, -200, 500, phone)).toBeUndefined();
    expect(swipeOutcome(0, 50, 500, phone)).toBeUndefined();
  });

  it("two taps close in time and place are a double tap", () => {
    const first = { t: 1000, x: 100, y: 100 };
    expect(isDoubleTap(first, { t: 1200, x: 110, y: 95 })).toBe(true);
    expect(isDoubleTap(first, { t: 1400, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { t: 1200, x: 200, y: 100 })).toBe(false);
    expect(isDoubleTap(undefined, first)).toBe(false);
  });

  it("a wheel notch zooms by about a fifth, either way, in pixels or lines", () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.22, 2);
    expect(wheelFactor(100, 0)).toBeCloseTo(1 / 1.22, 2);
    expect(wheelFactor(-3, 1)).toBeCloseTo(1.22, 2);
    expect(wheelFactor(-10_000, 0)).toBeCloseTo(1.22, 2);
  });
});

describe("the photograph's crop", () => {
  it("is read from data-zoom-rect, in pixels of the asset", () => {
    expect(cropOf("48,0,2064,1269")).toEqual([48, 0, 2064, 1269]);
  });

  it("has no width or height when the photograph does not say", () => {
    const [, , w = 0, h = 0] = cropOf(undefined);
    expect([w, h]).toEqual([0, 0]);
  });

  it("gives the photograph's size: its crop of the original, else the largest size offered", () => {
    expect(photoSize("10,20,5620,3152", "2048", "1152")).toEqual({ w: 5620, h: 3152 });
    // A zoom that stops at the public size: the page's image says it.
    expect(photoSize(undefined, "1638", "2048")).toEqual({ w: 1638, h: 2048 });
    expect(photoSize(undefined, null, null)).toEqual({ w: 0, h: 0 });
  });
});

describe("the details", () => {
  it("open beside the photograph where the screen leaves a panel's width next to it", () => {
    // A landscape photograph on a wide, short screen leaves room at the sides…
    expect(opensBeside({ w: 1920, h: 800 }, elephants)).toBe(true);
    // …but fills a desktop screen's width, and a phone is too narrow anyway.
    expect(opensBeside(desktop, elephants)).toBe(false);
    expect(opensBeside(phone, { w: 1000, h: 3000 })).toBe(false);
  });

  it("open over the photograph when its size is unknown", () => {
    expect(opensBeside({ w: 1920, h: 800 }, { w: 0, h: 0 })).toBe(false);
  });
});

describe("a touch drag at fit", () => {
  it("sideways moves the photograph with the finger and leaves the backdrop", () => {
    expect(followDrag(-60, 20)).toEqual({ translate: "-60px 0" });
  });

  it("down moves it down and fades the backdrop, but never by more than 60 %", () => {
    expect(followDrag(10, 100)).toEqual({ translate: "0 100px", backdrop: 0.8 });
    expect(followDrag(0, 2000).backdrop).toBeCloseTo(0.4);
  });
});

describe("opening from a thumbnail", () => {
  it("starts the photograph over its thumbnail, at the thumbnail's size", () => {
    const thumbnail = { x: 100, y: 200, width: 320, height: 180 };
    const photograph = { x: 0, y: 40, width: 1280, height: 720 };
    expect(growFrom(thumbnail, photograph)).toBe("translate(-380px,-110px) scale(0.25)");
  });
});

// The image parameters as Sanity's CDN reads them: here the source rect, which the photo viewer
// uses to fetch only the region of a photograph on screen.
import { describe, expect, it } from "vitest";
import { clampRect, parseImageParams } from "./image-params.ts";

const rectOf = (value: string) => parseImageParams(new URLSearchParams({ rect: value })).rect;

describe("rect", () => {
  it("reads left,top,width,height in pixels of the original", () => {
    expect(rectOf("70,20,120,150")).toEqual({ left: 70, top: 20, width: 120, height: 150 });
  });

  it("rounds fractions to whole pixels", () => {
    expect(rectOf("10.4,10.5,20.49,29.6")).toEqual({ left: 10, top: 11, width: 20, height: 30 });
  });

  it("refuses anything but four numbers, and an empty area", () => {
    for (const value of ["1,2,3", "1,2,3,4,5", "a,b,c,d", "1,2,0,4", "1,2,4,0.4", ""]) {
      expect(() => rectOf(value), value).toThrow(/Invalid rect/);
    }
  });

  it("is clamped to the image where it reaches past an edge", () => {
    expect(clampRect({ left: 50, top: 40, width: 100, height: 100 }, 64, 48)).toEqual({
      left: 50,
      top: 40,
      width: 14,
      height: 8,
    });
    expect(clampRect({ left: -10, top: -5, width: 30, height: 20 }, 64, 48)).toEqual({
      left: 0,
      top: 0,
      width: 20,
      height: 15,
    });
    expect(clampRect({ left: 0, top: 0, width: 64, height: 48 }, 64, 48)).toEqual({
      left: 0,
      top: 0,
      width: 64,
      height: 48,
    });
  });

  it("leaves nothing when it lies wholly outside", () => {
    expect(clampRect({ left: 64, top: 0, width: 10, height: 10 }, 64, 48)).toBeUndefined();
    expect(clampRect({ left: -20, top: 0, width: 20, height: 10 }, 64, 48)).toBeUndefined();
  });
});

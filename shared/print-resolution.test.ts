import { describe, expect, it } from "vitest";
import { MIN_PRINT_PPI, printFits, printPpi } from "./print-resolution.ts";

describe("the 150 ppi rule", () => {
  it("offers a size exactly where each edge has 150 pixels per inch", () => {
    expect(MIN_PRINT_PPI).toBe(150);
    // 8×10 in needs 1200×1500 px.
    expect(printFits({ width: 1500, height: 1200 }, { width: 8, height: 10 })).toBe(true);
    expect(printFits({ width: 1499, height: 1200 }, { width: 8, height: 10 })).toBe(false);
    expect(printFits({ width: 1500, height: 1199 }, { width: 8, height: 10 })).toBe(false);
  });

  it("turns the print to the photograph's orientation", () => {
    expect(printFits({ width: 1200, height: 1500 }, { width: 10, height: 8 })).toBe(true);
    expect(printFits({ width: 2400, height: 1600 }, { width: 12, height: 16 })).toBe(false);
    expect(printFits({ width: 2400, height: 1800 }, { width: 16, height: 12 })).toBe(true);
  });

  it("refuses sizes and photographs that are not sizes", () => {
    expect(printFits({ width: 0, height: 100 }, { width: 1, height: 1 })).toBe(false);
    expect(printFits({ width: 5000, height: 5000 }, { width: Number.NaN, height: 1 })).toBe(false);
    expect(printFits({ width: 5000, height: 5000 }, { width: -1, height: 1 })).toBe(false);
  });

  it("names the resolution a size would have", () => {
    expect(printPpi({ width: 2400, height: 1600 }, { width: 8, height: 10 })).toBe(200);
  });
});

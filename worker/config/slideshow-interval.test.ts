import { describe, expect, it } from "vitest";
import { slideshowInterval } from "./slideshow-interval.ts";

describe("slideshowInterval", () => {
  it("reads whole seconds and falls back to 8 s for a missing, empty, non-numeric or zero value", () => {
    expect(slideshowInterval(undefined)).toBe(8000);
    expect(slideshowInterval("")).toBe(8000);
    expect(slideshowInterval("abc")).toBe(8000);
    expect(slideshowInterval("0")).toBe(8000);
    expect(slideshowInterval("12")).toBe(12000);
  });
});

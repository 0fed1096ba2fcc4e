import { describe, expect, it } from "vitest";
import { slideshowInterval } from "./slideshow-interval.ts";

const interval = (value: string | undefined) =>
  slideshowInterval({ SLIDESHOW_INTERVAL_SECONDS: value });

describe("slideshowInterval", () => {
  it("reads whole seconds and falls back to 8 s for a missing, empty, non-numeric or zero value", () => {
    expect(interval(undefined)).toBe(8000);
    expect(interval("")).toBe(8000);
    expect(interval("abc")).toBe(8000);
    expect(interval("0")).toBe(8000);
    expect(interval("12")).toBe(12000);
    expect(interval("601")).toBe(8000);
  });
});

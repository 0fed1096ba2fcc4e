import { describe, expect, it } from "vitest";
import { wallClock } from "./metadata.ts";

describe("a photograph's capture time", () => {
  it("is the camera's wall clock, from exifr's date or the XMP's text", () => {
    expect(wallClock(new Date(2024, 4, 1, 10, 30, 5))).toBe("2024-05-01T10:30:05");
    expect(wallClock("2024-05-01T10:30")).toBe("2024-05-01T10:30:00");
  });

  it("is none when the camera's clock was never set (zeros), so another date is taken", () => {
    // exifr revives "0000:00:00 00:00:00" as new Date(0, -1, 0): 30 November 1899.
    expect(wallClock(new Date(0, -1, 0))).toBeUndefined();
    expect(wallClock("0000:00:00 00:00:00")).toBeUndefined();
    expect(wallClock("2024:00:00")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { decodeTile } from "./vector-tile.ts";

describe("the map's vector tile reader", () => {
  it("skips fields it does not read, empty ones too", () => {
    // One layer "a" (version, name, extent), one feature: empty tags, polygon, one point.
    const bytes = Uint8Array.from([
      26, 20, 120, 2, 10, 1, 97, 40, 128, 32, 18, 10, 18, 0, 24, 3, 34, 4, 9, 4, 4, 15,
    ]);
    expect(decodeTile(bytes).get("a")).toEqual({
      extent: 4096,
      features: [{ type: 3, parts: [[2, 2, 2, 2]] }],
    });
  });
});

import { describe, expect, it } from "vitest";
import { GALLERY_SLICE, gridAddress, gridPlace, sliceCount, sliceOf } from "./slices.ts";

const ID = "a".repeat(26);

describe("a gallery's slices", () => {
  it("are one page for an empty or small gallery, and one more per GALLERY_SLICE photographs", () => {
    expect(sliceCount(0)).toBe(1);
    expect(sliceCount(GALLERY_SLICE)).toBe(1);
    expect(sliceCount(GALLERY_SLICE + 1)).toBe(2);
    expect(sliceCount(1000)).toBe(Math.ceil(1000 / GALLERY_SLICE));
  });

  it("are named by ?page= from 2 on, the first by the gallery's own address", () => {
    expect(gridAddress(ID, "all")).toBe(`/g/${ID}`);
    expect(gridAddress(ID, "all", 1)).toBe(`/g/${ID}`);
    expect(gridAddress(ID, "all", 3)).toBe(`/g/${ID}?page=3`);
    expect(gridAddress(ID, "favourites")).toBe(`/g/${ID}?show=favourites`);
    expect(gridAddress(ID, "favourites", 2)).toBe(`/g/${ID}?show=favourites&page=2`);
  });

  it("take only a whole number of a slice there is", () => {
    expect(sliceOf(undefined, 3)).toBe(1);
    expect(sliceOf("2", 3)).toBe(2);
    expect(sliceOf("3", 3)).toBe(3);
    for (const bad of ["0", "4", "-1", "1.5", "02", "", "abc", "1e3", " 2", "9".repeat(40)]) {
      expect(sliceOf(bad, 3), bad).toBeUndefined();
    }
  });

  it("send a photograph's page back to the slice it is in, at its anchor", () => {
    expect(gridPlace(ID, 0, "p0")).toBe(`/g/${ID}#p-p0`);
    expect(gridPlace(ID, GALLERY_SLICE - 1, "p1")).toBe(`/g/${ID}#p-p1`);
    expect(gridPlace(ID, GALLERY_SLICE, "p2")).toBe(`/g/${ID}?page=2#p-p2`);
  });
});

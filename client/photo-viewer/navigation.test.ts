import { describe, expect, it } from "vitest";
import {
  afterHistoryMove,
  closing,
  grown,
  historyChange,
  opensViewer,
  placeInGrid,
  stepTo,
} from "./navigation.ts";

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe("a click on a photograph link", () => {
  it("opens the viewer when it is a plain primary click", () => {
    expect(opensViewer(click)).toBe(true);
  });

  it("opens the photo page as the visitor asked with a modifier or another button", () => {
    for (const modifier of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) {
      expect(opensViewer({ ...click, [modifier]: true }), modifier).toBe(false);
    }
    expect(opensViewer({ ...click, button: 1 })).toBe(false);
  });
});

describe("a photograph in the grid it was opened from", () => {
  const links = ["/p/1", "/p/2", "/p/3", "/p/4", "/p/5", "/p/6"];

  it("has the grid's neighbours and its place in the whole list", () => {
    expect(placeInGrid(links, "/p/2", { photoSequence: "Landscape", photoTotal: "6" })).toEqual({
      previous: "/p/1",
      next: "/p/3",
      position: { position: 2, count: 6, sequence: "Landscape" },
      more: false,
    });
  });

  it("has no neighbour past either end of what is loaded", () => {
    const first = placeInGrid(links, "/p/1", {});
    expect(first?.previous).toBeUndefined();
    expect(placeInGrid(links, "/p/6", {})?.next).toBeUndefined();
    expect(first?.position).toEqual({ position: 1, count: 6 });
  });

  it("counts from the grid's offset (a later page of a collection)", () => {
    const place = placeInGrid(links, "/p/1", { photoOffset: "60", photoTotal: "120" });
    expect(place?.position).toEqual({ position: 61, count: 120 });
  });

  it("asks for more within three photographs of the end of what is loaded, if there is more", () => {
    const more = (url: string, total: string) =>
      placeInGrid(links, url, { photoOffset: "0", photoTotal: total })?.more;
    expect(more("/p/3", "100")).toBe(false);
    expect(more("/p/4", "100")).toBe(true);
    expect(more("/p/6", "100")).toBe(true);
    expect(more("/p/6", "6")).toBe(false);
  });

  it("never counts fewer photographs than are loaded (a total the grid got wrong)", () => {
    expect(placeInGrid(links, "/p/6", { photoTotal: "2" })?.position).toEqual({
      position: 6,
      count: 6,
    });
    expect(placeInGrid(links, "/p/6", { photoTotal: "many" })?.position).toEqual({
      position: 6,
      count: 6,
    });
  });

  it("is none when the grid does not hold it", () => {
    expect(placeInGrid(links, "/p/7", {})).toBeUndefined();
    expect(placeInGrid([], "/p/1", {})).toBeUndefined();
  });

  it("gains the next neighbour when the grid's next slice arrives, and only then", () => {
    const shown = { url: "/p/6", previous: "/p/5", back: "/photos" };
    const after = placeInGrid([...links, "/p/7"], "/p/6", {});
    expect(grown(shown, after)).toEqual({ ...shown, next: "/p/7" });
    expect(grown({ ...shown, next: "/p/7" }, after)).toBeUndefined();
    expect(grown(shown, undefined)).toBeUndefined();
  });
});

describe("the session history", () => {
  it("gains an entry on opening, has it replaced by a step, and is left as it is on restoring", () => {
    expect(historyChange("open", false)).toBe("push");
    expect(historyChange("step", true)).toBe("replace");
    expect(historyChange("restore", true)).toBeUndefined();
    expect(historyChange("page", false)).toBeUndefined();
  });

  it("has an opening replace the entry of one still on its way (two quick clicks)", () => {
    expect(historyChange("open", true)).toBe("replace");
  });

  it("Back or Forward to a viewer's entry shows its photograph; to another entry, hides it", () => {
    expect(afterHistoryMove({ standalone: false, photo: "/portfolio/photo/b2i1" })).toEqual({
      type: "show",
      url: "/portfolio/photo/b2i1",
    });
    expect(afterHistoryMove({ standalone: false, photo: undefined })).toEqual({ type: "hide" });
    expect(afterHistoryMove({ standalone: false, photo: 3 })).toEqual({ type: "hide" });
  });

  it("is none of a photo page's own viewer's business", () => {
    expect(afterHistoryMove({ standalone: true, photo: "/portfolio/photo/b2i1" })).toBeUndefined();
    expect(afterHistoryMove({ standalone: true, photo: undefined })).toBeUndefined();
  });
});

describe("a step", () => {
  const shown = { url: "/p/2", previous: "/p/1", next: "/p/3" };

  it("goes to the neighbour, the next sliding in from the right and the previous from the left", () => {
    expect(stepTo(shown, "next")).toEqual({ url: "/p/3", slide: 1 });
    expect(stepTo(shown, "previous")).toEqual({ url: "/p/1", slide: -1 });
  });

  it("goes nowhere at an end, or with nothing shown", () => {
    expect(stepTo({ url: "/p/1", next: "/p/2" }, "previous")).toBeUndefined();
    expect(stepTo(undefined, "next")).toBeUndefined();
  });
});

describe("closing", () => {
  it("over a page, goes back in the history when the viewer added an entry", () => {
    expect(closing({ standalone: false, back: "/portfolio", inHistory: true })).toEqual({
      type: "back",
    });
  });

  it("over a page, hides the viewer when the entry is not the viewer's", () => {
    expect(closing({ standalone: false, back: "/portfolio", inHistory: false })).toEqual({
      type: "hide",
    });
  });

  it("on a photo page, goes to where the photograph belongs, or home", () => {
    expect(closing({ standalone: true, back: "/portfolio", inHistory: true })).toEqual({
      type: "go",
      url: "/portfolio",
    });
    expect(closing({ standalone: true, inHistory: false })).toEqual({ type: "go", url: "/" });
  });
});

import { describe, expect, it } from "vitest";
import { KEY_PAN_SHARE, type KeyPress, keyCommand, leaveStep, wrapFocus } from "./keys.ts";
import { BACK_TO_FIT, ZOOM_STEP } from "./zoom-state.ts";

const screen = { w: 1280, h: 800 };
const atFit = { zoomed: false, screen };
const zoomedIn = { zoomed: true, screen };
const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...modifiers,
});

describe("the arrow keys", () => {
  it("at fit, ← and → change photographs; ↑ and ↓ stay the browser's", () => {
    expect(keyCommand(press("ArrowLeft"), atFit)).toEqual({ type: "step", direction: "previous" });
    expect(keyCommand(press("ArrowRight"), atFit)).toEqual({ type: "step", direction: "next" });
    expect(keyCommand(press("ArrowUp"), atFit)).toBeUndefined();
    expect(keyCommand(press("ArrowDown"), atFit)).toBeUndefined();
  });

  it("in a right-to-left page, ← is the next photograph and → the previous one", () => {
    const rtl = { ...atFit, rtl: true };
    expect(keyCommand(press("ArrowLeft"), rtl)).toEqual({ type: "step", direction: "next" });
    expect(keyCommand(press("ArrowRight"), rtl)).toEqual({ type: "step", direction: "previous" });
  });

  it("zoomed in, look around by a fifth of the screen a press, never changing photographs", () => {
    expect(KEY_PAN_SHARE).toBe(1 / 5);
    const pan = (key: string) => keyCommand(press(key), zoomedIn);
    // The photograph moves the other way: → shows what lies to the right.
    expect(pan("ArrowRight")).toEqual({ type: "zoom", input: { type: "pan", dx: -256, dy: 0 } });
    expect(pan("ArrowLeft")).toEqual({ type: "zoom", input: { type: "pan", dx: 256, dy: 0 } });
    expect(pan("ArrowDown")).toEqual({ type: "zoom", input: { type: "pan", dx: 0, dy: -160 } });
    expect(pan("ArrowUp")).toEqual({ type: "zoom", input: { type: "pan", dx: 0, dy: 160 } });
  });
});

describe("the zoom keys", () => {
  it("+ (and =, the same key unshifted) zooms in a step, - out, 0 back to fit, all animated", () => {
    const zoomIn = { type: "zoom", input: { type: "by", factor: ZOOM_STEP, animate: true } };
    expect(keyCommand(press("+"), atFit)).toEqual(zoomIn);
    expect(keyCommand(press("="), zoomedIn)).toEqual(zoomIn);
    expect(keyCommand(press("-"), zoomedIn)).toEqual({
      type: "zoom",
      input: { type: "by", factor: 1 / ZOOM_STEP, animate: true },
    });
    expect(keyCommand(press("0"), zoomedIn)).toEqual({ type: "zoom", input: BACK_TO_FIT });
  });
});

describe("other keys", () => {
  it("f toggles full screen, Escape leaves, Tab keeps the focus inside", () => {
    expect(keyCommand(press("f"), atFit)).toEqual({ type: "fullscreen" });
    expect(keyCommand(press("Escape"), zoomedIn)).toEqual({ type: "leave" });
    expect(keyCommand(press("Tab"), atFit)).toEqual({ type: "tab", backwards: false });
    expect(keyCommand(press("Tab", { shiftKey: true }), atFit)).toEqual({
      type: "tab",
      backwards: true,
    });
  });

  it("with Alt, Ctrl or ⌘ are the browser's (⌘+ zooms the page, Ctrl-Tab changes tabs)", () => {
    for (const modifier of ["altKey", "ctrlKey", "metaKey"] as const) {
      for (const key of ["+", "0", "ArrowLeft", "Tab", "Escape", "f"]) {
        expect(
          keyCommand(press(key, { [modifier]: true }), zoomedIn),
          `${modifier} ${key}`,
        ).toBeUndefined();
      }
    }
  });

  it("anything else is the browser's", () => {
    for (const key of ["a", "Enter", " ", "F", "PageDown"]) {
      expect(keyCommand(press(key), atFit), key).toBeUndefined();
    }
  });
});

describe("Escape", () => {
  it("leaves the zoom first, then full screen, then the viewer", () => {
    expect(leaveStep({ zoomed: true, fullscreen: true })).toBe("fit");
    expect(leaveStep({ zoomed: true, fullscreen: false })).toBe("fit");
    expect(leaveStep({ zoomed: false, fullscreen: true })).toBe("fullscreen");
    expect(leaveStep({ zoomed: false, fullscreen: false })).toBe("close");
  });
});

describe("Tab inside the viewer", () => {
  const controls = ["zoom out", "zoom in", "close", "next"];

  it("goes round from the last control to the first, and back with Shift", () => {
    expect(wrapFocus(controls, "next", false)).toBe("zoom out");
    expect(wrapFocus(controls, "zoom out", true)).toBe("next");
  });

  it("elsewhere leaves the move to the browser", () => {
    expect(wrapFocus(controls, "zoom in", false)).toBeUndefined();
    expect(wrapFocus(controls, "next", true)).toBeUndefined();
    expect(wrapFocus(controls, null, false)).toBeUndefined();
    expect(wrapFocus([], null, false)).toBeUndefined();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { matchesShortcut } from "./shortcuts.ts";

// Node has no DOM: a stand-in for what the check reads of an element.
class FakeElement {
  readonly tagName: string;
  readonly isContentEditable: boolean;
  constructor(tagName: string, isContentEditable = false) {
    this.tagName = tagName;
    this.isContentEditable = isContentEditable;
  }
}
beforeAll(() => {
  Object.assign(globalThis, { HTMLElement: FakeElement });
});

const key = (
  key: string,
  init: { meta?: boolean; ctrl?: boolean; alt?: boolean; target?: unknown } = {},
) =>
  ({
    key,
    metaKey: init.meta ?? false,
    ctrlKey: init.ctrl ?? false,
    altKey: init.alt ?? false,
    target: init.target ?? new FakeElement("BODY"),
  }) as unknown as KeyboardEvent;

const SEARCH = ["/", "Mod+k"];

describe("matchesShortcut", () => {
  it("takes ⌘K and Ctrl-K, in either case, but not with Alt", () => {
    expect(matchesShortcut(key("k", { meta: true }), SEARCH)).toBe(true);
    expect(matchesShortcut(key("K", { ctrl: true }), SEARCH)).toBe(true);
    expect(matchesShortcut(key("k", { ctrl: true, alt: true }), SEARCH)).toBe(false);
    expect(matchesShortcut(key("k"), SEARCH)).toBe(false);
  });

  it("takes a key without a modifier only outside text fields", () => {
    expect(matchesShortcut(key("/"), SEARCH)).toBe(true);
    for (const field of ["INPUT", "TEXTAREA", "SELECT"]) {
      expect(matchesShortcut(key("/", { target: new FakeElement(field) }), SEARCH)).toBe(false);
    }
    const editable = new FakeElement("DIV", true);
    expect(matchesShortcut(key("/", { target: editable }), SEARCH)).toBe(false);
    // With ⌘ or Ctrl it is the browser's own shortcut, not ours.
    expect(matchesShortcut(key("/", { ctrl: true }), SEARCH)).toBe(false);
  });

  it("takes a Mod shortcut in a text field: a field never types it", () => {
    expect(
      matchesShortcut(key("k", { meta: true, target: new FakeElement("INPUT") }), SEARCH),
    ).toBe(true);
  });

  it("takes nothing it was not given", () => {
    expect(matchesShortcut(key("?"), SEARCH)).toBe(false);
    expect(matchesShortcut(key("/"), [])).toBe(false);
  });
});

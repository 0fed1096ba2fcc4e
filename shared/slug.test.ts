import { describe, expect, it } from "vitest";
import { isSlug } from "./slug.ts";

describe("the slug check", () => {
  it("lets slugs of up to 96 characters through the check", () => {
    expect(isSlug("a".repeat(96))).toBe(true);
    expect(isSlug("a".repeat(97))).toBe(false);
    expect(isSlug("a-b-c1")).toBe(true);
  });
});

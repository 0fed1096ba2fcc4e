import { describe, expect, it } from "vitest";
import { linkKind } from "./links.ts";

describe("content links", () => {
  const origin = "https://jane.example";
  it.each([
    ["/contact", "internal"],
    ["#top", "internal"],
    ["https://jane.example/portfolio", "internal"],
    ["mailto:jane@example.com", "internal"],
    ["https://en.wikipedia.org/wiki/Aizkorri", "external"],
    ["http://other.example", "external"],
    ["//other.example/x", "external"],
    ["javascript:alert(1)", "unsafe"],
    [" JavaScript:alert(1)", "unsafe"],
    ["data:text/html,hi", "unsafe"],
    ["", "unsafe"],
  ] as const)("%s is %s", (href, kind) => {
    expect(linkKind(href, origin)).toBe(kind);
  });
});

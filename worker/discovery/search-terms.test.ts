import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, queryWords, searchRequest, snippet } from "./search-terms.ts";

describe("search requests", () => {
  it("makes words into prefix terms, each once, at most eight", () => {
    expect(searchRequest("  Red   fox ")).toEqual({
      kind: "search",
      query: "Red fox",
      terms: ["red*", "fox*"],
    });
    expect(
      searchRequest("a b c d e f g h i j").kind === "search" &&
        searchRequest("a b c d e f g h i j"),
    ).toMatchObject({
      terms: ["a*", "b*", "c*", "d*", "e*", "f*", "g*", "h*"],
    });
    expect(queryWords("Fox fox FOX")).toEqual(["fox"]);
  });

  it("keeps letters and digits of any script and drops GROQ's own syntax", () => {
    expect(searchRequest('"élan" OR *x* (ISO-100) ñandú 東京')).toMatchObject({
      terms: ["élan*", "or*", "x*", "iso*", "100*", "ñandú*", "東京*"],
    });
    expect(searchRequest("$terms] || true")).toMatchObject({ terms: ["terms*", "true*"] });
  });

  it("keeps a word whose script writes vowels and viramas as marks whole", () => {
    expect(searchRequest("हिन्दी கடல்")).toMatchObject({ terms: ["हिन्दी*", "கடல்*"] });
  });

  it("is empty without words, and refuses a query over the limit", () => {
    expect(searchRequest(undefined)).toEqual({ kind: "empty" });
    expect(searchRequest("   ")).toEqual({ kind: "empty" });
    expect(searchRequest("<>!?*")).toEqual({ kind: "empty" });
    expect(searchRequest("x".repeat(MAX_QUERY_LENGTH)).kind).toBe("search");
    expect(searchRequest("x".repeat(MAX_QUERY_LENGTH + 1))).toMatchObject({ kind: "too-long" });
  });
});

describe("snippets", () => {
  const text = `${"Lorem ipsum dolor sit amet. ".repeat(10)}The lighthouse stood on the cliff. ${"More words follow here. ".repeat(10)}`;

  it("shows the text around the first word found, cut at word boundaries", () => {
    const cut = snippet(text, ["lighthouse"]);
    expect(cut).toContain("lighthouse");
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(184);
  });

  it("starts at the beginning when nothing is found, and keeps short texts whole", () => {
    expect(snippet(text, ["zebra"]).startsWith("Lorem")).toBe(true);
    expect(snippet("  Short   text ", ["x"])).toBe("Short text");
  });
});

import { describe, expect, it } from "vitest";
import { flattenKeywords } from "./keywords.ts";

describe("flattenKeywords", () => {
  it("takes dc:subject, then IPTC keywords, then each hierarchy's last level, once each", () => {
    expect(
      flattenKeywords({
        subject: ["Harbour", " Boats ", ""],
        iptc: ["harbour", "Norway"],
        hierarchical: ["Places|Europe|Norway|Ålesund", "Subjects|Boats", "Solo", "Trailing|"],
      }),
    ).toEqual(["Harbour", "Boats", "Norway", "Ålesund", "Solo", "Trailing"]);
  });

  it("treats composed and decomposed accents as one keyword", () => {
    expect(
      flattenKeywords({ subject: ["Ålesund"], iptc: ["A\u030alesund"], hierarchical: [] }),
    ).toEqual(["Ålesund"]);
  });
});

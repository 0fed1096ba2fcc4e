import { describe, expect, it } from "vitest";
import { localName } from "./names.ts";

describe("a tag's or a place's name in a page's language", () => {
  const owners = { Landscape: "Landschaft", "Basque Country, Spain": "Baskenland, Spanien" };

  it("is the owner's translation where there is one", () => {
    expect(localName("Landscape", owners, "de-DE")).toBe("Landschaft");
    expect(localName("Basque Country, Spain", owners, "de-DE")).toBe("Baskenland, Spanien");
  });

  it("writes a place's country in the language, the rest as stored", () => {
    expect(localName("Zegama, Spain", {}, "de-DE")).toBe("Zegama, Spanien");
    expect(localName("Germany", {}, "fr-FR")).toBe("Allemagne");
    expect(localName("Zegama, Spain", {}, "en-GB")).toBe("Zegama, Spain");
  });

  it("is the name as stored otherwise", () => {
    expect(localName("Mountains", owners, "de-DE")).toBe("Mountains");
    // A tag named as something every object has is a name, not the object's own.
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(localName(name, owners, "de-DE")).toBe(name);
      expect(localName(name, Object.fromEntries([["Landscape", "Landschaft"]]), "en")).toBe(name);
    }
    expect(localName("Still life, Spainish", {}, "de-DE")).toBe("Still life, Spainish");
  });
});

import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml.ts";

describe("escapeXml", () => {
  it("escapes markup, ampersands and both quotes", () => {
    expect(escapeXml(`<script>alert("x" & 'y')</script>`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot; &amp; &apos;y&apos;)&lt;/script&gt;",
    );
  });

  it("escapes an existing entity again, drops forbidden control characters, and handles nullish", () => {
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
    expect(escapeXml("a\u0000b\u001Fc\td\n")).toBe("abc\td\n");
    expect(escapeXml(undefined)).toBe("");
    expect(escapeXml(null)).toBe("");
    expect(escapeXml(42)).toBe("42");
  });
});

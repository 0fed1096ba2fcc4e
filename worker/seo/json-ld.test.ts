import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "./json-ld.ts";

describe("JSON-LD escaping", () => {
  it("keeps </script> and comments inside the JSON", () => {
    const data = { headline: "</script><script>alert(1)</script><!-- & \u2028" };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(data);
  });
});

import { describe, expect, it } from "vitest";
import { webAddress } from "./web-address.ts";

describe("webAddress", () => {
  it("takes http and https addresses, trimmed", () => {
    expect(webAddress(" https://jane.example/photos ")?.href).toBe("https://jane.example/photos");
    expect(webAddress("http://127.0.0.1:9999")?.origin).toBe("http://127.0.0.1:9999");
  });

  it.each([
    undefined,
    null,
    "",
    "   ",
    "jane.example",
    "/contact",
    "//jane.example",
    "javascript:alert(1)",
    "data:text/html,x",
    "mailto:jane@example.com",
    "ftp://example.com",
    "https://",
  ])("refuses %j", (value) => {
    expect(webAddress(value)).toBeUndefined();
  });
});

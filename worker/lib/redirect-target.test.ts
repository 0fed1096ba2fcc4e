import { describe, expect, it } from "vitest";
import { redirectTarget } from "./redirect-target.ts";

const ORIGIN = "https://photos.example";

describe("redirectTarget", () => {
  it("keeps a path on the site, absolute, with its query and fragment", () => {
    expect(redirectTarget("/post/a-walk?x=1#top", ORIGIN)).toBe(
      "https://photos.example/post/a-walk?x=1#top",
    );
    expect(redirectTarget("https://photos.example/contact", ORIGIN)).toBe(
      "https://photos.example/contact",
    );
  });

  it.each([
    "//evil.example/",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\t\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "https://evil.example/",
    "http://photos.example/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://photos.example@evil.example/",
    "/%09/evil.example",
  ])("sends %j home instead of off the site", (target) => {
    const location = redirectTarget(target, ORIGIN);
    expect(new URL(location).origin).toBe(ORIGIN);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may remain.
    expect(location).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it("resolves dot segments before judging, so they cannot turn into another host", () => {
    expect(redirectTarget("/.//evil.example", ORIGIN)).toBe("https://photos.example//evil.example");
    expect(new URL(redirectTarget("/.//evil.example", ORIGIN)).origin).toBe(ORIGIN);
  });

  it("falls back to the given path for nothing, an empty value or an unparsable one", () => {
    expect(redirectTarget(undefined, ORIGIN)).toBe("https://photos.example/");
    expect(redirectTarget("", ORIGIN, "/archive")).toBe("https://photos.example/archive");
    expect(redirectTarget("http://[", ORIGIN)).toBe("https://photos.example/");
  });
});

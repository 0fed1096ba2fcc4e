import { describe, expect, it } from "vitest";
import { ConfigError, contentConfig } from "./content-config.ts";

const valid = {
  SANITY_PROJECT_ID: "abc123-x",
  SANITY_DATASET: "production",
  SANITY_API_VERSION: "2025-02-19",
};

function errorOf(env: Record<string, string>): ConfigError {
  try {
    contentConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("content configuration", () => {
  it("accepts a valid configuration and uses the CDN without a token", () => {
    expect(contentConfig(valid)).toMatchObject({
      projectId: "abc123-x",
      dataset: "production",
      useCdn: true,
    });
  });

  it("leaves the API CDN off with a token unless SANITY_USE_CDN asks for it", () => {
    expect(contentConfig({ ...valid, SANITY_TOKEN: "sk123" }).useCdn).toBe(false);
    expect(contentConfig({ ...valid, SANITY_TOKEN: "sk123", SANITY_USE_CDN: "true" }).useCdn).toBe(
      true,
    );
    expect(contentConfig({ ...valid, SANITY_USE_CDN: "false" }).useCdn).toBe(false);
    expect(contentConfig({ ...valid, SANITY_USE_CDN: "" }).useCdn).toBe(true);
  });

  it("leaves the API CDN off without a token once publishes send the webhook", () => {
    // The render just after the webhook's purge is kept for a day: it must see the publish,
    // which the API CDN may answer from before.
    expect(contentConfig({ ...valid, SANITY_WEBHOOK_SECRET: "whsec" }).useCdn).toBe(false);
  });

  it("keeps results fresh for CONTENT_FRESH_SECONDS, and for no time once publishes send the webhook", () => {
    expect(contentConfig(valid).freshSeconds).toBe(60);
    expect(contentConfig({ ...valid, CONTENT_FRESH_SECONDS: "300" }).freshSeconds).toBe(300);
    expect(contentConfig({ ...valid, SANITY_WEBHOOK_SECRET: "whsec" }).freshSeconds).toBe(0);
  });

  it("reads only published content, whatever an old perspective setting says", () => {
    expect(contentConfig(valid).perspective).toBe("published");
    expect(contentConfig({ ...valid, SANITY_PERSPECTIVE: "published" }).perspective).toBe(
      "published",
    );
    for (const perspective of ["drafts", "raw", "previewDrafts"]) {
      const error = errorOf({ ...valid, SANITY_PERSPECTIVE: perspective });
      expect(error.setting).toBe("SANITY_PERSPECTIVE");
      expect(error.message).toContain("Studio's preview");
    }
  });

  it.each(["1", "X", "2021-03-25"])("accepts API version %s", (version) => {
    expect(contentConfig({ ...valid, SANITY_API_VERSION: version }).apiVersion).toBe(version);
  });

  it.each([
    ["SANITY_PROJECT_ID", ""],
    ["SANITY_PROJECT_ID", "has space"],
    ["SANITY_PROJECT_ID", "under_score"],
    ["SANITY_DATASET", "Production"],
    ["SANITY_DATASET", "a".repeat(65)],
    ["SANITY_DATASET", "dots.not.allowed"],
    ["SANITY_API_VERSION", "2"],
    ["SANITY_API_VERSION", "2025-02-30"],
    ["SANITY_API_VERSION", "latest"],
    ["SANITY_API_HOST", "ftp://example.com"],
    ["SANITY_API_HOST", "not a url"],
    ["SANITY_PERSPECTIVE", "previewAll"],
    ["SANITY_USE_CDN", "yes"],
    ["CONTENT_FRESH_SECONDS", "-1"],
  ])("rejects %s=%j with an error naming the setting", (setting, value) => {
    const error = errorOf({ ...valid, [setting]: value });
    expect(error.setting).toBe(setting);
    expect(error.message).toContain(setting);
  });

  it("does not echo a token pasted into the wrong setting", () => {
    const pasted = "skPastedTokenValue0123456789abcdefghij";
    const error = errorOf({ ...valid, SANITY_DATASET: pasted });
    expect(error.setting).toBe("SANITY_DATASET");
    expect(error.message).not.toContain(pasted);
  });

  it("never echoes the token", () => {
    const error = errorOf({ ...valid, SANITY_TOKEN: "skSecretValue", SANITY_DATASET: "BAD" });
    expect(error.message).not.toContain("skSecretValue");
  });
});

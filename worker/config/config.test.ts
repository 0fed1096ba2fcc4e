import { describe, expect, it } from "vitest";
import { ConfigError, contentSettings, loadConfig, mailSender } from "./config.ts";

const valid = {
  SANITY_PROJECT_ID: "abc123-x",
  SANITY_DATASET: "production",
  SANITY_API_VERSION: "2025-02-19",
};

describe("loadConfig", () => {
  it("reads an environment once and keeps the result for it", () => {
    const env = { ...valid };
    expect(loadConfig(env)).toBe(loadConfig(env));
    expect(loadConfig({ ...valid })).not.toBe(loadConfig(env));
  });

  it("knows a developer's machine only from ENVIRONMENT", () => {
    expect(loadConfig({ ...valid }).development).toBe(false);
    expect(loadConfig({ ...valid, ENVIRONMENT: "development" }).development).toBe(true);
    expect(loadConfig({ ...valid, ENVIRONMENT: "production" }).development).toBe(false);
  });

  it("keeps a bad content setting as the error naming it, thrown where content is read", () => {
    const config = loadConfig({ ...valid, SANITY_DATASET: "Not A Dataset", SITE_TITLE: "Jo" });
    expect(config.content).toBeInstanceOf(ConfigError);
    expect(() => contentSettings(config)).toThrow(/SANITY_DATASET/);
    // The rest of the site's settings are still there.
    expect(config.site.title).toBe("Jo");
    expect(config.freshSeconds).toBe(0);
  });

  it("needs the token for the owner's drafts, and never reads them through the API CDN", () => {
    expect(() => contentSettings(loadConfig({ ...valid }), true)).toThrow(/SANITY_TOKEN/);
    const drafts = contentSettings(loadConfig({ ...valid, SANITY_TOKEN: "sk1" }), true);
    expect(drafts).toMatchObject({ perspective: "drafts", useCdn: false, token: "sk1" });
  });

  it.each([
    [
      "the origin of SANITY_STUDIO_URL",
      "https://jane.sanity.studio/desk?x=1",
      "https://jane.sanity.studio",
    ],
    [
      "a local Studio's origin when it is an http address",
      "http://localhost:3334/",
      "http://localhost:3334",
    ],
    ["the local Studio when it is unset", undefined, "http://localhost:3333"],
    ["the local Studio when it is blank", "  ", "http://localhost:3333"],
    ["the local Studio when it is not an address", "jane.sanity.studio", "http://localhost:3333"],
    [
      "the local Studio when it is not a web address",
      "ftp://jane.example",
      "http://localhost:3333",
    ],
  ])("lets draft preview be framed by %s", (_, studioUrl, origin) => {
    expect(loadConfig({ ...valid, SANITY_STUDIO_URL: studioUrl }).studioOrigin).toBe(origin);
  });

  it("takes photographs from Sanity's image CDN, or from a custom content host", () => {
    expect(loadConfig({ ...valid }).imageOrigin).toBe("https://cdn.sanity.io");
    expect(loadConfig({ ...valid, SANITY_API_HOST: "http://127.0.0.1:9999/x" }).imageOrigin).toBe(
      "http://127.0.0.1:9999",
    );
  });

  it("names the site's public origin only for a web address", () => {
    expect(loadConfig({ SITE_URL: "https://photos.example.com/a" }).siteUrl).toBe(
      "https://photos.example.com",
    );
    expect(loadConfig({ SITE_URL: "photos.example.com" }).siteUrl).toBeUndefined();
    expect(loadConfig({ SITE_URL: "javascript:alert(1)" }).siteUrl).toBeUndefined();
  });

  it("turns Turnstile on only with both keys", () => {
    expect(loadConfig({ TURNSTILE_SITE_KEY: "site" }).turnstile).toBeUndefined();
    expect(loadConfig({ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "s" }).turnstile).toEqual(
      {
        siteKey: "site",
        secretKey: "s",
      },
    );
  });

  it("sends the owner's copy of an inquiry from CONTACT_EMAIL_FROM, else inquiries@ the site's host", () => {
    expect(mailSender(loadConfig({ CONTACT_EMAIL_FROM: "studio@jane.example" }), "http://x")).toBe(
      "studio@jane.example",
    );
    expect(mailSender(loadConfig({ SITE_URL: "https://photos.example.com" }), "http://x")).toBe(
      "inquiries@photos.example.com",
    );
    expect(mailSender(loadConfig({}), "http://localhost:8787")).toBe("inquiries@localhost");
  });

  it("falls back to the default retry delay for a malformed one", () => {
    expect(loadConfig({}).inquiryRetrySeconds).toBe(30);
    expect(loadConfig({ INQUIRY_RETRY_SECONDS: "5" }).inquiryRetrySeconds).toBe(5);
    expect(loadConfig({ INQUIRY_RETRY_SECONDS: "soon" }).inquiryRetrySeconds).toBe(30);
  });
});

// Where `npm run gallery` sends: the running demo's site and token, or --remote with the
// SANITY_TOKEN of the environment or .dev.vars; a clear message when neither is there.
import { describe, expect, it } from "vitest";
import { TargetError } from "../lib/sanity-target.ts";
import { findUploadTarget } from "./target.ts";

const session = () => ({
  site: "http://127.0.0.1:8787",
  content: "http://127.0.0.1:5000",
  token: "demo-token-0123456789",
  webhookSecret: "secret",
});
const noSession = () => {
  throw new Error("No running demo found");
};

describe("findUploadTarget", () => {
  it("without --remote: the site and token of the running npm start", () => {
    expect(findUploadTarget(undefined, { session })).toEqual({
      site: "http://127.0.0.1:8787",
      token: "demo-token-0123456789",
      description: "the site of `npm start` (http://127.0.0.1:8787)",
      demo: true,
    });
  });

  it("without --remote and no npm start running: says to start it or name the site", () => {
    expect(() => findUploadTarget(undefined, { session: noSession })).toThrow(TargetError);
    expect(() => findUploadTarget(undefined, { session: noSession })).toThrow("--remote");
  });

  it("with --remote: that site and SANITY_TOKEN, never the demo's", () => {
    const target = findUploadTarget("https://photos.example.com", {
      vars: { SANITY_TOKEN: "sk-owner-token" },
      session,
    });
    expect(target).toEqual({
      site: "https://photos.example.com",
      token: "sk-owner-token",
      description: "https://photos.example.com",
      demo: false,
    });
  });

  it("with --remote and no SANITY_TOKEN: says where to put it", () => {
    expect(() => findUploadTarget("https://photos.example.com", { vars: {}, session })).toThrow(
      "SANITY_TOKEN is not set",
    );
  });
});

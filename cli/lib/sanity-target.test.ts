import { describe, expect, it } from "vitest";
import { findSanityTarget, TargetError } from "./sanity-target.ts";

const SESSION = {
  site: "http://127.0.0.1:8787",
  content: "http://127.0.0.1:40001",
  token: "sk-demo-session-token",
  webhookSecret: "demo-webhook-secret",
};

describe("findSanityTarget", () => {
  it("is the running demo when no Sanity project is set", () => {
    expect(findSanityTarget({ vars: {}, session: () => SESSION })).toEqual({
      projectId: "demo",
      dataset: "production",
      apiVersion: "2025-02-19",
      apiHost: SESSION.content,
      token: SESSION.token,
      demo: { site: SESSION.site, webhookSecret: SESSION.webhookSecret },
      description: "the demo of `npm start` (http://127.0.0.1:8787)",
    });
  });

  it("is the project the settings name, with their token", () => {
    const target = findSanityTarget({
      vars: { SANITY_PROJECT_ID: "abc123", SANITY_DATASET: "photos", SANITY_TOKEN: "sk-editor" },
      session: () => SESSION,
    });
    expect(target).toMatchObject({
      projectId: "abc123",
      dataset: "photos",
      apiHost: undefined,
      token: "sk-editor",
      demo: undefined,
      description: "Sanity project abc123, dataset photos",
    });
  });

  it("says what is missing, never the token", () => {
    const noDemo = () =>
      findSanityTarget({
        vars: {},
        session: () => {
          throw new Error("none");
        },
      });
    expect(noDemo).toThrow(TargetError);
    expect(noDemo).toThrow(/no demo is running/);
    expect(() => findSanityTarget({ vars: { SANITY_PROJECT_ID: "abc123" } })).toThrow(
      /SANITY_TOKEN is not set/,
    );
    const token = "skABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
    const bad = () =>
      findSanityTarget({ vars: { SANITY_PROJECT_ID: "abc_123!", SANITY_TOKEN: token } });
    expect(bad).toThrow(/SANITY_PROJECT_ID/);
    try {
      bad();
    } catch (error) {
      expect((error as Error).message).not.toContain(token);
    }
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { contentCalls, faultEnv, resetFaults, setFault, view } from "./content-env.ts";
import { TEST_TOKEN } from "./test-token.ts";

afterEach(async () => {
  await resetFaults();
  vi.restoreAllMocks();
});

const PAGE = "/contact";

describe("edge cache (C5)", () => {
  it("makes no content call for a second view within the fresh time", async () => {
    const testEnv = faultEnv();
    const first = await view(PAGE, testEnv);
    expect(first.status).toBe(200);
    const before = await contentCalls();
    const second = await view(PAGE, testEnv);
    expect(second.status).toBe(200);
    expect(second.body).toContain("Contact");
    expect(await contentCalls()).toBe(before);
  });

  it("serves a stale entry at once and refreshes it in the background", async () => {
    const testEnv = faultEnv({ CONTENT_FRESH_SECONDS: "0" });
    await view(PAGE, testEnv);
    const before = await contentCalls();
    const stale = await view(PAGE, testEnv);
    expect(stale.status).toBe(200);
    // The page was answered from the cache; its entries were refreshed after the response.
    expect(await contentCalls()).toBeGreaterThan(before);
  });

  it("serves the stale entry while the content service answers 500", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const testEnv = faultEnv({ CONTENT_FRESH_SECONDS: "0" });
    const fresh = await view(PAGE, testEnv);
    expect(fresh.status).toBe(200);
    await setFault("500");
    const stale = await view(PAGE, testEnv);
    expect(stale.status).toBe(200);
    expect(stale.body).toContain("Contact");
    expect(warn.mock.calls.join("\n")).toContain("Content refresh failed");
  });

  it("never caches the drafts perspective", async () => {
    const testEnv = faultEnv({ SANITY_PERSPECTIVE: "drafts" });
    await view(PAGE, testEnv);
    const before = await contentCalls();
    await view(PAGE, testEnv);
    expect(await contentCalls()).toBeGreaterThan(before);
  });
});

// Every fault against every page type, cold and warm: fault-matrix.test.ts.
describe("retries (C4)", () => {
  it("retries 503 and then succeeds", async () => {
    const testEnv = faultEnv();
    await setFault("503", 2);
    const before = await contentCalls();
    const res = await view(PAGE, testEnv);
    expect(res.status).toBe(200);
    expect(res.body).toContain("Contact");
    expect(await contentCalls()).toBeGreaterThanOrEqual(before + 3);
  });
});

describe("configuration (V2)", () => {
  it.each([
    ["SANITY_DATASET", "Not A Dataset"],
    ["SANITY_DATASET", "x".repeat(65)],
    ["SANITY_PROJECT_ID", "abc_def"],
    ["SANITY_API_VERSION", "2025-13-45"],
    ["SANITY_API_VERSION", "v2"],
  ])("a bad %s gives the 500 page and a log line naming it", async (setting, value) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await view(PAGE, faultEnv({ [setting]: value }));
    expect(res.status).toBe(500);
    expect(res.body).toContain("Internal Server Error");
    const logged = error.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain(setting);
    expect(logged).not.toContain(TEST_TOKEN);
  });
});

describe("the token (C3)", () => {
  it("never appears in a response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const testEnv = faultEnv({ SANITY_TOKEN: TEST_TOKEN });
    for (const path of [
      "/",
      PAGE,
      "/portfolio",
      "/a/b/c",
      "/Bad_Slug",
      "/_app/builds/latest.json",
    ]) {
      const res = await view(path, testEnv);
      expect(res.body, path).not.toContain(TEST_TOKEN);
      expect([...res.headers].join("\n"), path).not.toContain(TEST_TOKEN);
    }
    await setFault("500");
    const failed = await view(PAGE, faultEnv({ SANITY_TOKEN: TEST_TOKEN }));
    expect(failed.body).not.toContain(TEST_TOKEN);
  });
});

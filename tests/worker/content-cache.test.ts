import { describe, expect, it } from "vitest";
import { captureLogs, contentCalls, faultEnv, request, setFault, TEST_TOKEN } from "./harness.ts";

const PAGE = "/contact";

describe("the edge cache", () => {
  it("makes no content call for a second view within the fresh time", async () => {
    const testEnv = faultEnv();
    const first = await request(PAGE, { env: testEnv });
    expect(first.status).toBe(200);
    const before = await contentCalls();
    const second = await request(PAGE, { env: testEnv });
    expect(second.status).toBe(200);
    expect(second.body).toContain("Contact");
    expect(await contentCalls()).toBe(before);
  });

  it("reads the content service for every view with the publish webhook set", async () => {
    const testEnv = faultEnv({ SANITY_WEBHOOK_SECRET: "a-webhook-secret" });
    await request(PAGE, { env: testEnv });
    const before = await contentCalls();
    const second = await request(PAGE, { env: testEnv });
    expect(second.status).toBe(200);
    expect(await contentCalls()).toBeGreaterThan(before);
  });

  it("reads it for one visitor's pages too, which no purge reaches, so they show a publish at once", async () => {
    const testEnv = faultEnv({ SANITY_WEBHOOK_SECRET: "a-webhook-secret" });
    expect((await request("/cart", { env: testEnv })).status).toBe(200);
    const before = await contentCalls();
    expect((await request("/cart", { env: testEnv })).status).toBe(200);
    expect(await contentCalls()).toBeGreaterThan(before);
  });

  it("serves the last good answer while the content service answers 500", async () => {
    const logs = captureLogs();
    const testEnv = faultEnv({ CONTENT_FRESH_SECONDS: "0" });
    const fresh = await request(PAGE, { env: testEnv });
    expect(fresh.status).toBe(200);
    await setFault("500");
    const stale = await request(PAGE, { env: testEnv });
    expect(stale.status).toBe(200);
    expect(stale.body).toContain("Contact");
    expect(logs.text("warn")).toContain("Content unavailable; serving the last good result");
  });

  it("refuses a site-wide drafts perspective instead of serving drafts to everyone", async () => {
    const logs = captureLogs();
    const before = await contentCalls();
    const res = await request(PAGE, {
      env: faultEnv({ SANITY_PERSPECTIVE: "drafts" } as Partial<Env>),
    });
    expect(res.status).toBe(500);
    expect(await contentCalls()).toBe(before);
    expect(logs.text()).toContain("SANITY_PERSPECTIVE");
  });
});

// Every fault against every page type, cold and warm: fault-matrix.test.ts.
describe("retries", () => {
  it("retries 503 and then succeeds", async () => {
    const testEnv = faultEnv();
    await setFault("503", 2);
    const before = await contentCalls();
    const res = await request(PAGE, { env: testEnv });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Contact");
    expect(await contentCalls()).toBeGreaterThanOrEqual(before + 3);
  });
});

describe("a malformed configuration", () => {
  it.each([
    ["SANITY_DATASET", "Not A Dataset"],
    ["SANITY_DATASET", "x".repeat(65)],
    ["SANITY_PROJECT_ID", "abc_def"],
    ["SANITY_API_VERSION", "2025-13-45"],
    ["SANITY_API_VERSION", "v2"],
  ])("a bad %s gives the 500 page and a log line naming it", async (setting, value) => {
    const logs = captureLogs();
    const res = await request(PAGE, { env: faultEnv({ [setting]: value }) });
    expect(res.status).toBe(500);
    expect(res.body).toContain("Internal Server Error");
    expect(logs.text("error")).toContain(setting);
    expect(logs.text()).not.toContain(TEST_TOKEN);
  });
});

describe("the content token", () => {
  it("never appears in a response", async () => {
    const logs = captureLogs();
    const testEnv = faultEnv({ SANITY_TOKEN: TEST_TOKEN });
    for (const path of [
      "/",
      PAGE,
      "/portfolio",
      "/a/b/c",
      "/Bad_Slug",
      "/_app/builds/latest.json",
    ]) {
      const res = await request(path, { env: testEnv });
      expect(res.body, path).not.toContain(TEST_TOKEN);
      expect([...res.headers].join("\n"), path).not.toContain(TEST_TOKEN);
    }
    await setFault("500");
    const failed = await request(PAGE, { env: faultEnv({ SANITY_TOKEN: TEST_TOKEN }) });
    expect(failed.body).not.toContain(TEST_TOKEN);
    expect(logs.text()).not.toContain(TEST_TOKEN);
  });
});

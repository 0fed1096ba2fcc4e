import { describe, expect, it } from "vitest";
import { checkStamp, inquiryId, issueStamp, MAX_STAMP_AGE_MS } from "./stamp.ts";

const env = { SANITY_TOKEN: "sk-stamp-test-token" };
const NOW = Date.UTC(2026, 0, 1, 12);

describe("fill-time stamps", () => {
  it("says how long ago a genuine stamp was issued", async () => {
    const stamp = (await issueStamp(env, NOW - 4_000)) ?? "";
    expect(stamp).toMatch(/^\d{13}\.[\w-]{43}$/);
    expect(await checkStamp(env, stamp, NOW)).toEqual({ kind: "valid", ageMs: 4_000 });
  });

  it("takes a missing or expired stamp for no stamp", async () => {
    expect(await checkStamp(env, "", NOW)).toEqual({ kind: "none" });
    const old = (await issueStamp(env, NOW - MAX_STAMP_AGE_MS - 1)) ?? "";
    expect(await checkStamp(env, old, NOW)).toEqual({ kind: "none" });
  });

  it("knows a made-up, altered, foreign or future stamp", async () => {
    const stamp = (await issueStamp(env, NOW - 60_000)) ?? "";
    const [moment, signature] = stamp.split(".") as [string, string];
    for (const forged of [
      `${Number(moment) - 60_000}.${signature}`,
      `${moment}.${"A".repeat(43)}`,
      "garbage",
      `${moment}.`,
      (await issueStamp({ SANITY_TOKEN: "sk-another-token" }, NOW - 60_000)) ?? "",
      (await issueStamp(env, NOW + 60_000)) ?? "",
    ]) {
      expect(await checkStamp(env, forged, NOW), forged).toEqual({ kind: "forged" });
    }
  });

  it("needs the Sanity token", async () => {
    expect(await issueStamp({}, NOW)).toBeUndefined();
    expect(await checkStamp({}, "1767268800000.x", NOW)).toEqual({ kind: "forged" });
  });
});

describe("inquiry ids", () => {
  const content = ["Ada", "ada@example.com", "print", "A print, please.", ""];

  it("are the same for the same inquiry on the same day, a UUID in form", async () => {
    const id = await inquiryId(env, content, NOW);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await inquiryId(env, content, NOW + 60_000)).toBe(id);
  });

  it("differ for another message, another day or another site", async () => {
    const id = await inquiryId(env, content, NOW);
    expect(await inquiryId(env, [...content.slice(0, 3), "Another."], NOW)).not.toBe(id);
    expect(await inquiryId(env, content, NOW + 24 * 60 * 60 * 1000)).not.toBe(id);
    expect(await inquiryId({ SANITY_TOKEN: "sk-another" }, content, NOW)).not.toBe(id);
  });
});

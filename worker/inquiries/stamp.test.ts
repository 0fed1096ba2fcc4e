import { describe, expect, it } from "vitest";
import { checkStamp, inquiryId, issueStamp, MAX_STAMP_AGE_MS } from "./stamp.ts";

const token = "sk-stamp-test-token";
const NOW = Date.UTC(2026, 0, 1, 12);

describe("fill-time stamps", () => {
  it("says how long ago a genuine stamp was issued", async () => {
    const stamp = (await issueStamp(token, NOW - 4_000)) ?? "";
    expect(stamp).toMatch(/^\d{13}\.[\w-]{43}$/);
    expect(await checkStamp(token, stamp, NOW)).toEqual({ kind: "valid", ageMs: 4_000 });
  });

  it("takes a missing or expired stamp for no stamp", async () => {
    expect(await checkStamp(token, "", NOW)).toEqual({ kind: "none" });
    const old = (await issueStamp(token, NOW - MAX_STAMP_AGE_MS - 1)) ?? "";
    expect(await checkStamp(token, old, NOW)).toEqual({ kind: "none" });
  });

  it("knows a made-up, altered, foreign or future stamp", async () => {
    const stamp = (await issueStamp(token, NOW - 60_000)) ?? "";
    const [moment, signature] = stamp.split(".") as [string, string];
    for (const forged of [
      `${Number(moment) - 60_000}.${signature}`,
      `${moment}.${"A".repeat(43)}`,
      "garbage",
      `${moment}.`,
      (await issueStamp("sk-another-token", NOW - 60_000)) ?? "",
      (await issueStamp(token, NOW + 60_000)) ?? "",
    ]) {
      expect(await checkStamp(token, forged, NOW), forged).toEqual({ kind: "forged" });
    }
  });

  it("needs the Sanity token", async () => {
    expect(await issueStamp(undefined, NOW)).toBeUndefined();
    expect(await checkStamp(undefined, "1767268800000.x", NOW)).toEqual({ kind: "forged" });
  });
});

describe("inquiry ids", () => {
  const content = ["Ada", "ada@example.com", "print", "A print, please.", ""];

  it("are the same for the same inquiry on the same day, a UUID in form", async () => {
    const id = await inquiryId(token, content, NOW);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await inquiryId(token, content, NOW + 60_000)).toBe(id);
  });

  it("differ for another message, another day or another site", async () => {
    const id = await inquiryId(token, content, NOW);
    expect(await inquiryId(token, [...content.slice(0, 3), "Another."], NOW)).not.toBe(id);
    expect(await inquiryId(token, content, NOW + 24 * 60 * 60 * 1000)).not.toBe(id);
    expect(await inquiryId("sk-another", content, NOW)).not.toBe(id);
  });
});

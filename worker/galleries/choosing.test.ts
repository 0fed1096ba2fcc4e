import { describe, expect, it } from "vitest";
import { confirmedBy, confirmLink, LINK_SECONDS } from "./choosing.ts";

const TOKEN = "the-site-sanity-token";
const A = "a".repeat(26);
const B = "b".repeat(26);
const NOW = Date.UTC(2026, 5, 14, 12);

/** The query of a link, as the confirming request reads it. */
const queryOf = (link: string) => Object.fromEntries(new URL(link).searchParams);

describe("the link that confirms a client's e-mail", () => {
  it("names its gallery's confirm address on the site's origin, with the address lowercase", async () => {
    const link = await confirmLink(TOKEN, A, " Ana@Example.com", "https://photos.example", NOW);
    expect(link).toMatch(new RegExp(`^https://photos\\.example/g/${A}/client/confirm\\?email=`));
    expect(queryOf(link).email).toBe("ana@example.com");
  });

  it("confirms its address for its gallery until a day has passed", async () => {
    const query = queryOf(await confirmLink(TOKEN, A, "ana@example.com", "https://x.test", NOW));
    expect(await confirmedBy(TOKEN, A, query, NOW)).toBe("ana@example.com");
    const last = NOW + LINK_SECONDS * 1000 - 1000;
    expect(await confirmedBy(TOKEN, A, query, last)).toBe("ana@example.com");
    expect(await confirmedBy(TOKEN, A, query, NOW + LINK_SECONDS * 1000)).toBeUndefined();
  });

  it("confirms nothing altered, for another gallery, or under another token", async () => {
    const query = queryOf(await confirmLink(TOKEN, A, "ana@example.com", "https://x.test", NOW));
    expect(await confirmedBy(TOKEN, B, query, NOW)).toBeUndefined();
    expect(await confirmedBy("a-rotated-token", A, query, NOW)).toBeUndefined();
    expect(await confirmedBy(undefined, A, query, NOW)).toBeUndefined();
    for (const altered of [
      { ...query, email: "eve@example.com" },
      { ...query, until: String(Number(query.until) + 86_400) },
      { ...query, sig: `${query.sig?.slice(0, -2)}AA` },
      { ...query, sig: "not base64url!" },
      { email: query.email },
      {},
    ]) {
      expect(await confirmedBy(TOKEN, A, altered, NOW)).toBeUndefined();
    }
  });
});

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  CLIENT_COOKIE,
  clientCookie,
  clientEmail,
  clientOf,
  hasSession,
  SESSION_COOKIE,
  SESSION_SECONDS,
  sessionCookie,
} from "./session.ts";

const TOKEN = "the-site-sanity-token";
const A = "a".repeat(26);
const B = "b".repeat(26);
const FINGERPRINT = "0123456789abcdef";
const NOW = Date.UTC(2026, 5, 14, 12);

/** What gallery `:gallery` makes of a request's cookies, at `?now=` for `?fingerprint=`. */
const app = new Hono();
app.get("/g/:gallery", async (c) => {
  const gallery = c.req.param("gallery");
  const token = c.req.query("token") ?? TOKEN;
  const now = Number(c.req.query("now") ?? NOW);
  const fingerprint = c.req.query("fingerprint") ?? FINGERPRINT;
  return c.json({
    session: await hasSession(c, token, gallery, fingerprint, now),
    client: (await clientEmail(c, token, gallery)) ?? null,
  });
});

async function seen(gallery: string, cookie: string, query: Record<string, string> = {}) {
  const res = await app.request(`/g/${gallery}?${new URLSearchParams(query)}`, {
    headers: { Cookie: cookie },
  });
  return (await res.json()) as { session: boolean; client: string | null };
}

/** The name=value a browser sends back of a Set-Cookie value. */
const sent = (setCookie: string) => setCookie.split(";")[0] as string;

describe("a gallery's session cookie", () => {
  it("is HttpOnly, Secure, SameSite=Lax and sent to the gallery's own path only", async () => {
    expect(await sessionCookie(TOKEN, A, FINGERPRINT, NOW)).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=[^;]+; Max-Age=${SESSION_SECONDS}; Path=/g/${A}; HttpOnly; Secure; SameSite=Lax$`,
      ),
    );
  });

  it("opens the gallery it was given for, for its current password, until it ends", async () => {
    const cookie = sent(await sessionCookie(TOKEN, A, FINGERPRINT, NOW));
    expect((await seen(A, cookie)).session).toBe(true);
    const last = String(NOW + SESSION_SECONDS * 1000 - 1000);
    expect((await seen(A, cookie, { now: last })).session).toBe(true);
    const ended = String(NOW + SESSION_SECONDS * 1000);
    expect((await seen(A, cookie, { now: ended })).session).toBe(false);
    // A new password, another gallery, a rotated token: none of them.
    expect((await seen(A, cookie, { fingerprint: "fedcba9876543210" })).session).toBe(false);
    expect((await seen(B, cookie)).session).toBe(false);
    expect((await seen(A, cookie, { token: "a-rotated-token" })).session).toBe(false);
  });

  it("lasts its 30 days whenever the gallery ends: each request checks the end as it stands now", async () => {
    const set = await sessionCookie(TOKEN, A, FINGERPRINT, NOW);
    expect(set).toContain(`Max-Age=${30 * 86_400};`);
    const later = String(NOW + 29 * 86_400_000);
    expect((await seen(A, sent(set), { now: later })).session).toBe(true);
  });

  it("cannot be altered, nor made from the client's cookie", async () => {
    const cookie = sent(await sessionCookie(TOKEN, A, FINGERPRINT, NOW));
    const end = cookie.slice(cookie.indexOf("=") + 1).split(".")[0] as string;
    const later = cookie.replace(`=${end}.`, `=${Number(end) + 86_400}.`);
    expect((await seen(A, later)).session).toBe(false);
    // The client cookie signs an e-mail: one shaped like a session is still not one.
    const client = sent(await clientCookie(TOKEN, A, `${end}.${FINGERPRINT}`));
    const renamed = client.replace(`${CLIENT_COOKIE}=`, `${SESSION_COOKIE}=`);
    expect((await seen(A, renamed)).session).toBe(false);
  });

  it("is never given or accepted without the Sanity token", async () => {
    await expect(sessionCookie(undefined, A, FINGERPRINT, NOW)).rejects.toThrow("SANITY_TOKEN");
    const cookie = sent(await sessionCookie(TOKEN, A, FINGERPRINT, NOW));
    expect((await seen(A, cookie, { token: "" })).session).toBe(false);
  });
});

describe("a gallery's client cookie", () => {
  it("carries the client's e-mail, lowercase, for its own gallery only, for a year", async () => {
    for (const [given, kept] of [
      ["ana@example.com", "ana@example.com"],
      [" José.Núñez@Example.com ", "josé.núñez@example.com"],
      ["李小龙@example.cn", "李小龙@example.cn"],
    ]) {
      const set = await clientCookie(TOKEN, A, given as string);
      expect(set).toMatch(
        new RegExp(
          `^${CLIENT_COOKIE}=[^; ]+; Max-Age=31536000; Path=/g/${A}; HttpOnly; Secure; SameSite=Lax$`,
        ),
      );
      expect((await seen(A, sent(set))).client, given).toBe(kept);
      expect((await seen(B, sent(set))).client, given).toBeNull();
    }
  });

  it("cannot be altered", async () => {
    const cookie = sent(await clientCookie(TOKEN, A, "ana@example.com"));
    expect((await seen(A, cookie.replace("ana", "eve"))).client).toBeNull();
  });

  it("names the same client however the address is typed", () => {
    expect(clientOf("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(clientOf("Jose\u0301@example.com")).toBe(clientOf("José@example.com"));
  });
});

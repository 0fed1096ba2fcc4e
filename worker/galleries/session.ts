/**
 * The gallery's two cookies, both `HttpOnly; Secure; SameSite=Lax` and scoped to the gallery's
 * own path, `/g/{id}`, so no other page of the site (nor another gallery) ever receives them:
 *
 * - the session, given for the right password: it names the gallery, the password it was given
 *   for (a fingerprint of its hash, so a new password ends it) and when it ends;
 * - the client, the name or e-mail the client gave once: the key of their favourites, on any
 *   device where they give the same.
 *
 * Both are signed with keys of the site's own (lib/signing.ts): neither can be made up or
 * moved to another gallery.
 */

import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { derivedKey, fromBase64url, sign, toBase64url, verify } from "../lib/signing.ts";
import { galleryPaths } from "./ids.ts";

export const SESSION_COOKIE = "gallery_session";
export const CLIENT_COOKIE = "gallery_client";

/** How long a session lasts at most (the gallery's expiry ends it sooner). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

const sessionKey = (token: string | undefined) =>
  derivedKey(token, "portfolio client gallery session");
const clientKey = (token: string | undefined) =>
  derivedKey(token, "portfolio client gallery client");

function cookie(name: string, value: string, gallery: string, maxAge: number): string {
  return `${name}=${value}; Max-Age=${maxAge}; Path=${galleryPaths.root(gallery)}; HttpOnly; Secure; SameSite=Lax`;
}

/** The Set-Cookie value of a new session for `gallery`, given for the password `fingerprint`. */
export async function sessionCookie(
  token: string | undefined,
  gallery: string,
  fingerprint: string,
  expiresAt: number | undefined,
  now = Date.now(),
): Promise<string> {
  const key = await sessionKey(token);
  if (!key) throw new Error("Client galleries need SANITY_TOKEN");
  const end = Math.floor(
    Math.min(now + SESSION_SECONDS * 1000, expiresAt ?? Number.POSITIVE_INFINITY) / 1000,
  );
  const signature = toBase64url(await sign(key, `${gallery}\n${fingerprint}\n${end}`));
  return cookie(
    SESSION_COOKIE,
    `${end}.${fingerprint}.${signature}`,
    gallery,
    Math.max(0, end - Math.floor(now / 1000)),
  );
}

/** Whether the request carries a genuine, unexpired session for this gallery's current password. */
export async function hasSession(
  c: Context,
  token: string | undefined,
  gallery: string,
  fingerprint: string,
  now = Date.now(),
): Promise<boolean> {
  const value = getCookie(c, SESSION_COOKIE);
  const key = await sessionKey(token);
  const match = value ? /^(\d{1,12})\.([0-9a-f]{16}|open)\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!key || !match) return false;
  const [, end, given, signature] = match as unknown as [string, string, string, string];
  if (given !== fingerprint || Number(end) * 1000 <= now) return false;
  const bytes = fromBase64url(signature);
  return bytes ? verify(key, bytes, `${gallery}\n${given}\n${end}`) : false;
}

/** Lowercase, trimmed, single-spaced: the same person types their name or e-mail many ways. */
export const clientOf = (label: string): string =>
  label.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** The Set-Cookie value naming the client (their name or e-mail as given). */
export async function clientCookie(
  token: string | undefined,
  gallery: string,
  label: string,
): Promise<string> {
  const key = await clientKey(token);
  if (!key) throw new Error("Client galleries need SANITY_TOKEN");
  const name = toBase64url(new TextEncoder().encode(label));
  const signature = toBase64url(await sign(key, `${gallery}\n${label}`));
  return cookie(CLIENT_COOKIE, `${name}.${signature}`, gallery, 365 * 24 * 60 * 60);
}

/** The client the request names (their label as given), or undefined. */
export async function clientLabel(
  c: Context,
  token: string | undefined,
  gallery: string,
): Promise<string | undefined> {
  const value = getCookie(c, CLIENT_COOKIE);
  const key = await clientKey(token);
  const match = value ? /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!key || !match) return undefined;
  const name = fromBase64url(match[1] as string);
  const signature = fromBase64url(match[2] as string);
  if (!name || !signature) return undefined;
  let label: string;
  try {
    label = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(name);
  } catch {
    return undefined;
  }
  return (await verify(key, signature, `${gallery}\n${label}`)) ? label : undefined;
}

/**
 * The gallery's cookies, all `HttpOnly; Secure; SameSite=Lax` and scoped to the gallery's own
 * path, `/g/{id}` (the grid pass, below, to its photographs), so no other page of the site (nor
 * another gallery) ever receives them:
 *
 * - the session, given for the right password: it holds when it ends and the password it was
 *   given for (a fingerprint of its hash, so a new password ends it);
 * - the device, given with a device's first session: it names the password too (unlock.tsx);
 * - the client's e-mail, given by the link sent to it (choosing.ts): the key of their
 *   favourites, on every device where they open such a link;
 * - the address asked for, given with the request for that link: only on the device that asked
 *   does the link confirm it.
 *
 * All are Hono's signed cookies (HMAC-SHA256), like the draft preview's, under a key made of
 * the Sanity token, the cookie's purpose and the gallery's id: none can be made up, and a
 * cookie of one gallery never passes for another's.
 */

import type { Context } from "hono";
import { generateSignedCookie, getSignedCookie } from "hono/cookie";
import { galleryPaths } from "./ids.ts";

export const SESSION_COOKIE = "gallery_session";
export const CLIENT_COOKIE = "gallery_email";
export const DEVICE_COOKIE = "gallery_device";
export const PASS_COOKIE = "gallery_pass";
export const ASKING_COOKIE = "gallery_asking";

/** How long a session lasts at most (the gallery's expiry ends it sooner). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

const CLIENT_SECONDS = 365 * 24 * 60 * 60;

const NAMES = {
  session: SESSION_COOKIE,
  email: CLIENT_COOKIE,
  device: DEVICE_COOKIE,
  pass: PASS_COOKIE,
  asking: ASKING_COOKIE,
} as const;
type Purpose = keyof typeof NAMES;

const secret = (token: string | undefined, purpose: Purpose, gallery: string) =>
  token ? `portfolio client gallery ${purpose}\n${gallery}\n${token}` : undefined;

/** The Set-Cookie value of one of the gallery's cookies. */
async function signedCookie(
  token: string | undefined,
  purpose: Purpose,
  gallery: string,
  value: string,
  maxAge: number,
  path = galleryPaths.root(gallery),
): Promise<string> {
  const key = secret(token, purpose, gallery);
  if (!key) throw new Error("Client galleries need SANITY_TOKEN");
  return generateSignedCookie(NAMES[purpose], value, key, {
    maxAge,
    path,
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
}

/** The value of one of the gallery's cookies the request carries, when it is genuine. */
async function signedValue(
  c: Context,
  token: string | undefined,
  purpose: Purpose,
  gallery: string,
): Promise<string | undefined> {
  const key = secret(token, purpose, gallery);
  if (!key) return undefined;
  return (await getSignedCookie(c, key, NAMES[purpose])) || undefined;
}

/**
 * The Set-Cookie value of a new session for `gallery`, given for the password `fingerprint`. Not
 * cut at the gallery's end: every request checks that as it stands (access.ts), so an end the
 * owner moves later keeps the client in.
 */
export function sessionCookie(
  token: string | undefined,
  gallery: string,
  fingerprint: string,
  now = Date.now(),
): Promise<string> {
  const end = Math.floor(now / 1000) + SESSION_SECONDS;
  return signedCookie(token, "session", gallery, `${end}.${fingerprint}`, SESSION_SECONDS);
}

/** Whether the request carries a genuine, unexpired session for this gallery's current password. */
export async function hasSession(
  c: Context,
  token: string | undefined,
  gallery: string,
  fingerprint: string,
  now = Date.now(),
): Promise<boolean> {
  const [end, given] = (await signedValue(c, token, "session", gallery))?.split(".") ?? [];
  return given === fingerprint && Number(end) * 1000 > now;
}

/** An e-mail address as one client's key: trimmed and lowercase, however it was typed. */
export const clientOf = (email: string): string => email.normalize("NFC").trim().toLowerCase();

/** The Set-Cookie value naming the client by their confirmed e-mail. */
export const clientCookie = (token: string | undefined, gallery: string, email: string) =>
  signedCookie(token, "email", gallery, clientOf(email), CLIENT_SECONDS);

/** The client's confirmed e-mail the request carries, or undefined. */
export const clientEmail = (c: Context, token: string | undefined, gallery: string) =>
  signedValue(c, token, "email", gallery);

/** The Set-Cookie value naming the address this device asked a link for, as long as the link works. */
export const askingCookie = (
  token: string | undefined,
  gallery: string,
  email: string,
  maxAge: number,
) => signedCookie(token, "asking", gallery, clientOf(email), maxAge);

/** The address this device last asked a link for, or undefined. */
export const askedFor = (c: Context, token: string | undefined, gallery: string) =>
  signedValue(c, token, "asking", gallery);

/** How long a device let into the gallery is remembered as one (for the password's limits). */
const DEVICE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Set-Cookie value marking this device as one the right password let in: it opens nothing
 * by itself, but a flood of wrong guesses from elsewhere never keeps it from trying
 * (unlock.tsx). It names the password it was earned with (`fingerprint`), so a new password
 * ends every device as it ends every session: only who knew the current password has one.
 */
export const deviceCookie = (token: string | undefined, gallery: string, fingerprint: string) =>
  signedCookie(token, "device", gallery, `${crypto.randomUUID()}.${fingerprint}`, DEVICE_SECONDS);

/** The device's id when the gallery's current password (`fingerprint`) let it in, else undefined. */
export async function deviceOf(
  c: Context,
  token: string | undefined,
  gallery: string,
  fingerprint: string,
): Promise<string | undefined> {
  const [device, given] = (await signedValue(c, token, "device", gallery))?.split(".") ?? [];
  return given === fingerprint ? device : undefined;
}

/**
 * How long a grid pass lets the grid's sizes through without asking the gallery's Durable
 * Object: the bound on how long a revocation, a new password, the gallery's end or a change of
 * stage takes to reach a thumbnail (docs/galleries.md, "One check per photograph").
 */
export const PASS_SECONDS = 60;

/**
 * The Set-Cookie value of a grid pass: given with a page of the gallery (after the whole check),
 * sent back only to the gallery's photographs (`/g/{id}/photo`), it names when it ends and what
 * the check found the client may see (`variant`).
 */
export function passCookie(
  token: string | undefined,
  gallery: string,
  variant: string,
  now = Date.now(),
): Promise<string> {
  const end = Math.floor(now / 1000) + PASS_SECONDS;
  return signedCookie(
    token,
    "pass",
    gallery,
    `${end}.${variant}`,
    PASS_SECONDS,
    `${galleryPaths.root(gallery)}/photo`,
  );
}

/** What a genuine, unexpired grid pass the request carries lets through, else undefined. */
export async function passOf(
  c: Context,
  token: string | undefined,
  gallery: string,
  now = Date.now(),
): Promise<string | undefined> {
  const [end, variant] = (await signedValue(c, token, "pass", gallery))?.split(".") ?? [];
  return variant && Number(end) * 1000 > now ? variant : undefined;
}

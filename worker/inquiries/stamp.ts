/**
 * The contact form's "opened at" stamp, for the minimum fill time. The contact page is cached
 * at the edge and identical for every visitor, so it cannot carry a per-visitor time; the
 * form's script asks `/_app/inquiries/stamp` (never cached) for one when the form is shown and
 * puts it in a hidden field. The stamp is the moment in milliseconds with an HMAC-SHA256 over
 * it, so a bot cannot make up an older one. The key is derived from the Sanity token, as the
 * preview cookie's is: the form needs that (write) token anyway, rotating it ends every stamp,
 * and the prefix keeps this use apart from any other.
 */

/** A form sent sooner than this after it was opened was not filled in by a person. */
export const MIN_FILL_MS = 3_000;

/** An older stamp proves nothing any more (a stamp is not a licence to post forever). */
export const MAX_STAMP_AGE_MS = 24 * 60 * 60 * 1000;

const encoder = new TextEncoder();
/**
 * Keys already imported by this isolate. The keys themselves, never the promise of one: a
 * promise one request started is I/O another request may not await (workerd refuses it).
 */
const keys = new Map<string, CryptoKey>();

/** An HMAC-SHA256 key for one purpose, derived from the Sanity token (undefined without one). */
async function derivedKey(
  token: string | undefined,
  purpose: string,
): Promise<CryptoKey | undefined> {
  if (!token) return undefined;
  const material = `${purpose}\n${token}`;
  const known = keys.get(material);
  if (known) return known;
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(material),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  keys.set(material, key);
  return key;
}

const signingKey = (token: string | undefined) => derivedKey(token, "portfolio inquiry form stamp");

/**
 * An inquiry's id, derived from what it says and the day it was sent (a keyed hash, so the id
 * gives nothing away): the same submission posted again (a replayed or resubmitted POST) gets
 * the same id, and delivering it again changes nothing. A UUID in form (version 8).
 */
export async function inquiryId(
  token: string | undefined,
  content: readonly string[],
  now = Date.now(),
): Promise<string | undefined> {
  const key = await derivedKey(token, "portfolio inquiry id");
  if (!key) return undefined;
  const day = new Date(now).toISOString().slice(0, 10);
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    encoder.encode(JSON.stringify([day, ...content])),
  );
  const bytes = new Uint8Array(mac).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const base64url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A stamp for `now`, or undefined when there is no key (no Sanity token: no form either). */
export async function issueStamp(
  token: string | undefined,
  now = Date.now(),
): Promise<string | undefined> {
  const key = await signingKey(token);
  if (!key) return undefined;
  const moment = String(Math.floor(now));
  return `${moment}.${base64url(await crypto.subtle.sign("HMAC", key, encoder.encode(moment)))}`;
}

/** What a posted stamp says about the form's fill time. */
export type StampVerdict =
  /** No stamp (no script ran), or one that has expired: the fill time is unknown. */
  | { kind: "none" }
  /** A genuine stamp: the form was opened `ageMs` ago. */
  | { kind: "valid"; ageMs: number }
  /** A stamp we did not sign, or one from the future: made up. */
  | { kind: "forged" };

export async function checkStamp(
  token: string | undefined,
  value: string,
  now = Date.now(),
): Promise<StampVerdict> {
  if (value === "") return { kind: "none" };
  const match = /^(\d{13})\.([A-Za-z0-9_-]+)$/.exec(value);
  const signature = match?.[2] ? fromBase64url(match[2]) : undefined;
  const key = await signingKey(token);
  if (!match?.[1] || !signature || !key) return { kind: "forged" };
  const genuine = await crypto.subtle.verify("HMAC", key, signature, encoder.encode(match[1]));
  if (!genuine) return { kind: "forged" };
  const ageMs = now - Number(match[1]);
  // A little leeway for clocks of different machines of the edge.
  if (ageMs < -5_000) return { kind: "forged" };
  if (ageMs > MAX_STAMP_AGE_MS) return { kind: "none" };
  return { kind: "valid", ageMs: Math.max(0, ageMs) };
}

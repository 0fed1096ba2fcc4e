import { derivedKey, fromBase64url, sign, toBase64url, toHex, verify } from "../lib/signing.ts";

/**
 * The contact form's "opened at" stamp, for the minimum fill time. The contact page is cached
 * at the edge and identical for every visitor, so it cannot carry a per-visitor time; the
 * form's script asks `/_app/inquiries/stamp` (never cached) for one when the form is shown and
 * puts it in a hidden field. The stamp is the moment in milliseconds with an HMAC-SHA256 over
 * it, so a bot cannot make up an older one, under a key of the site's own (lib/signing.ts).
 */

/** A form sent sooner than this after it was opened was not filled in by a person. */
export const MIN_FILL_MS = 3_000;

/** An older stamp proves nothing any more (a stamp is not a licence to post forever). */
export const MAX_STAMP_AGE_MS = 24 * 60 * 60 * 1000;

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
  const bytes = (await sign(key, JSON.stringify([day, ...content]))).slice(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A stamp for `now`, or undefined when there is no key (no Sanity token: no form either). */
export async function issueStamp(
  token: string | undefined,
  now = Date.now(),
): Promise<string | undefined> {
  const key = await signingKey(token);
  if (!key) return undefined;
  const moment = String(Math.floor(now));
  return `${moment}.${toBase64url(await sign(key, moment))}`;
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
  const signature = match?.[2]?.length === 43 ? fromBase64url(match[2]) : undefined;
  const key = await signingKey(token);
  if (!match?.[1] || !signature || !key) return { kind: "forged" };
  const genuine = await verify(key, signature, match[1]);
  if (!genuine) return { kind: "forged" };
  const ageMs = now - Number(match[1]);
  // A little leeway for clocks of different machines of the edge.
  if (ageMs < -5_000) return { kind: "forged" };
  if (ageMs > MAX_STAMP_AGE_MS) return { kind: "none" };
  return { kind: "valid", ageMs: Math.max(0, ageMs) };
}

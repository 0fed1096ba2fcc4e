/**
 * A gallery's password, as the Studio stores it: never as typed, only a PBKDF2-SHA-256 key
 * derived from it with a salt of the gallery's own, at the 100,000 iterations the Workers
 * runtime allows (docs/galleries.md). The worker derives the same key from what the client
 * types and compares the two in constant time.
 */
import { fromBase64url, sha256Hex } from "../lib/signing.ts";

export interface PasswordHash {
  algorithm: "PBKDF2-SHA-256";
  iterations: number;
  /** Base64url of the salt (16 random bytes). */
  salt: string;
  /** Base64url of the derived key (32 bytes). */
  hash: string;
}

/** The most PBKDF2 iterations the Workers runtime computes; the Studio uses exactly this. */
export const PBKDF2_ITERATIONS = 100_000;

const encoder = new TextEncoder();

/** A password hash as stored, or undefined when it is not one this site can check. */
export function parsePasswordHash(value: unknown): PasswordHash | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { algorithm, iterations, salt, hash } = value as Record<string, unknown>;
  if (algorithm !== "PBKDF2-SHA-256") return undefined;
  if (typeof iterations !== "number" || !Number.isInteger(iterations)) return undefined;
  if (iterations < 10_000 || iterations > PBKDF2_ITERATIONS) return undefined;
  if (typeof salt !== "string" || (fromBase64url(salt)?.length ?? 0) < 16) return undefined;
  if (typeof hash !== "string" || fromBase64url(hash)?.length !== 32) return undefined;
  return { algorithm, iterations, salt, hash };
}

async function derive(password: string, stored: PasswordHash): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    "raw",
    encoder.encode(password.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: "PBKDF2",
      hash: "SHA-256",
      salt: fromBase64url(stored.salt) as Uint8Array<ArrayBuffer>,
      iterations: stored.iterations,
    },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** Whether `password` is the one `stored` was made from, compared in constant time. */
export async function passwordMatches(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromBase64url(stored.hash) as Uint8Array<ArrayBuffer>;
  const given = (await derive(password, stored)) as Uint8Array<ArrayBuffer>;
  // timingSafeEqual: a comparison that takes as long whichever byte differs.
  return crypto.subtle.timingSafeEqual(given, expected);
}

/**
 * A short fingerprint of the stored hash, which a session names: a new password (a new salt
 * and hash) changes it, so every session given for the old one ends at its next request.
 */
export async function passwordFingerprint(stored: PasswordHash | undefined): Promise<string> {
  if (!stored) return "open";
  return (await sha256Hex(`${stored.salt}.${stored.hash}`)).slice(0, 16);
}

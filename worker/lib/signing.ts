/**
 * The site's own signatures (the contact form's stamps, inquiry ids, gallery uploads):
 * HMAC-SHA256 under keys derived from the Sanity token. The site needs that (write) token
 * anyway, so there is no other secret to manage; rotating it ends every signature at once; and
 * each use has a purpose of its own in the key, so a signature made for one can never pass for
 * another. (Cookies are Hono's signed cookies, keyed the same way: preview/cookie.ts,
 * galleries/session.ts.)
 */
import { decodeBase64Url, encodeBase64Url } from "hono/utils/encode";

const encoder = new TextEncoder();

/** An HMAC-SHA256 key for one purpose, derived from the Sanity token (undefined without one). */
export async function derivedKey(
  token: string | undefined,
  purpose: string,
): Promise<CryptoKey | undefined> {
  if (!token) return undefined;
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(`${purpose}\n${token}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/** The HMAC-SHA256 of `text` under `key`, as bytes. */
export async function sign(key: CryptoKey, text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/** The HMAC-SHA256 of `text` under the key for `purpose`, in hex (undefined without a token). */
export async function keyedHex(
  token: string | undefined,
  purpose: string,
  text: string,
): Promise<string | undefined> {
  const key = await derivedKey(token, purpose);
  return key && toHex(await sign(key, text));
}

/** Whether `signature` is the HMAC-SHA256 of `text` under `key` (compared in constant time). */
export function verify(key: CryptoKey, signature: Uint8Array<ArrayBuffer>, text: string) {
  return crypto.subtle.verify("HMAC", key, signature, encoder.encode(text));
}

/** The SHA-256 of text (as UTF-8) or bytes, in hex. */
export const sha256Hex = async (data: string | Uint8Array<ArrayBuffer>): Promise<string> =>
  toHex(
    new Uint8Array(
      await crypto.subtle.digest("SHA-256", typeof data === "string" ? encoder.encode(data) : data),
    ),
  );

export const toHex = (bytes: Uint8Array): string =>
  [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Hex to bytes, or undefined for anything that is not an even run of hex digits. */
export function fromHex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** Base64url without padding, as the stamps and the Studio's password hashes are written. */
export const toBase64url = (bytes: Uint8Array<ArrayBuffer>): string =>
  encodeBase64Url(bytes.slice().buffer).replace(/=+$/, "");

/**
 * Base64url to bytes, or undefined for anything else. Only the one spelling `toBase64url` writes
 * is taken: a last character that differs in the bits no byte uses would otherwise pass for the
 * same secret under another address.
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const bytes = decodeBase64Url(text);
  return toBase64url(bytes) === text ? bytes : undefined;
}

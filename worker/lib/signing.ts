/**
 * The site's own signatures (the contact form's stamps, inquiry ids, client gallery sessions,
 * gallery uploads): HMAC-SHA256 under keys derived from the Sanity token. The site needs that
 * (write) token anyway, so there is no other secret to manage; rotating it ends every
 * signature at once; and each use has a purpose of its own in the key, so a signature made
 * for one can never pass for another.
 */

const encoder = new TextEncoder();

/**
 * Keys already imported by this isolate. The keys themselves, never the promise of one: a
 * promise one request started is I/O another request may not await (workerd refuses it).
 */
const keys = new Map<string, CryptoKey>();

/** An HMAC-SHA256 key for one purpose, derived from the Sanity token (undefined without one). */
export async function derivedKey(
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

/** The HMAC-SHA256 of `text` under `key`, as bytes. */
export async function sign(key: CryptoKey, text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

/** Whether `signature` is the HMAC-SHA256 of `text` under `key` (compared in constant time). */
export function verify(key: CryptoKey, signature: Uint8Array<ArrayBuffer>, text: string) {
  return crypto.subtle.verify("HMAC", key, signature, encoder.encode(text));
}

export const toHex = (bytes: Uint8Array): string =>
  [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** Hex to bytes, or undefined for anything that is not an even run of hex digits. */
export function fromHex(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/.test(text)) return undefined;
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

export const toBase64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** Base64url to bytes, or undefined for anything else. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

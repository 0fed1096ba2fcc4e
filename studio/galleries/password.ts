/**
 * A gallery's password as the site stores it (docs/galleries.md): never as typed, only a
 * PBKDF2-SHA-256 key derived from it with a salt of its own, at the 100,000 iterations the
 * Workers runtime computes, salt and key in base64url without padding. WebCrypto only and no
 * imports, so the same file runs in the Studio (the owner's browser) and in Node as it is (the
 * demo gallery of `npm start`, and the tests that prove the worker accepts what it makes).
 */
export const PASSWORD_ALGORITHM = "PBKDF2-SHA-256";
/** The most PBKDF2 iterations the Workers runtime computes; the worker checks no more. */
export const PASSWORD_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

/** A password shorter than this is refused: it would be guessed within the site's rate limits. */
export const MIN_PASSWORD_LENGTH = 8;

/** What the `password` field of a `clientGallery` document holds. */
export interface GalleryPassword {
  _type: "galleryPassword";
  algorithm: typeof PASSWORD_ALGORITHM;
  iterations: number;
  /** Base64url of the 16 random bytes of salt. */
  salt: string;
  /** Base64url of the 32-byte derived key. */
  hash: string;
}

export function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The stored form of `password`. The salt is new for every password unless one is given (tests
 * that compare with a known key). The password is normalised to NFC first, as the worker does,
 * so "é" typed as one character or as e + accent is the same password.
 */
export async function hashGalleryPassword(
  password: string,
  salt: Uint8Array<ArrayBuffer> = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
): Promise<GalleryPassword> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password.normalize("NFC")),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const key = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations: PASSWORD_ITERATIONS },
    material,
    KEY_BITS,
  );
  return {
    _type: "galleryPassword",
    algorithm: PASSWORD_ALGORITHM,
    iterations: PASSWORD_ITERATIONS,
    salt: toBase64url(salt),
    hash: toBase64url(new Uint8Array(key)),
  };
}

/** Why a typed password cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (password.trim() !== password) return "The password may not start or end with a space.";
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  return undefined;
}

/** What the owner sends the client: the gallery's address and its password, on two lines. */
export function shareText(link: string, password: string | undefined): string {
  return password ? `${link}\nPassword: ${password}` : link;
}

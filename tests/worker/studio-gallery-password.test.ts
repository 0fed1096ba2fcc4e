// A gallery password hashed by the Studio's own code (studio/galleries/password.ts, WebCrypto,
// as the owner's browser runs it) is checked by the worker's own code, here in workerd where
// the worker runs: the right password opens, any other does not, and a new password ends the
// sessions given for the old one.
import { describe, expect, it } from "vitest";
import { hashGalleryPassword } from "../../studio/galleries/password.ts";
import {
  parsePasswordHash,
  passwordFingerprint,
  passwordMatches,
} from "../../worker/galleries/password.ts";

async function stored(password: string) {
  const hash = parsePasswordHash(await hashGalleryPassword(password));
  if (!hash) throw new Error("the worker refused the Studio's password object");
  return hash;
}

describe("a password hashed by the Studio", () => {
  it("lets in the password it was made from, and no other", async () => {
    const hash = await stored("larch-4821");
    expect(await passwordMatches("larch-4821", hash)).toBe(true);
    for (const wrong of ["larch-4822", "Larch-4821", "larch-4821 ", "", "larch"]) {
      expect(await passwordMatches(wrong, hash), wrong).toBe(false);
    }
  });

  it("lets in an accented password however the client's keyboard composes it", async () => {
    const hash = await stored("caf\u00e9-2024");
    expect(await passwordMatches("cafe\u0301-2024", hash)).toBe(true);
  });

  it("gives sessions a new fingerprint when the owner sets a new one, even the same word", async () => {
    const first = await passwordFingerprint(await stored("larch-4821"));
    const again = await passwordFingerprint(await stored("larch-4821"));
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(again).not.toBe(first);
  });
});

// The Studio's client gallery pieces that do not need the Studio (studio/galleries/): the
// password hash its input makes in the browser, the memorable passwords it offers, the ids of
// new galleries and the file names it copies for Lightroom. Node's WebCrypto is the browser's
// API, so these run the Studio's own code; each is checked against an independent
// implementation or the site's own rule. (That the worker lets a client in with a password
// hashed here is proved in workerd, tests/worker/studio-gallery-password.test.ts, and through
// the real local server, tests/node/demo-gallery.test.ts.)
import { pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  GALLERY_DOCUMENT_PREFIX,
  galleryDocumentId,
  galleryIdOf,
  galleryLink,
  newGalleryId,
} from "../../studio/galleries/ids.ts";
import { baseName, lightroomFilter } from "../../studio/galleries/lightroom.ts";
import { memorablePassword, WORDS } from "../../studio/galleries/memorable.ts";
import {
  hashGalleryPassword,
  MIN_PASSWORD_LENGTH,
  PASSWORD_ITERATIONS,
  passwordProblem,
  shareText,
} from "../../studio/galleries/password.ts";
import { isGalleryId, galleryDocumentId as siteDocumentId } from "../../worker/galleries/ids.ts";
import { PBKDF2_ITERATIONS, parsePasswordHash } from "../../worker/galleries/password.ts";

const fromBase64url = (text: string) => Buffer.from(text, "base64url");

describe("the gallery password the Studio stores", () => {
  it("is PBKDF2-SHA-256 at the worker's iterations, with a 16-byte salt and a 32-byte key", async () => {
    const stored = await hashGalleryPassword("larch-4821");
    expect(stored).toEqual({
      _type: "galleryPassword",
      algorithm: "PBKDF2-SHA-256",
      iterations: 100_000,
      salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(PASSWORD_ITERATIONS).toBe(PBKDF2_ITERATIONS);
    expect(fromBase64url(stored.salt)).toHaveLength(16);
    expect(fromBase64url(stored.hash)).toHaveLength(32);
  });

  it("is the key Node's own PBKDF2 derives from the password and the salt", async () => {
    const salt = new Uint8Array(16).map((_, i) => i * 7);
    const stored = await hashGalleryPassword("Ana & Luis, 14 June", salt);
    const expected = pbkdf2Sync("Ana & Luis, 14 June", salt, 100_000, 32, "sha256");
    expect(stored.salt).toBe(Buffer.from(salt).toString("base64url"));
    expect(stored.hash).toBe(expected.toString("base64url"));
  });

  it("has a new salt, so a new hash, every time", async () => {
    const [a, b] = await Promise.all([hashGalleryPassword("same"), hashGalleryPassword("same")]);
    expect(a?.salt).not.toBe(b?.salt);
    expect(a?.hash).not.toBe(b?.hash);
  });

  it("treats the two ways of typing an accented letter as one password (NFC, as the worker does)", async () => {
    const salt = new Uint8Array(16).fill(1);
    const composed = await hashGalleryPassword("caf\u00e9-2024", salt);
    const decomposed = await hashGalleryPassword("cafe\u0301-2024", salt);
    expect(decomposed.hash).toBe(composed.hash);
  });

  it("is what the worker's parser accepts", async () => {
    const stored = await hashGalleryPassword("larch-4821");
    const { _type, ...hash } = stored;
    expect(parsePasswordHash(stored)).toEqual(hash);
  });

  it("keeps nothing of the password itself", async () => {
    const stored = await hashGalleryPassword("larch-4821");
    expect(JSON.stringify(stored)).not.toMatch(/larch|4821/);
  });
});

describe("the passwords the Studio offers and accepts", () => {
  it("are a word and four digits, from 256 distinct short words", () => {
    expect(new Set(WORDS).size).toBe(256);
    for (const word of WORDS) expect(word).toMatch(/^[a-z]{3,8}$/);
    for (let i = 0; i < 200; i++) {
      const password = memorablePassword();
      expect(password).toMatch(/^[a-z]{3,8}-\d{4}$/);
      expect(WORDS).toContain(password.split("-")[0]);
      expect(passwordProblem(password)).toBeUndefined();
    }
  });

  it("vary (200 made, nearly all different)", () => {
    const made = new Set(Array.from({ length: 200 }, memorablePassword));
    expect(made.size).toBeGreaterThan(195);
  });

  it.each([
    ["", `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`],
    ["short", `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`],
    [" larch-4821", "The password may not start or end with a space."],
    ["larch-4821 ", "The password may not start or end with a space."],
  ])("refuses %j", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it("accepts eight characters of any script", () => {
    expect(passwordProblem("åäöüéèêë")).toBeUndefined();
    expect(passwordProblem("correct horse battery staple")).toBeUndefined();
  });

  it("are sent with the link on a line of their own", () => {
    const link = galleryLink("https://photos.example.com/", "3kqv7mzt2h4xw5nrbd6yq2acpe");
    expect(link).toBe("https://photos.example.com/g/3kqv7mzt2h4xw5nrbd6yq2acpe");
    expect(shareText(link, "larch-4821")).toBe(`${link}\nPassword: larch-4821`);
    expect(shareText(link, undefined)).toBe(link);
  });
});

describe("the id of a new gallery", () => {
  it("is one the site serves, on the document sub-path the site reads", () => {
    const id = newGalleryId();
    expect(isGalleryId(id)).toBe(true);
    expect(galleryDocumentId(id)).toBe(siteDocumentId(id));
    expect(GALLERY_DOCUMENT_PREFIX).toBe("clientGallery.");
  });

  it("is new every time and uses every base32 character", () => {
    const ids = Array.from({ length: 1000 }, newGalleryId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join(""))).toEqual(new Set("abcdefghijklmnopqrstuvwxyz234567"));
  });

  it.each([
    ["clientGallery.3kqv7mzt2h4xw5nrbd6yq2acpe", "3kqv7mzt2h4xw5nrbd6yq2acpe"],
    ["drafts.clientGallery.3kqv7mzt2h4xw5nrbd6yq2acpe", "3kqv7mzt2h4xw5nrbd6yq2acpe"],
    ["clientGallery.3KQV7MZT2H4XW5NRBD6YQ2ACPE", undefined],
    ["clientGallery.3kqv7mzt", undefined],
    ["9b2c1d5e-8f1a-4c7e-9d3b-2a6f0e4c8b1d", undefined],
    ["inquiry.3kqv7mzt2h4xw5nrbd6yq2acpe", undefined],
    [undefined, undefined],
  ])("is read from the document id %j as %j", (documentId, id) => {
    expect(galleryIdOf(documentId)).toBe(id);
  });
});

describe("a selection's file names for Lightroom's filter", () => {
  it("are the base names, comma-separated, in the selection's order", () => {
    expect(lightroomFilter(["DSC_0150.jpg", "DSC_0142.jpg", "IMG_7.JPEG"])).toBe(
      "DSC_0150, DSC_0142, IMG_7",
    );
  });

  it("name each photograph once, whatever the extension", () => {
    expect(lightroomFilter(["DSC_0142.jpg", "DSC_0142.png", " DSC_0142.webp "])).toBe("DSC_0142");
  });

  it.each([
    ["DSC_0142.jpg", "DSC_0142"],
    ["Ana & Luis 001.final.jpg", "Ana & Luis 001.final"],
    [".hidden", ".hidden"],
    ["no-extension", "no-extension"],
    ["folder/DSC_0142.jpg", "DSC_0142"],
  ])("take %j as %j", (file, base) => {
    expect(baseName(file)).toBe(base);
  });

  it("are empty for no favourites", () => {
    expect(lightroomFilter([])).toBe("");
  });
});

import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { newGalleryId, saveGallery } from "../../tests/worker/galleries.ts";
import { studioWrite } from "../../tests/worker/store.ts";
import { TEST_TOKEN } from "../../tests/worker/test-token.ts";
import { configure } from "../config/middleware.ts";
import { sign, toHex } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { photoKey } from "./ids.ts";
import { photoUpload, SIGNATURE_WINDOW_MS, uploadKey, uploadSignatureText } from "./upload.ts";

const app = new Hono<AppEnv>();
app.use(configure);
app.get("/_app/galleries/:gallery/photos/:photo", photoUpload);
app.put("/_app/galleries/:gallery/photos/:photo", photoUpload);
app.delete("/_app/galleries/:gallery/photos/:photo", photoUpload);

/** "123456789": its CRC-32 is the standard check value, 0xcbf43926. */
const BYTES = new TextEncoder().encode("123456789");

const sha256Of = async (bytes: Uint8Array) =>
  toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));

interface Sent {
  body?: Uint8Array;
  sha256?: string;
  token?: string;
  at?: number;
  /** The Content-Length announced (and signed), when it is not the body's. */
  length?: string;
  headers?: Record<string, string>;
}

/** A request as `npm run gallery` signs it. */
async function send(
  method: "HEAD" | "PUT" | "DELETE",
  gallery: string,
  photo: string,
  sent: Sent = {},
) {
  const path = `/_app/galleries/${gallery}/photos/${photo}`;
  const length = sent.length ?? String(sent.body?.length ?? 0);
  const at = String(sent.at ?? Date.now());
  const sha256 = method === "PUT" ? (sent.sha256 ?? "") : "";
  const key = (await uploadKey(sent.token ?? TEST_TOKEN)) as CryptoKey;
  const text = uploadSignatureText(method, path, at, sha256, length);
  const signature = `t=${at},v1=${toHex(await sign(key, text))}`;
  return app.request(
    path,
    {
      method,
      ...(sent.body ? { body: sent.body } : {}),
      headers: {
        "X-Gallery-Signature": signature,
        ...(method === "PUT"
          ? {
              "Content-Length": length,
              "Content-Type": "image/jpeg",
              "X-Photo-SHA256": sha256,
              "X-Photo-Name": encodeURIComponent("DSC_0142 Luís.jpg"),
              "X-Photo-Width": "3000",
              "X-Photo-Height": "2000",
              "X-Photo-Taken": "2025-06-14T16:32:10Z",
            }
          : {}),
        ...sent.headers,
      },
    },
    env,
  );
}

async function newGallery() {
  const id = newGalleryId();
  await saveGallery(id, {});
  return id;
}

const recorded = (gallery: string, photo: string) =>
  env.CLIENT_GALLERY.getByName(gallery).photo(gallery, photo);

describe("the owner's upload", () => {
  it("stores a photograph once, recording it with the CRC-32 of its bytes: 201, then 200", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    expect((await send("HEAD", gallery, photo)).status).toBe(404);
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256 })).status).toBe(201);
    expect(await recorded(gallery, photo)).toEqual({
      id: photo,
      name: "DSC_0142 Luís.jpg",
      width: 3000,
      height: 2000,
      bytes: 9,
      crc32: 0xcbf43926,
      type: "image/jpeg",
      taken: "2025-06-14T16:32:10.000Z",
      position: 1,
    });
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256 })).status).toBe(200);
    expect((await send("HEAD", gallery, photo)).status).toBe(200);
    expect((await send("DELETE", gallery, photo)).status).toBe(204);
    expect((await send("HEAD", gallery, photo)).status).toBe(404);
    expect(await env.GALLERY_PHOTOS.head(photoKey(gallery, photo))).toBeNull();
  });

  it("stores again a file the bucket has and the gallery does not, and records it", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    await env.GALLERY_PHOTOS.put(photoKey(gallery, photo), BYTES);
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256 })).status).toBe(200);
    expect(await recorded(gallery, photo)).toMatchObject({ bytes: 9, crc32: 0xcbf43926 });
  });

  it("refuses a wrong, old or missing signature (401), and an unknown gallery (404)", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    const put = (sent: Sent, to = gallery) =>
      send("PUT", to, photo, { body: BYTES, sha256, ...sent });
    expect((await put({ token: "not-the-token" })).status).toBe(401);
    expect((await put({ at: Date.now() - SIGNATURE_WINDOW_MS - 1000 })).status).toBe(401);
    expect((await put({ headers: { "X-Gallery-Signature": "" } })).status).toBe(401);
    expect((await put({}, newGalleryId())).status).toBe(404);
    expect((await send("HEAD", gallery, "not-a-photo-id")).status).toBe(404);
    expect(await recorded(gallery, photo)).toBeUndefined();
  });

  it("takes a photograph out of a gallery deleted in the Studio, as its photographs stay until then", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256 })).status).toBe(201);
    await studioWrite({ delete: { id: `clientGallery.${gallery}` } });
    await env.CLIENT_GALLERY.getByName(gallery).refresh(gallery);
    // Nothing more goes in; what is there is found, and removed.
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256 })).status).toBe(404);
    expect((await send("HEAD", gallery, photo)).status).toBe(200);
    expect((await send("DELETE", gallery, photo)).status).toBe(204);
    expect((await send("HEAD", gallery, photo)).status).toBe(404);
    expect(await env.GALLERY_PHOTOS.head(photoKey(gallery, photo))).toBeNull();
  });

  it("refuses a body that is not the one announced (409), and stores nothing", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    const altered = new TextEncoder().encode("123456780");
    expect((await send("PUT", gallery, photo, { body: altered, sha256 })).status).toBe(409);
    expect(await env.GALLERY_PHOTOS.head(photoKey(gallery, photo))).toBeNull();
    expect(await recorded(gallery, photo)).toBeUndefined();
  });

  it("refuses what is not a photograph's description (400) or too large (413)", async () => {
    const gallery = await newGallery();
    const sha256 = await sha256Of(BYTES);
    const photo = sha256.slice(0, 32);
    for (const [header, value, status] of [
      ["X-Photo-Name", "", 400],
      ["X-Photo-Name", encodeURIComponent("a/b.jpg"), 400],
      ["X-Photo-Width", "0", 400],
      // Wider than the Images binding makes sizes from (12,000 pixels a side).
      ["X-Photo-Width", "12001", 400],
      ["Content-Type", "image/gif", 400],
      ["X-Photo-Taken", "yesterday", 400],
    ] as const) {
      const res = await send("PUT", gallery, photo, {
        body: BYTES,
        sha256,
        headers: { [header]: value },
      });
      expect(res.status, `${header}: ${value}`).toBe(status);
    }
    // A 102-megapixel frame (11,648 × 8,736): over the 100 the Images binding makes sizes from.
    const large = await send("PUT", gallery, photo, {
      body: BYTES,
      sha256,
      headers: { "X-Photo-Width": "11648", "X-Photo-Height": "8736" },
    });
    expect(large.status).toBe(400);
    expect(await large.text()).toContain("over the 100 megapixels and 12,000 pixels a side");
    // Signed for what it announces: a SHA-256 whose first 32 characters are not the photo id.
    const elsewhere = "0".repeat(64);
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256: elsewhere })).status).toBe(
      400,
    );
    const huge = String(100 * 1024 * 1024 + 1);
    expect((await send("PUT", gallery, photo, { body: BYTES, sha256, length: huge })).status).toBe(
      413,
    );
    expect(await recorded(gallery, photo)).toBeUndefined();
  });
});

// Client galleries as the owner makes them, for the whole-worker gallery tests (in workerd):
// a gallery document written to the demo content service the worker reads (its password hashed
// as the Studio hashes it), photographs uploaded through the worker's signed upload endpoint,
// the session cookie a right password gives, and the webhook delivery of a gallery's change.
import { env } from "cloudflare:workers";
import { newGalleryId } from "../../studio/galleries/ids.ts";
import { hashGalleryPassword } from "../../studio/galleries/password.ts";
import { uploadKey, uploadSignatureText } from "../../worker/galleries/upload.ts";
import { sign, toHex } from "../../worker/lib/signing.ts";
import { delivery, HOOK, hookEnv } from "./deliveries.ts";
import { ORIGIN, request } from "./harness.ts";
import { TEST_TOKEN } from "./test-token.ts";

/** A new gallery id and its password object, made as the Studio makes them. */
export { newGalleryId };
export const passwordHash = (password: string) => hashGalleryPassword(password);

/** Writes (or replaces) a gallery's document in the content service the worker reads. */
export async function saveGallery(id: string, fields: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${env.SANITY_API_HOST}/v2025-02-19/data/mutate/production`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      mutations: [
        {
          createOrReplace: {
            _id: `clientGallery.${id}`,
            _type: "clientGallery",
            title: "Ana & Luis, 14 June",
            clientName: "Ana Ruiz",
            enabled: true,
            downloads: "original",
            ...fields,
          },
        },
      ],
    }),
  });
  if (!res.ok) throw new Error(`the gallery was refused: ${res.status} ${await res.text()}`);
}

/** The gallery's document as the content service has it now. */
export async function galleryDocument(id: string): Promise<Record<string, unknown> | undefined> {
  const res = await fetch(
    `${env.SANITY_API_HOST}/v2025-02-19/data/doc/production/clientGallery.${id}`,
    { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
  );
  const body = (await res.json()) as { documents?: Record<string, unknown>[] };
  return body.documents?.[0];
}

/** Tells the worker the gallery's document changed, as the publish webhook does. */
export async function announceChange(id: string): Promise<number> {
  const res = await request(HOOK, {
    env: hookEnv(),
    ...(await delivery({
      _id: `clientGallery.${id}`,
      _type: "clientGallery",
      operation: "update",
    })),
  });
  return res.status;
}

/** A demo photograph in a small size: real JPEG bytes from the demo's image service. */
async function demoJpeg(file: string, width: number): Promise<Uint8Array> {
  const res = await fetch(
    `${env.SANITY_API_HOST}/images/demo/production/${file}?w=${width}&fm=jpg`,
  );
  if (!res.ok) throw new Error(`demo image ${file}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Demo photographs of different shapes. */
export const DEMO_FILES = [
  "0e536511fa2c2dc389650e6d87e2b35584b66a24-1440x2160.jpg",
  "1706c336c0a926941a4e30771fe8a7a24c309ff5-2400x1624.jpg",
  "1fc06840744cf0a0b25af4782ebd1610bdd50b32-2400x1600.jpg",
] as const;

export interface Uploaded {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** Uploads `bytes` as `name` to the gallery through the signed endpoint, as the command does. */
async function upload(gallery: string, name: string, bytes: Uint8Array) {
  const sha256 = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
  const photo = sha256.slice(0, 32);
  const path = `/_app/galleries/${gallery}/photos/${photo}`;
  const info = await env.IMAGES.info(new Blob([bytes]).stream());
  if (!("width" in info)) throw new Error(`${name} is not a photograph`);
  const at = String(Date.now());
  const key = await uploadKey(TEST_TOKEN);
  const signature = toHex(
    await sign(
      key as CryptoKey,
      uploadSignatureText("PUT", path, at, sha256, String(bytes.length)),
    ),
  );
  const res = await request(`${ORIGIN}${path}`, {
    method: "PUT",
    body: bytes,
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
      "X-Photo-SHA256": sha256,
      "X-Photo-Name": encodeURIComponent(name),
      "X-Photo-Width": String(info.width),
      "X-Photo-Height": String(info.height),
      "X-Gallery-Signature": `t=${at},v1=${signature}`,
    },
  });
  return { res, photo };
}

/** A gallery with the demo photographs in it, under the names a camera gives. */
export async function galleryWithPhotos(
  fields: Record<string, unknown> = {},
  count: number = DEMO_FILES.length,
): Promise<{ id: string; photos: Uploaded[] }> {
  const id = newGalleryId();
  await saveGallery(id, fields);
  const photos: Uploaded[] = [];
  for (const [index, file] of DEMO_FILES.slice(0, count).entries()) {
    const bytes = await demoJpeg(file, 320 + index * 40);
    const name = `DSC_01${42 + index}.jpg`;
    const { res, photo } = await upload(id, name, bytes);
    if (res.status !== 201) throw new Error(`upload of ${name}: ${res.status} ${res.body}`);
    photos.push({ id: photo, name, bytes });
  }
  return { id, photos };
}

/** The session cookie the right password gives (name=value, as a browser sends it back). */
export async function unlock(id: string, password: string): Promise<string> {
  const res = await request(`/g/${id}/unlock`, {
    method: "POST",
    body: new URLSearchParams({ password }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      // A visitor of its own each time: the per-visitor limit is tested on its own.
      "CF-Connecting-IP": `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
    },
  });
  if (res.status !== 303) throw new Error(`unlock: ${res.status}`);
  return (res.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}

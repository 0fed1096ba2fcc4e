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
import { studioWrite } from "./store.ts";
import { TEST_TOKEN } from "./test-token.ts";

/** A new gallery id and its password object, made as the Studio makes them. */
export { newGalleryId };
export const passwordHash = (password: string) => hashGalleryPassword(password);

/**
 * Saves a gallery's document as the Studio does, and reads it into the gallery's store as the
 * publish webhook makes the site do (`announce: false` leaves the site not knowing it yet).
 */
export async function saveGallery(
  id: string,
  fields: Record<string, unknown>,
  { announce = true } = {},
): Promise<void> {
  await studioWrite({
    createOrReplace: {
      _id: `clientGallery.${id}`,
      _type: "clientGallery",
      title: "Ana & Luis, 14 June",
      clientName: "Ana Ruiz",
      enabled: true,
      downloads: "original",
      ...fields,
    },
  });
  if (announce) await env.CLIENT_GALLERY.getByName(id).refresh(id);
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

/** An e-mail the site sent through its CLIENT_MAIL binding (caught by `confirmedClient`). */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A link to confirm `email` in gallery `id`, asked for as a client asks: the gallery's form (from
 * a visitor address of its own, so no test shares another's limits), the e-mail the worker sends
 * (caught from its mail binding), and the link in it. `cookie` is the session, if any; `asking`
 * is the cookie the device that asked was given.
 */
export async function askedLink(id: string, email: string, cookie = "") {
  const sent: SentMail[] = [];
  const CLIENT_MAIL = { send: async (mail: SentMail) => sent.push(mail) };
  const asked = await request(`/g/${id}/client`, {
    env: { ...env, CLIENT_MAIL } as unknown as Env,
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": `198.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  const [mail] = sent;
  const link = /http:\/\/localhost\/g\/\S+/.exec(mail?.text ?? "")?.[0];
  if (asked.status !== 303 || !mail || !link) {
    throw new Error(`no link was sent: ${asked.status} ${asked.body}`);
  }
  return { link, mail, asking: (asked.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "" };
}

/**
 * The client's cookie for `email` in gallery `id`, got as a client gets it: the link asked for
 * (askedLink), opened on the device that asked. The answer is both cookies, as the browser sends
 * them.
 */
export async function confirmedClient(
  id: string,
  email: string,
  cookie = "",
): Promise<{ cookie: string; mail: SentMail }> {
  const { link, mail, asking } = await askedLink(id, email, cookie);
  const confirmed = await request(link, { headers: { Cookie: asking } });
  const client = (confirmed.headers.get("Set-Cookie") ?? "").split(";")[0];
  if (!client) throw new Error(`the link gave no cookie: ${confirmed.status}`);
  return { cookie: cookie ? `${cookie}; ${client}` : client, mail };
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
export async function demoJpeg(file: string, width: number): Promise<Uint8Array> {
  const res = await fetch(
    `${env.SANITY_API_HOST}/images/demo/production/${file}?w=${width}&fm=jpg`,
  );
  if (!res.ok) throw new Error(`demo image ${file}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Demo photographs of different shapes. */
export const DEMO_FILES = [
  "fc646a6af68a26917dbc908ce5bad031670937ba-1365x2048.jpg",
  "8ecf38ea5668f298a3c5ae384ca14e8ef6d6416f-2048x1386.jpg",
  "3910ddcbb6d914cc06795b276bacead7c3a97153-2048x1365.jpg",
] as const;

export interface Uploaded {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** Uploads `bytes` as `name` to the gallery through the signed endpoint, as the command does. */
export async function upload(gallery: string, name: string, bytes: Uint8Array) {
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

/** Takes photograph `photo` out of gallery `gallery`, as the upload command's `remove` does. */
export async function removePhoto(gallery: string, photo: string): Promise<number> {
  const path = `/_app/galleries/${gallery}/photos/${photo}`;
  const at = String(Date.now());
  const key = await uploadKey(TEST_TOKEN);
  const text = uploadSignatureText("DELETE", path, at, "", "0");
  const signature = toHex(await sign(key as CryptoKey, text));
  const res = await request(`${ORIGIN}${path}`, {
    method: "DELETE",
    headers: { "X-Gallery-Signature": `t=${at},v1=${signature}` },
  });
  return res.status;
}

/**
 * A gallery with the demo photographs in it, under the names a camera gives: small ones, or
 * `width` pixels wide (1800 carries an 8×10 in print at 150 ppi).
 */
export async function galleryWithPhotos(
  fields: Record<string, unknown> = {},
  count: number = DEMO_FILES.length,
  width?: number,
): Promise<{ id: string; photos: Uploaded[] }> {
  const id = newGalleryId();
  await saveGallery(id, fields);
  return { id, photos: await uploadDemoPhotos(id, count, width) };
}

/** Demo photographs put into gallery `id` as the owner's upload command puts them. */
export async function uploadDemoPhotos(
  id: string,
  count: number = DEMO_FILES.length,
  width?: number,
): Promise<Uploaded[]> {
  const photos: Uploaded[] = [];
  for (const [index, file] of DEMO_FILES.slice(0, count).entries()) {
    const bytes = await demoJpeg(file, width ?? 320 + index * 40);
    const name = `DSC_01${42 + index}.jpg`;
    const { res, photo } = await upload(id, name, bytes);
    if (res.status !== 201) throw new Error(`upload of ${name}: ${res.status} ${res.body}`);
    photos.push({ id: photo, name, bytes });
  }
  return photos;
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

/** The site settings document as the content service has it now. */
export async function siteSettingsDocument(): Promise<Record<string, unknown>> {
  const res = await fetch(`${env.SANITY_API_HOST}/v2025-02-19/data/doc/production/siteSettings`, {
    headers: { Authorization: `Bearer ${TEST_TOKEN}` },
  });
  const body = (await res.json()) as { documents?: Record<string, unknown>[] };
  return body.documents?.[0] ?? {};
}

/**
 * Sets some of the owner's proofing settings (site settings → Client galleries) in the content
 * service, each by its own path: the others stay as they are (the demo's watermark, its logo).
 */
export async function setOwnerGalleries(galleries: Record<string, unknown>): Promise<void> {
  const set = Object.fromEntries(
    Object.entries(galleries).map(([name, value]) => [`galleries.${name}`, value]),
  );
  await studioWrite({ patch: { id: "siteSettings", set } });
}

/** A signed request of the upload command's (no body), as `npm run gallery` signs it. */
async function signedGet(path: string) {
  const at = String(Date.now());
  const key = await uploadKey(TEST_TOKEN);
  const signature = toHex(
    await sign(key as CryptoKey, uploadSignatureText("GET", path, at, "", "0")),
  );
  return request(`${ORIGIN}${path}`, {
    headers: { "X-Gallery-Signature": `t=${at},v1=${signature}` },
  });
}

/** The owner's watermark as the site gives it to the upload command (its image's address too). */
export async function siteWatermark(gallery: string): Promise<Record<string, unknown>> {
  const res = await signedGet(`/_app/galleries/${gallery}/proofing`);
  if (res.status !== 200) throw new Error(`the gallery's proofing: ${res.status}`);
  return (JSON.parse(res.body) as { watermark: Record<string, unknown> }).watermark;
}

export interface Marked {
  /** Each watermarked file's bytes, as the command made them. */
  files: Record<string, Uint8Array>;
  /** What the mark covers (its band, or its image alone), in fractions of the photograph: left, top, width, height. */
  box: number[];
  /** The mark's image, the same way, when it has one. */
  logo: number[] | null;
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
};

/**
 * Makes a photograph's watermarked files as `npm run gallery` does (its own code, in Node:
 * tests/support/mark-server.ts), with the watermark the site gave (`siteWatermark`), and puts
 * them through the signed endpoint.
 */
export async function markPhoto(
  gallery: string,
  photo: Uploaded,
  watermark: Record<string, unknown>,
): Promise<Marked> {
  const res = await fetch(
    `${env.MARK_URL}/mark?mark=${encodeURIComponent(JSON.stringify(watermark))}`,
    { method: "POST", body: photo.bytes },
  );
  if (!res.ok) throw new Error(`marking ${photo.name}: ${res.status} ${await res.text()}`);
  const made = (await res.json()) as Omit<Marked, "files"> & { files: Record<string, string> };
  const files: Record<string, Uint8Array> = {};
  const key = await uploadKey(TEST_TOKEN);
  for (const [file, text] of Object.entries(made.files)) {
    const bytes = fromBase64(text);
    files[file] = bytes;
    const sha256 = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
    const path = `/_app/galleries/${gallery}/photos/${photo.id}/marked/${file}`;
    const at = String(Date.now());
    const signature = toHex(
      await sign(
        key as CryptoKey,
        uploadSignatureText("PUT", path, at, sha256, String(bytes.length)),
      ),
    );
    const put = await request(`${ORIGIN}${path}`, {
      method: "PUT",
      body: bytes,
      headers: {
        "Content-Type": file.endsWith(".jpg") ? "image/jpeg" : "image/webp",
        "Content-Length": String(bytes.length),
        "X-Photo-SHA256": sha256,
        "X-Gallery-Signature": `t=${at},v1=${signature}`,
      },
    });
    if (put.status !== 201) throw new Error(`marked ${file}: ${put.status} ${put.body}`);
  }
  return { files, box: made.box, logo: made.logo };
}

/**
 * A gallery with the demo photographs in it, each watermarked as the upload command does, with
 * the watermark of the site settings (the demo's: its logo and "PROOF" across the middle).
 */
export async function proofingGallery(
  fields: Record<string, unknown> = {},
  count: number = DEMO_FILES.length,
  width?: number,
): Promise<{ id: string; photos: (Uploaded & Marked)[] }> {
  const { id, photos } = await galleryWithPhotos({ stage: "proofing", ...fields }, count, width);
  const watermark = await siteWatermark(id);
  const marked: (Uploaded & Marked)[] = [];
  for (const photo of photos) {
    marked.push({ ...photo, ...(await markPhoto(id, photo, watermark)) });
  }
  return { id, photos: marked };
}

/** The mean difference of two images' pixels inside the mark's band and outside it (0 to 255). */
export async function pixelDifference(
  a: Uint8Array,
  b: Uint8Array,
  box: readonly number[],
): Promise<{ inside: number; outside: number }> {
  const res = await fetch(`${env.MARK_URL}/diff`, {
    method: "POST",
    body: JSON.stringify({ a: toBase64(a), b: toBase64(b), box }),
  });
  if (!res.ok) throw new Error(`diff: ${res.status} ${await res.text()}`);
  return (await res.json()) as { inside: number; outside: number };
}

/** Switches a gallery's stage and tells the worker, as the Studio and its webhook do. */
export async function setStage(id: string, stage: "proofing" | "delivered"): Promise<void> {
  const doc = await galleryDocument(id);
  const { _id, _type, _rev, _createdAt, _updatedAt, ...fields } = doc ?? {};
  await saveGallery(id, { ...fields, stage });
  const status = await announceChange(id);
  if (status !== 200) throw new Error(`the change was not announced: ${status}`);
}

/**
 * `/_app/galleries/{gallery}/photos/{photo}`: how `npm run gallery -- upload` puts a photograph
 * into a gallery (docs/galleries.md, "The upload protocol"). The owner's command signs each
 * request with a key derived from the Sanity token (the token itself never leaves their
 * machine); the file streams into R2, which checks it against the SHA-256 announced; the
 * gallery's Durable Object records it. HEAD says whether a photograph is there already, so an
 * interrupted upload continues where it stopped and a second run sends nothing.
 */
import type { Context, Handler } from "hono";
import { tooLargeToTransform, transformable } from "../../shared/image-service-limits.ts";
import { ASSET_ID } from "../../shared/public-size.ts";
import { contentSettings } from "../config/config.ts";
import { imageUrls } from "../content/image-urls.ts";
import { releaseBody } from "../lib/request-body.ts";
import { derivedKey, fromHex, verify } from "../lib/signing.ts";
import type { AppEnv } from "../request/app-env.ts";
import { galleryStore } from "./access.ts";
import { runtimeCrc32 } from "./crc32.ts";
import type { GalleryPhoto } from "./gallery-store.ts";
import { isGalleryId, isMarkedFile, isPhotoId, markedKey, markedPrefix, photoKey } from "./ids.ts";

/** The largest photograph accepted (Workers take request bodies of 100 MB on most plans). */
export const MAX_PHOTO_BYTES = 100 * 1024 * 1024;

/** How long a signed upload request counts: clocks of the owner's machine and the edge differ a little. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

const TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/** What the owner's command signs: the method, the path, the time and the file's identity. */
export const uploadSignatureText = (
  method: string,
  path: string,
  at: string,
  sha256: string,
  length: string,
) => `${method}\n${path}\n${at}\n${sha256}\n${length}`;

export const uploadKey = (token: string | undefined) =>
  derivedKey(token, "portfolio gallery upload");

async function signed(c: Context<AppEnv>, sha256: string, length: string): Promise<boolean> {
  const header = c.req.header("X-Gallery-Signature") ?? "";
  const match = /^t=(\d{13}),v1=([0-9a-f]{64})$/.exec(header);
  const key = await uploadKey(c.var.config.sanityToken);
  if (!match || !key) return false;
  const [, at, signature] = match as unknown as [string, string, string];
  if (Math.abs(Date.now() - Number(at)) > SIGNATURE_WINDOW_MS) return false;
  const bytes = fromHex(signature);
  const text = uploadSignatureText(c.req.method, c.req.path, at, sha256, length);
  return bytes ? verify(key, bytes, text) : false;
}

function plain(c: Context<AppEnv>, status: 200 | 201 | 400 | 401 | 404 | 409 | 413, text: string) {
  return c.text(`${text}\n`, status, NO_STORE);
}

const whole = (value: string | undefined) =>
  value !== undefined && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined;

/** HEAD, PUT and DELETE of one photograph of a gallery (see above). */
export const photoUpload: Handler<AppEnv> = async (c) => {
  const gallery = c.req.param("gallery");
  const photo = c.req.param("photo");
  const method = c.req.method;
  const refuse = async (status: 400 | 401 | 404 | 413, text: string) => {
    await releaseBody(c.req.raw, c.var.config);
    return plain(c, status, text);
  };
  if (!isGalleryId(gallery) || !isPhotoId(photo)) return refuse(404, "Not Found");

  const sha256 = method === "PUT" ? (c.req.header("X-Photo-SHA256") ?? "") : "";
  const length = method === "PUT" ? (c.req.header("Content-Length") ?? "") : "0";
  if (!(await signed(c, sha256, length)))
    return refuse(401, "Unauthorized: missing, wrong or expired signature");

  const store = galleryStore(c.env, gallery);
  const key = photoKey(gallery, photo);

  if (method === "HEAD" || method === "GET") {
    const known = await store.photo(gallery, photo);
    const stored = known ? await c.env.GALLERY_PHOTOS.head(key) : null;
    return c.body(null, stored ? 200 : 404, NO_STORE);
  }
  if (method === "DELETE") {
    // Its watermarked files too, whichever an upload command made (an older one made more).
    const marked = await c.env.GALLERY_PHOTOS.list({ prefix: markedPrefix(gallery, photo) });
    await c.env.GALLERY_PHOTOS.delete([key, ...marked.objects.map((object) => object.key)]);
    await store.removePhoto(gallery, photo);
    return c.body(null, 204, NO_STORE);
  }
  if (method !== "PUT") return refuse(400, "Use HEAD, PUT or DELETE");
  // Only a photograph goes into a gallery the Studio has; one deleted there keeps what it holds
  // until the owner removes it (above), which it must let them do.
  const { settings } = await store.state(gallery);
  if (!settings) return refuse(404, "No such gallery: create it in the Studio first");

  const bytes = Number(length);
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  const width = whole(c.req.header("X-Photo-Width"));
  const height = whole(c.req.header("X-Photo-Height"));
  const taken = c.req.header("X-Photo-Taken");
  let name: string;
  try {
    name = decodeURIComponent(c.req.header("X-Photo-Name") ?? "").trim();
  } catch {
    name = "";
  }
  const body = c.req.raw.body;
  if (!body || !/^\d+$/.test(length) || bytes === 0) {
    return refuse(400, "Content-Length is required");
  }
  if (bytes > MAX_PHOTO_BYTES) return refuse(413, "Payload Too Large: at most 100 MB a photograph");
  if (!/^[0-9a-f]{64}$/.test(sha256) || !sha256.startsWith(photo)) {
    return refuse(
      400,
      "X-Photo-SHA256 must be the file's SHA-256, and the photo id its first 32 characters",
    );
  }
  if (!TYPES.has(type))
    return refuse(400, "Content-Type must be image/jpeg, image/png or image/webp");
  if (!width || !height) return refuse(400, "X-Photo-Width and X-Photo-Height are required");
  if (!transformable({ width, height })) return refuse(400, tooLargeToTransform({ width, height }));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name is one plain line.
  if (!name || name.length > 200 || /[\\/\u0000-\u001f]/.test(name)) {
    return refuse(400, "X-Photo-Name must be the file's name");
  }
  if (taken !== undefined && Number.isNaN(Date.parse(taken))) {
    return refuse(400, "X-Photo-Taken must be an ISO time");
  }

  const existing = await c.env.GALLERY_PHOTOS.head(key);
  if (existing && (await store.photo(gallery, photo))) {
    await releaseBody(c.req.raw, c.var.config);
    return plain(c, 200, "Already there");
  }
  // Stored (again, when the bucket has it but the gallery not), its CRC-32 computed on the way
  // for the ZIP's headers.
  const crc = runtimeCrc32();
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        crc.update(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    // R2 checks the body against the SHA-256 announced and stores nothing that differs.
    await c.env.GALLERY_PHOTOS.put(key, counted.pipeThrough(new FixedLengthStream(bytes)), {
      sha256,
      httpMetadata: { contentType: type },
    });
  } catch {
    return plain(c, 409, "Conflict: the file's SHA-256 is not the one announced");
  }
  const entry: GalleryPhoto = {
    id: photo,
    name,
    width,
    height,
    bytes,
    crc32: await crc.value(),
    type,
    taken: taken ? new Date(taken).toISOString() : undefined,
  };
  await store.addPhoto(gallery, entry);
  return plain(c, existing ? 200 : 201, existing ? "Already there" : "Stored");
};

/**
 * `/_app/galleries/{gallery}/photos/{photo}/marked/{file}`: the watermarked files the upload
 * command makes of a photograph (cli/gallery/mark.ts), signed as the photograph's PUT is. HEAD
 * says whether one is there; PUT replaces it (re-marking a gallery overwrites every file).
 */
export const markedUpload: Handler<AppEnv> = async (c) => {
  const gallery = c.req.param("gallery");
  const photo = c.req.param("photo");
  const file = c.req.param("file");
  const method = c.req.method;
  const refuse = async (status: 400 | 401 | 404 | 413, text: string) => {
    await releaseBody(c.req.raw, c.var.config);
    return plain(c, status, text);
  };
  if (!isGalleryId(gallery) || !isPhotoId(photo) || !isMarkedFile(file)) {
    return refuse(404, "Not Found");
  }
  const sha256 = method === "PUT" ? (c.req.header("X-Photo-SHA256") ?? "") : "";
  const length = method === "PUT" ? (c.req.header("Content-Length") ?? "") : "0";
  if (!(await signed(c, sha256, length)))
    return refuse(401, "Unauthorized: missing, wrong or expired signature");
  const store = galleryStore(c.env, gallery);
  const { settings, photo: known } = await store.state(gallery, { photo });
  if (!settings) return refuse(404, "No such gallery: create it in the Studio first");
  if (!known) return refuse(404, "No such photograph in the gallery: upload it first");
  const key = markedKey(gallery, photo, file);
  if (method === "HEAD" || method === "GET") {
    return c.body(null, (await c.env.GALLERY_PHOTOS.head(key)) ? 200 : 404, NO_STORE);
  }
  if (method !== "PUT") return refuse(400, "Use HEAD or PUT");
  return putChecked(
    c,
    c.env.GALLERY_PHOTOS,
    key,
    file.endsWith(".jpg") ? "image/jpeg" : "image/webp",
  );
};

/**
 * A signed PUT's body into `bucket` at `key`, as `contentType`: its length given (at most 100
 * MB) and its SHA-256 announced, which R2 checks, storing nothing that differs.
 */
async function putChecked(
  c: Context<AppEnv>,
  bucket: R2Bucket,
  key: string,
  contentType: string,
): Promise<Response> {
  const length = c.req.header("Content-Length") ?? "";
  const sha256 = c.req.header("X-Photo-SHA256") ?? "";
  const bytes = Number(length);
  const body = c.req.raw.body;
  const refuse = async (status: 400 | 413, text: string) => {
    await releaseBody(c.req.raw, c.var.config);
    return plain(c, status, text);
  };
  if (!body || !/^\d+$/.test(length) || bytes === 0) {
    return refuse(400, "Content-Length is required");
  }
  if (bytes > MAX_PHOTO_BYTES) return refuse(413, "Payload Too Large: at most 100 MB a file");
  if (!/^[0-9a-f]{64}$/.test(sha256)) {
    return refuse(400, "X-Photo-SHA256 must be the file's SHA-256");
  }
  try {
    await bucket.put(key, body.pipeThrough(new FixedLengthStream(bytes)), {
      sha256,
      httpMetadata: { contentType },
    });
  } catch {
    return plain(c, 409, "Conflict: the file's SHA-256 is not the one announced");
  }
  return plain(c, 201, "Stored");
}

/**
 * `/_app/originals/{asset}`: a public photograph's original, larger than the owner's public size,
 * into the private bucket `ORIGINALS` under its public copy's asset id (shared/public-size.ts),
 * from `npm run import`, signed as a gallery's upload is (the same key, and the path in what is
 * signed). HEAD says whether it is there, so a second run sends nothing; GET gives it back, to
 * make a smaller copy when the owner lowers the public size (`npm run import -- --originals`).
 */
export const originalUpload: Handler<AppEnv> = async (c) => {
  const asset = c.req.param("asset") ?? "";
  const method = c.req.method;
  const refuse = async (status: 400 | 401 | 404, text: string) => {
    await releaseBody(c.req.raw, c.var.config);
    return plain(c, status, text);
  };
  if (!ASSET_ID.test(asset)) return refuse(404, "Not Found");
  const sha256 = method === "PUT" ? (c.req.header("X-Photo-SHA256") ?? "") : "";
  const length = method === "PUT" ? (c.req.header("Content-Length") ?? "") : "0";
  if (!(await signed(c, sha256, length))) {
    return refuse(401, "Unauthorized: missing, wrong or expired signature");
  }
  if (method === "HEAD") {
    return c.body(null, (await c.env.ORIGINALS.head(asset)) ? 200 : 404, NO_STORE);
  }
  if (method === "GET") {
    const object = await c.env.ORIGINALS.get(asset);
    if (!object) return plain(c, 404, "Not Found");
    return new Response(object.body, {
      headers: { "Content-Length": String(object.size), ...NO_STORE },
    });
  }
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  if (type !== "image/jpeg" && type !== "image/png") {
    return refuse(400, "Content-Type must be image/jpeg or image/png");
  }
  return putChecked(c, c.env.ORIGINALS, asset, type);
};

/**
 * `GET /_app/galleries/{gallery}/proofing`, signed: what the upload command needs to make a
 * gallery's watermarked files, the owner's watermark (its image's address on the image CDN, for
 * the command to fetch) and the gallery's photographs (to re-mark them all:
 * `npm run gallery -- mark`).
 */
export const proofingInfo: Handler<AppEnv> = async (c) => {
  const gallery = c.req.param("gallery");
  if (!isGalleryId(gallery)) return plain(c, 404, "Not Found");
  if (!(await signed(c, "", "0"))) {
    return plain(c, 401, "Unauthorized: missing, wrong or expired signature");
  }
  const { settings, photos } = await galleryStore(c.env, gallery).state(gallery, { photos: true });
  if (!settings) return plain(c, 404, "No such gallery: create it in the Studio first");
  const { image } = settings.watermark;
  const images = imageUrls(contentSettings(c.var.config));
  return c.json(
    {
      stage: settings.stage,
      watermark: { ...settings.watermark, ...(image ? { imageUrl: images.png(image) } : {}) },
      photos: photos.map((photo) => ({ id: photo.id, name: photo.name, type: photo.type })),
    },
    200,
    NO_STORE,
  );
};

/** `GET /_app/galleries/{gallery}/photos/{photo}/original`, signed: the original, to re-mark it. */
export const originalForOwner: Handler<AppEnv> = async (c) => {
  const gallery = c.req.param("gallery");
  const photo = c.req.param("photo");
  if (!isGalleryId(gallery) || !isPhotoId(photo)) return plain(c, 404, "Not Found");
  if (!(await signed(c, "", "0"))) {
    return plain(c, 401, "Unauthorized: missing, wrong or expired signature");
  }
  const object = await c.env.GALLERY_PHOTOS.get(photoKey(gallery, photo));
  if (!object) return plain(c, 404, "Not Found");
  return new Response(object.body, {
    headers: { "Content-Length": String(object.size), ...NO_STORE },
  });
};

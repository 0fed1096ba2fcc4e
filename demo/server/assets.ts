// Sanity's asset upload API for images, as @sanity/client's `assets.upload("image", …)` calls it:
//   POST /v{version}/assets/images/{dataset}?filename=&title=&description=&creditLine=&label=
//        &meta=lqip&meta=palette&…&sourceId=&sourceName=&sourceUrl=
//   Authorization: Bearer <token>            body: the file's bytes
// Answers {document: <sanity.imageAsset>}. The asset's id is its content hash
// (`image-{sha1}-{w}x{h}-{ext}`), so uploading the same bytes again creates nothing and answers
// the asset already there, as Sanity does. Files go to the service's uploads folder (a runtime
// folder, never the committed dataset) and are served by the image CDN like the demo's own.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import exifr from "exifr";
import sharp, { type Metadata } from "sharp";
import { type Geopoint, type ImageMetadata, imageMetadata } from "../image-metadata.ts";
import { readSanityExif } from "../scripts/exif.ts";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from "./asset-limits.ts";
import { requireWriteAccess } from "./auth.ts";
import { type DataContext, type DataRoute, openDataRoute } from "./data-route.ts";
import { badRequest, gatewayError, HttpError, sendJson } from "./http.ts";
import { commitTransaction } from "./mutate.ts";

/** The formats the demo's image CDN serves, by sharp's name, with Sanity's extension. */
const FORMATS: Record<string, { extension: string; mimeType: string }> = {
  jpeg: { extension: "jpg", mimeType: "image/jpeg" },
  png: { extension: "png", mimeType: "image/png" },
  webp: { extension: "webp", mimeType: "image/webp" },
};

/** The metadata kinds Sanity's upload API knows (`meta=`); `none` asks for none of them. */
const META_KINDS = new Set(["lqip", "palette", "exif", "image", "location", "blurhash", "none"]);
/** Sanity's default when the upload names none. */
const DEFAULT_META = ["lqip", "palette", "blurhash"];

export interface AssetContext extends DataContext {
  /** Where uploaded originals are kept while the service runs. */
  uploadsDir: string;
  /** The service's own origin, for the asset's `url`. */
  origin: () => string;
}

function assetError(status: number, description: string): HttpError {
  return new HttpError(status, { error: { description, type: "assetUploadError" } });
}

/**
 * Streams the request body to `file`, hashing it on the way, and refuses more than
 * MAX_UPLOAD_BYTES with 413 (after reading the rest, so the answer reaches the client).
 */
function receive(req: IncomingMessage, file: string): Promise<{ sha1: string; size: number }> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const out = createWriteStream(file);
    const hash = createHash("sha1");
    let size = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      out.destroy();
      req.resume();
      reject(error);
    };
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        fail(tooLarge());
        return;
      }
      hash.update(chunk);
      if (!out.write(chunk)) {
        req.pause();
        out.once("drain", () => req.resume());
      }
    });
    req.on("end", () => {
      if (failed) return;
      out.end(() => resolve({ sha1: hash.digest("hex"), size }));
    });
    req.on("error", fail);
    out.on("error", fail);
  });
}

const tooLarge = () =>
  new HttpError(
    413,
    {
      error: {
        description: `File is larger than ${MAX_UPLOAD_BYTES} bytes`,
        type: "assetUploadError",
      },
    },
    { connection: "close" },
  );

function metaKinds(search: URLSearchParams): Set<string> {
  const asked = search.getAll("meta").flatMap((value) => value.split(","));
  for (const kind of asked) {
    if (!META_KINDS.has(kind)) throw badRequest(`Invalid metadata kind "${kind}"`);
  }
  return new Set(asked.length > 0 ? asked : DEFAULT_META);
}

async function locationOf(file: string): Promise<Geopoint | undefined> {
  const gps = (await exifr.gps(file).catch(() => undefined)) as
    | { latitude?: number; longitude?: number }
    | undefined;
  if (!Number.isFinite(gps?.latitude) || !Number.isFinite(gps?.longitude)) return undefined;
  const altitude = (await exifr.parse(file, { pick: ["GPSAltitude"] }).catch(() => undefined)) as
    | { GPSAltitude?: number }
    | undefined;
  return {
    _type: "geopoint",
    lat: gps?.latitude as number,
    lng: gps?.longitude as number,
    ...(Number.isFinite(altitude?.GPSAltitude) ? { alt: altitude?.GPSAltitude as number } : {}),
  };
}

/** The text fields an upload may set, as Sanity's API takes them. */
function textFields(search: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["label", "title", "description", "creditLine"]) {
    const value = search.get(name);
    if (value) fields[name] = value;
  }
  return fields;
}

function sourceOf(search: URLSearchParams): Record<string, string> | undefined {
  const id = search.get("sourceId");
  const name = search.get("sourceName");
  if (!id || !name) return undefined;
  const url = search.get("sourceUrl");
  return { id, name, ...(url ? { url } : {}) };
}

export async function handleAssetUpload(
  req: IncomingMessage,
  res: ServerResponse,
  route: DataRoute,
  search: URLSearchParams,
  ctx: AssetContext,
): Promise<void> {
  const opened = openDataRoute(req, res, route, ctx, false);
  if (!opened) return;
  if (req.method !== "POST") {
    req.resume();
    throw gatewayError(405, `Method ${req.method} not allowed`, { allow: "POST, OPTIONS" });
  }
  try {
    requireWriteAccess(req, ctx.token, "create");
  } catch (error) {
    req.resume();
    throw error;
  }
  const kinds = metaKinds(search);

  const incoming = path.join(ctx.uploadsDir, `.incoming-${randomUUID()}`);
  let kept = false;
  try {
    const { sha1, size } = await receive(req, incoming);
    let info: Metadata;
    try {
      info = await sharp(incoming).metadata();
    } catch {
      throw assetError(400, "Invalid image, could not read metadata");
    }
    const format = FORMATS[info.format];
    if (!format) throw assetError(415, `Unsupported image format "${info.format}"`);
    const { width, height } = info;
    if (width * height > MAX_UPLOAD_PIXELS) {
      throw assetError(413, `Image is larger than ${MAX_UPLOAD_PIXELS} pixels`);
    }

    const { views, datasetName } = opened;
    const stem = `${sha1}-${width}x${height}`;
    const id = `image-${stem}-${format.extension}`;
    const existing = views.documents.find((doc) => doc._id === id);
    if (existing) {
      // The same bytes are the same asset: nothing new is stored.
      await rm(incoming, { force: true });
      sendJson(req, res, 200, { document: existing });
      return;
    }

    const file = path.join(ctx.uploadsDir, `${stem}.${format.extension}`);
    let metadata: ImageMetadata;
    try {
      const camera =
        kinds.has("exif") || kinds.has("image") ? await readSanityExif(incoming) : undefined;
      metadata = await imageMetadata(incoming, {
        lqip: kinds.has("lqip"),
        palette: kinds.has("palette"),
        camera: {
          ...(kinds.has("image") && camera?.image ? { image: camera.image } : {}),
          ...(kinds.has("exif") && camera?.exif ? { exif: camera.exif } : {}),
        },
        location: kinds.has("location") ? await locationOf(incoming) : undefined,
      });
    } catch {
      // sharp fails on damaged pixel data (a truncated file) as Sanity's pipeline does.
      throw assetError(400, "Invalid image, could not read the image data");
    }
    await rename(incoming, file);
    kept = true;

    const filename = search.get("filename");
    const source = sourceOf(search);
    const url = `${ctx.origin()}/images/${ctx.projectId}/${datasetName}/${stem}.${format.extension}`;
    const doc = {
      _id: id,
      _type: "sanity.imageAsset",
      assetId: sha1,
      extension: format.extension,
      mimeType: format.mimeType,
      ...(filename ? { originalFilename: filename } : {}),
      path: `images/${ctx.projectId}/${datasetName}/${stem}.${format.extension}`,
      url,
      sha1hash: sha1,
      size,
      uploadId: randomBytes(16).toString("hex"),
      ...textFields(search),
      ...(source ? { source } : {}),
      metadata,
    };
    // createIfNotExists: two uploads of the same bytes at once still make one asset.
    const transaction = await commitTransaction(views, [{ createIfNotExists: doc }], {
      projectId: ctx.projectId,
      dataset: datasetName,
    });
    sendJson(req, res, 200, { document: transaction.results[0]?.document ?? doc });
  } finally {
    if (!kept) await rm(incoming, { force: true });
  }
}

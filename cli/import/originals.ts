/**
 * Photographs larger than the owner's public size (shared/public-size.ts): Sanity gets a copy of
 * that size (its image CDN serves any asset whole to anyone), and the site's private bucket the
 * original, under the copy's asset id, through the worker's signed upload (the galleries'
 * protocol and client: cli/gallery/site-client.ts). An asset already in Sanity larger than the
 * public size (uploaded in the Studio, imported before, or made under a larger public size) is
 * replaced the same way: its copy uploaded, every reference moved to it, the old asset deleted.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { SanityClient } from "@sanity/client";
import { tooLargeToTransform, transformable } from "../../shared/image-service-limits.ts";
import { type PublicCopy, publicCopy } from "../../shared/public-copy.ts";
import { originalPath, publicSizeOf } from "../../shared/public-size.ts";
import type { SiteClient } from "../gallery/site-client.ts";
import { filtered, IMPORTED, type ImportedFormat } from "./image-file.ts";

/** The owner's public size, from the Site settings. */
export const readPublicSize = async (client: SanityClient): Promise<number> =>
  publicSizeOf(await client.fetch(`*[_id == "siteSettings"][0].publicSize`));

/** Whether an image of this size may be public as it is. */
export const fitsPublicSize = (size: { width: number; height: number }, publicSize: number) =>
  Math.max(size.width, size.height) <= publicSize;

/** The public copy of `original`, and the asset id Sanity will give it. */
export async function copyOf(
  original: Buffer,
  format: ImportedFormat,
  publicSize: number,
): Promise<PublicCopy & { assetId: string }> {
  const copy = await publicCopy(original, format, publicSize);
  const sha1 = createHash("sha1").update(copy.data).digest("hex");
  return { ...copy, assetId: `image-${sha1}-${copy.width}x${copy.height}-${IMPORTED[format]}` };
}

/** The site refused an original: what it said. */
export class SiteRefusal extends Error {
  override name = "SiteRefusal";
}

/** Puts the original (read when needed) in the site's bucket under `assetId`, unless it is there. */
export async function putOriginal(
  site: SiteClient,
  assetId: string,
  read: () => Promise<Buffer>,
  format: ImportedFormat,
): Promise<"stored" | "there"> {
  const path = originalPath(assetId);
  const head = await site.send({ method: "HEAD", path });
  if (head.status === 200) return "there";
  if (head.status !== 404) {
    throw new SiteRefusal(`the site refused the original (${head.status}: ${head.text})`);
  }
  const original = await read();
  const sha256 = createHash("sha256").update(original).digest("hex");
  const answer = await site.send({
    method: "PUT",
    path,
    sha256,
    length: original.length,
    headers: {
      "Content-Type": format === "jpeg" ? "image/jpeg" : "image/png",
      "X-Photo-SHA256": sha256,
    },
    body: () => Readable.from([original]),
  });
  if (answer.status !== 201) {
    throw new SiteRefusal(`the site refused the original (${answer.status}: ${answer.text})`);
  }
  return "stored";
}

/** A document whose references were moved (its slug, for the demo's webhook). */
export interface Moved {
  _id: string;
  _type: string;
  slug?: { current: string };
}

const isSlug = (value: unknown): value is { current: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { current?: unknown }).current === "string";

/**
 * Every document (published and drafts) that refers to `from` made to refer to `to` instead,
 * each written at the revision it was read at; the ids of those changed.
 */
export async function moveReferences(
  client: SanityClient,
  from: string,
  to: string,
): Promise<Moved[]> {
  const docs = await client.fetch<Record<string, unknown>[]>(`*[references($from)]`, { from });
  const swap = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(swap)
      : typeof value === "object" && value !== null
        ? Object.fromEntries(
            Object.entries(value).map(([key, field]) => [
              key,
              key === "_ref" && field === from ? to : swap(field),
            ]),
          )
        : value;
  const transaction = client.transaction();
  for (const doc of docs) {
    const set = Object.fromEntries(
      Object.entries(doc)
        .filter(([key]) => !key.startsWith("_"))
        .flatMap(([key, field]) => {
          const swapped = swap(field);
          return JSON.stringify(swapped) === JSON.stringify(field) ? [] : [[key, swapped]];
        }),
    );
    transaction.patch(String(doc._id), { set, ifRevisionID: String(doc._rev) });
  }
  if (docs.length > 0) await transaction.commit({ visibility: "sync" });
  return docs.map(({ _id, _type, slug }) => ({
    _id: String(_id),
    _type: String(_type),
    ...(isSlug(slug) ? { slug } : {}),
  }));
}

/** An asset as `publicize` needs it: its file, size, texts, tags, place and source. */
export interface AssetFile {
  _id: string;
  url: string;
  extension?: string | null;
  originalFilename?: string | null;
  width: number;
  height: number;
  /** Its original's size, when it is already a copy (made under a larger public size). */
  original?: { width: number; height: number } | null;
  title?: unknown;
  description?: unknown;
  altText?: unknown;
  creditLine?: unknown;
  tags?: unknown[] | null;
  place?: unknown;
  source?: { name?: string; id?: string; url?: string } | null;
  /** Sanity's position, kept only where the owner let it keep the file's (exact). */
  location?: unknown;
}

/** What a query asks of an asset for `publicize`. */
export const ASSET_FILE = `_id, url, extension, originalFilename, "width": metadata.dimensions.width,
  "height": metadata.dimensions.height, original, title, description, altText, creditLine,
  "tags": opt.media.tags, place, source, "location": metadata.location`;

/** Every asset larger than `publicSize`, for `npm run import -- --originals`. */
export const oversizedAssets = (client: SanityClient, publicSize: number) =>
  client.fetch<AssetFile[]>(
    `*[_type == "sanity.imageAsset" && (metadata.dimensions.width > $size || metadata.dimensions.height > $size)]
      | order(_id asc){ ${ASSET_FILE} }`,
    { size: publicSize },
  );

/**
 * Replaces `old`, an asset larger than the public size, by its public copy: the original (the
 * asset's own file, or the one in the site's bucket where the asset is a copy made under a larger
 * public size) goes to the bucket under the copy's id, the copy to Sanity with the asset's texts,
 * tags, place and source (the importer's, when it names one), every reference moves to it,
 * and the old asset is deleted, its file with it. The files keep a GPS position only where Sanity
 * kept the asset's (the exact level). The copy's id, and the published documents it changed
 * (the copy's own among them).
 */
export async function publicize(
  client: SanityClient,
  site: SiteClient,
  publicSize: number,
  old: AssetFile,
  source = old.source,
): Promise<{ assetId: string; documents: Moved[] }> {
  const format = old.extension === "png" ? "png" : old.extension === "jpg" ? "jpeg" : undefined;
  if (!format) throw new Error(`a ${old.extension} file: the importer takes JPEG and PNG`);
  const size = old.original ?? old;
  if (!transformable(size)) throw new Error(tooLargeToTransform(size));
  const file = old.original ? await site.get(originalPath(old._id)) : await fetch(old.url);
  if (!file.ok) throw new Error(`its file could not be read (${file.status})`);
  const downloaded = Buffer.from(await file.arrayBuffer());
  // No position leaves the owner's hands in a file, the copy's or the original's (docs/map.md).
  const { bytes, facts } = await filtered(Readable.from([downloaded]), format, "off");
  const copy = await copyOf(bytes, format, publicSize);
  await putOriginal(site, copy.assetId, async () => bytes, format);
  const uploaded = await client.assets.upload("image", copy.data, {
    filename: old.originalFilename ?? `${old._id}.${old.extension}`,
    ...(source?.name && source.id ? { source: { name: source.name, id: source.id } } : {}),
    extract: ["lqip", "palette", "exif", "image"],
  });
  if (uploaded._id !== copy.assetId) throw new Error("Sanity named the copy otherwise");
  const { title, description, altText, creditLine, place, tags } = old;
  const kept = Object.entries({ title, description, altText, creditLine, place });
  await client
    .patch(uploaded._id)
    .set({
      ...Object.fromEntries(kept.filter(([, value]) => value !== null && value !== undefined)),
      ...(tags?.length ? { "opt.media.tags": tags } : {}),
      original: { width: facts.width, height: facts.height },
    })
    .commit({ visibility: "sync" });
  const moved = await moveReferences(client, old._id, uploaded._id);
  await client.delete(old._id, { visibility: "sync" });
  const published = moved.filter(({ _id }) => !/^(drafts|versions)\./.test(_id));
  return {
    assetId: uploaded._id,
    documents: [{ _id: uploaded._id, _type: "sanity.imageAsset" }, ...published],
  };
}

/**
 * Downloads: one photograph, the client's favourites or the whole gallery as one ZIP, in the
 * original or at 2048 pixels, as far as the owner allows (`downloads` in the gallery's
 * settings). A ZIP streams from R2 file by file (zip.ts): a gigabyte of originals goes out with
 * the worker's memory flat, and with its length announced, since the upload recorded each
 * original's size and CRC-32.
 */

import type { Context, Handler } from "hono";
import { type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { byteRange } from "../lib/byte-range.ts";
import type { AppEnv } from "../request/app-env.ts";
import { i18nFor } from "../request/context.ts";
import { galleryOf, galleryStore, PRIVATE_HEADERS, visitorOf } from "./access.ts";
import { runtimeCrc32 } from "./crc32.ts";
import type { GalleryPhoto } from "./gallery-store.ts";
import type { DownloadSize } from "./ids.ts";
import { original, stagedSize } from "./images.ts";
import { type Downloads, downloadsNow, type Stage } from "./settings.ts";
import { archiveNames, type ZipEntry, zipETag, zipLayout, zipRange, zipStream } from "./zip.ts";

/** Whether the owner lets the client download `size`. */
export const allows = (downloads: Downloads, size: DownloadSize): boolean =>
  downloads === "original" || (downloads === "2048" && size === "2048");

const sizeOf = (value: string | undefined): DownloadSize | undefined =>
  value === "original" || value === "2048" ? value : undefined;

/** A file name for the 2048-pixel copy: "DSC_0142.jpg" → "DSC_0142-2048.jpg". */
export function sizedName(name: string): string {
  const dot = name.lastIndexOf(".");
  return `${dot > 0 ? name.slice(0, dot) : name}-2048.jpg`;
}

/** `attachment` with the name in both forms: plain ASCII, and UTF-8 for browsers that read it. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A refused download, said plainly in the site's language (a link followed, not a page). */
async function refused(
  c: Context<AppEnv>,
  status: 400 | 403 | 404,
  message: Phrase,
): Promise<Response> {
  const i18n = await i18nFor(c);
  return c.text(`${status} ${i18n.phrase(message)}\n`, status, PRIVATE_HEADERS);
}

/** Counts a download for the owner: a HEAD asks about the file and takes nothing, so is none. */
function countDownload(
  c: Context<AppEnv>,
  id: string,
  event: { kind: "download" | "zip"; detail: string },
): void {
  if (c.req.method === "HEAD") return;
  const { client } = galleryOf(c);
  const counted = { ...event, client, visitor: visitorOf(c) };
  c.executionCtx.waitUntil(galleryStore(c.env, id).count(id, "downloads", counted));
}

/** Why `size` may not be downloaded here, or undefined when it may. */
function disallowed(c: Context<AppEnv>, size: DownloadSize): Promise<Response> | undefined {
  const downloads = downloadsNow(galleryOf(c).settings);
  if (allows(downloads, size)) return undefined;
  return refused(
    c,
    403,
    phrase(downloads === "off" ? "gallery.error.noDownloads" : "gallery.error.onlyWeb"),
  );
}

/** `GET /g/{id}/download/{photo}?size=original|2048`: one photograph, as an attachment. */
export const downloadPhoto: Handler<AppEnv> = async (c) => {
  const size = sizeOf(c.req.query("size") ?? "original");
  if (!size) return refused(c, 400, phrase("gallery.error.size"));
  const refusal = disallowed(c, size);
  if (refusal) return refusal;
  const { id, photo, settings } = galleryOf(c);
  if (!photo) return refused(c, 404, phrase("status.404"));
  // (The original only once delivered: disallowed() says so while proofing.)
  const file = size === "original" ? await original(c.env, id, photo) : undefined;
  const made =
    size === "2048" ? await stagedSize(c, id, photo, 2048, "jpg", settings.stage) : undefined;
  const body = file?.body ?? made?.body;
  if (!body) return refused(c, 404, phrase("gallery.error.missingFile"));
  countDownload(c, id, {
    kind: "download",
    detail: `${photo.name} (${size === "original" ? "original" : "2048 px"}${settings.stage === "proofing" ? ", watermarked" : ""})`,
  });
  return new Response(body, {
    headers: {
      "Content-Type": size === "original" ? photo.type : "image/jpeg",
      "Content-Disposition": attachment(size === "original" ? photo.name : sizedName(photo.name)),
      ...(file ? { "Content-Length": String(file.size) } : {}),
      ...PRIVATE_HEADERS,
    },
  });
};

/**
 * Copies `from` into `to` one chunk at a time, each written only once the one before has been
 * taken: `pipeTo` into a FixedLengthStream reads ahead of the client (a gigabyte's ZIP grew the
 * worker's memory by 170 MB where this keeps it flat). A client that goes away cancels the
 * source.
 */
async function paced(from: ReadableStream<Uint8Array>, to: WritableStream<Uint8Array>) {
  const reader = from.getReader();
  const writer = to.getWriter();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await writer.ready;
      await writer.write(value);
    }
    await writer.close();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    await writer.abort(error).catch(() => {});
  }
}

/** The ZIP's entries: each opens its file only when the archive reaches it. */
function entries(
  c: Context<AppEnv>,
  photos: readonly GalleryPhoto[],
  size: DownloadSize,
  stage: Stage,
): ZipEntry[] {
  const { id } = galleryOf(c);
  const names = archiveNames(
    photos.map((photo) => (size === "original" ? photo.name : sizedName(photo.name))),
  );
  return photos.map((photo, index) => {
    // Without a capture time, the earliest a ZIP can say: the same bytes each time, so a
    // download resumes.
    const modified = photo.taken ? new Date(photo.taken) : new Date(0);
    const open = async (part?: { offset: number; length: number }) => {
      const body =
        size === "original"
          ? (await original(c.env, id, photo, part))?.body
          : (await stagedSize(c, id, photo, 2048, "jpg", stage))?.body;
      if (!body) throw new Error(`The file of ${photo.name} is missing from the bucket`);
      return body;
    };
    const name = names[index] as string;
    return size === "original"
      ? { name, modified, open, size: photo.bytes, crc32: photo.crc32 }
      : { name, modified, open };
  });
}

/**
 * `GET /g/{id}/download?set=all|favourites&size=original|2048`: the photographs as one ZIP,
 * named after the gallery.
 */
export const downloadZip: Handler<AppEnv> = async (c) => {
  const set = c.req.query("set") ?? "all";
  const size = sizeOf(c.req.query("size") ?? "original");
  if (!size || (set !== "all" && set !== "favourites")) {
    return refused(c, 400, phrase("gallery.error.set"));
  }
  const refusal = disallowed(c, size);
  if (refusal) return refusal;
  const { id, settings, state } = galleryOf(c);
  const chosen = new Set(state.favourites);
  const photos =
    set === "all" ? state.photos : state.photos.filter((photo) => chosen.has(photo.id));
  if (photos.length === 0) {
    return refused(
      c,
      404,
      phrase(set === "favourites" ? "gallery.error.noFavouritesYet" : "gallery.error.empty"),
    );
  }
  const files = entries(c, photos, size, settings.stage);
  const count = () =>
    countDownload(c, id, {
      kind: "zip",
      detail: `${photos.length} ${set === "favourites" ? "favourites" : "photographs"} (${size === "original" ? "originals" : "2048 px"}${settings.stage === "proofing" ? ", watermarked" : ""})`,
    });
  const title =
    settings.title
      .replace(/[^\p{L}\p{N} _-]+/gu, "")
      .replace(/ {2,}/g, " ")
      .trim() || "photographs";
  const name = `${title}${set === "favourites" ? " (favourites)" : ""}${size === "2048" ? " 2048" : ""}.zip`;
  const headers = {
    "Content-Type": "application/zip",
    "Content-Disposition": attachment(name),
    ...PRIVATE_HEADERS,
  };
  // Copies made as they are sent: no length in advance, so no resuming either.
  const laid = zipLayout(files);
  if (!laid) {
    count();
    return new Response(zipStream(files, runtimeCrc32), { headers });
  }
  // Originals, their sizes known: the length is announced and a download resumes (Range).
  const etag = await zipETag(laid);
  const asked = byteRange(
    { range: c.req.header("Range"), ifRange: c.req.header("If-Range") },
    etag,
    laid.length,
  );
  if (asked === "unsatisfiable") {
    return c.body(null, 416, { "Content-Range": `bytes */${laid.length}`, ...PRIVATE_HEADERS });
  }
  // A download resumed is the same download: counted by the part that ends it (a probe of its
  // first bytes, which download managers send, is not a download).
  const { first, last } = asked === "whole" ? { first: 0, last: laid.length - 1 } : asked;
  const answer = {
    status: asked === "whole" ? 200 : 206,
    headers: {
      ...headers,
      "Content-Length": String(last - first + 1),
      "Accept-Ranges": "bytes",
      ETag: etag,
      ...(asked === "whole" ? {} : { "Content-Range": `bytes ${first}-${last}/${laid.length}` }),
    },
  };
  // A HEAD takes nothing: no file of the archive is read for it.
  if (c.req.method === "HEAD") return new Response(null, answer);
  if (last === laid.length - 1) count();
  const fixed = new FixedLengthStream(last - first + 1);
  c.executionCtx.waitUntil(paced(zipRange(laid, runtimeCrc32, first, last), fixed.writable));
  return new Response(fixed.readable, answer);
};

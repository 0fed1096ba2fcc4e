import { PmtilesArchive } from "./pmtiles-reader.ts";

/**
 * The map's basemap: one PMTiles archive in R2 (the `BASEMAP` bucket, object `basemap.pmtiles`),
 * read with range requests (pmtiles-reader.ts: its header, its directories, each tile). What an
 * isolate has read of it is kept until the archive's ETag changes (checked once a minute).
 */
export const BASEMAP_KEY = "basemap.pmtiles";

/** The archive in `bucket` at `etag`, read in ranges; a range of another version is refused. */
function r2Archive(bucket: R2Bucket, etag: string): PmtilesArchive {
  return new PmtilesArchive(async (offset, length) => {
    const object = await bucket.get(BASEMAP_KEY, {
      range: { offset, length },
      onlyIf: { etagMatches: etag },
    });
    if (!object || !("body" in object)) {
      // Replaced or deleted meanwhile: look again at the next request.
      forgetBasemap();
      throw new Error("The basemap archive changed while it was read");
    }
    return object.arrayBuffer();
  });
}

/** How long an isolate trusts what it read of the archive before it asks R2 for its ETag again. */
const REVALIDATE_MS = 60_000;

let current:
  | { bucket: R2Bucket; archive: PmtilesArchive | null; etag: string | null; checkedAt: number }
  | undefined;

/** The archive in `bucket` (null when there is none), read anew when its ETag has changed. */
async function archiveIn(bucket: R2Bucket): Promise<PmtilesArchive | null> {
  if (current?.bucket === bucket && Date.now() - current.checkedAt < REVALIDATE_MS) {
    return current.archive;
  }
  const head = await bucket.head(BASEMAP_KEY);
  const etag = head?.etag ?? null;
  const archive =
    current?.bucket === bucket && current.etag === etag
      ? current.archive
      : etag === null
        ? null
        : r2Archive(bucket, etag);
  current = { bucket, archive, etag, checkedAt: Date.now() };
  return archive;
}

/** Forgets what this isolate read of the archive (tests replace it). */
export function forgetBasemap(): void {
  current = undefined;
}

/** What the map needs to know of the archive, or null when there is none. */
export interface BasemapInfo {
  minZoom: number;
  maxZoom: number;
  /** The archive's version: part of the edge cache's key for its tiles. */
  etag: string;
}

export async function basemapInfo(bucket: R2Bucket | undefined): Promise<BasemapInfo | null> {
  if (!bucket) return null;
  const archive = await archiveIn(bucket);
  if (!archive) return null;
  const header = await archive.header();
  return { minZoom: header.minZoom, maxZoom: header.maxZoom, etag: current?.etag ?? "" };
}

/** One tile's bytes (a vector tile), or undefined when the archive has none there. */
export async function basemapTile(
  bucket: R2Bucket,
  z: number,
  x: number,
  y: number,
): Promise<ArrayBuffer | undefined> {
  return (await archiveIn(bucket))?.tile(z, x, y);
}

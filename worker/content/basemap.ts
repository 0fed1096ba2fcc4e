import { EtagMismatch, PMTiles, type RangeResponse, type Source } from "pmtiles";

/**
 * The map's basemap: one PMTiles archive in R2 (the `BASEMAP` bucket, object `basemap.pmtiles`),
 * read with range requests (the `pmtiles` package reads its header, its directories and each
 * tile from any source; this one is the bucket). The archive's header and directories are kept
 * per isolate; a new archive (another ETag) is noticed at the next read.
 */
export const BASEMAP_KEY = "basemap.pmtiles";

/** The bucket has no archive: the map is drawn without a basemap. */
export class NoBasemap extends Error {
  override name = "NoBasemap";
}

class R2Source implements Source {
  readonly bucket: R2Bucket;
  readonly key: string;

  constructor(bucket: R2Bucket, key: string) {
    this.bucket = bucket;
    this.key = key;
  }

  getKey(): string {
    return this.key;
  }

  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string) {
    const object = await this.bucket.get(this.key, {
      range: { offset, length },
      ...(etag ? { onlyIf: { etagMatches: etag } } : {}),
    });
    if (!object) throw new NoBasemap(`No ${this.key} in the basemap bucket`);
    if (!("body" in object)) throw new EtagMismatch("The basemap archive changed");
    return { data: await object.arrayBuffer(), etag: object.etag } satisfies RangeResponse;
  }
}

/** How long an isolate trusts what it read of the archive before it asks R2 for its ETag again. */
const REVALIDATE_MS = 60_000;

let current:
  | { bucket: R2Bucket; archive: PMTiles | null; etag: string | null; checkedAt: number }
  | undefined;

/** The archive in `bucket` (null when there is none), read anew when its ETag has changed. */
async function archiveIn(bucket: R2Bucket): Promise<PMTiles | null> {
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
        : new PMTiles(new R2Source(bucket, BASEMAP_KEY));
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
  try {
    const header = await archive.getHeader();
    return { minZoom: header.minZoom, maxZoom: header.maxZoom, etag: current?.etag ?? "" };
  } catch (error) {
    // Gone since it was last checked: no basemap, until the next check finds one.
    if (error instanceof NoBasemap) return null;
    throw error;
  }
}

/** One tile's bytes (a vector tile), or undefined when the archive has none there. */
export async function basemapTile(
  bucket: R2Bucket,
  z: number,
  x: number,
  y: number,
): Promise<ArrayBuffer | undefined> {
  const archive = await archiveIn(bucket);
  try {
    return (await archive?.getZxy(z, x, y))?.data;
  } catch (error) {
    if (error instanceof NoBasemap) return undefined;
    throw error;
  }
}

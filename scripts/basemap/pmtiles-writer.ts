/**
 * A PMTiles (version 3) archive from tiles, in memory: the header, one root directory (enough
 * for the low zooms a demo basemap has: it must fit in the archive's first 16 KiB with the
 * header), the JSON metadata and the tiles, identical tiles stored once. Directories and tiles
 * are stored uncompressed, so the worker serves a tile's bytes as they are.
 * Spec: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md
 */
import { zxyToTileId } from "pmtiles";

export interface Tile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveInfo {
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north, in degrees. */
  bounds: [number, number, number, number];
  center: [lng: number, lat: number, zoom: number];
  metadata: Record<string, unknown>;
}

const HEADER_BYTES = 127;
const ROOT_LIMIT = 16_384 - HEADER_BYTES;

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function directory(entries: Entry[]): Uint8Array {
  const values: number[] = [entries.length];
  let last = 0;
  for (const entry of entries) {
    values.push(entry.tileId - last);
    last = entry.tileId;
  }
  for (const entry of entries) values.push(entry.runLength);
  for (const entry of entries) values.push(entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    values.push(
      previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1,
    );
  });
  return Uint8Array.from(varints(values));
}

/** The archive's bytes: tiles of type MVT (vector tiles). */
export function writePmtiles(tiles: readonly Tile[], info: ArchiveInfo): Uint8Array {
  const sorted = tiles
    .map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) }))
    .sort((a, b) => a.tileId - b.tileId);
  const contents: Uint8Array[] = [];
  const offsets = new Map<string, number>();
  const entries: Entry[] = [];
  let dataLength = 0;
  for (const tile of sorted) {
    const key = new TextDecoder("latin1").decode(tile.data);
    let offset = offsets.get(key);
    if (offset === undefined) {
      offset = dataLength;
      offsets.set(key, offset);
      contents.push(tile.data);
      dataLength += tile.data.length;
    }
    const previous = entries.at(-1);
    if (
      previous &&
      previous.offset === offset &&
      previous.tileId + previous.runLength === tile.tileId
    ) {
      previous.runLength += 1;
    } else {
      entries.push({ tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 });
    }
  }
  const root = directory(entries);
  if (root.length > ROOT_LIMIT) throw new Error("Too many tiles for one root directory");
  const metadata = new TextEncoder().encode(JSON.stringify(info.metadata));
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  const out = new Uint8Array(dataOffset + dataLength);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode("PMTiles"), 0);
  out[7] = 3;
  const u64 = (at: number, value: number) => view.setBigUint64(at, BigInt(value), true);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, 0);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, sorted.length);
  u64(80, entries.length);
  u64(88, contents.length);
  out[96] = 0; // not clustered: identical tiles share their bytes wherever they come
  out[97] = 1; // internal compression: none
  out[98] = 1; // tile compression: none
  out[99] = 1; // tile type: MVT
  out[100] = info.minZoom;
  out[101] = info.maxZoom;
  const e7 = (at: number, degrees: number) => view.setInt32(at, Math.round(degrees * 1e7), true);
  const [west, south, east, north] = info.bounds;
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  out[118] = info.center[2];
  e7(119, info.center[0]);
  e7(123, info.center[1]);
  out.set(root, rootOffset);
  out.set(metadata, metadataOffset);
  let at = dataOffset;
  for (const content of contents) {
    out.set(content, at);
    at += content.length;
  }
  return out;
}

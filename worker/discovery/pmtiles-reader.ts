/**
 * Reading a PMTiles (version 3) archive through range requests: the header, the root and leaf
 * directories, one tile. The same reading as the `pmtiles` package's (which the scripts and
 * the tests use to write and check archives), in the little of it the worker needs: the
 * package is one module that also brings its Leaflet and MapLibre adapters and a gzip
 * decoder, 15 KiB of compressed worker the worker does without (it has DecompressionStream).
 * Spec: https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md
 */

/** The bytes `length` long at `offset` of the archive, with its version (ETag). */
export type ReadRange = (offset: number, length: number) => Promise<ArrayBuffer>;

export interface Header {
  rootOffset: number;
  rootLength: number;
  leafOffset: number;
  dataOffset: number;
  internalCompression: number;
  tileCompression: number;
  tileType: number;
  minZoom: number;
  maxZoom: number;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const GZIP = 2;

const u64 = (view: DataView, at: number) =>
  view.getUint32(at + 4, true) * 2 ** 32 + view.getUint32(at, true);

export function parseHeader(bytes: ArrayBuffer): Header {
  const view = new DataView(bytes);
  if (new TextDecoder().decode(bytes.slice(0, 7)) !== "PMTiles" || view.getUint8(7) !== 3) {
    throw new Error("Not a PMTiles archive of version 3");
  }
  return {
    rootOffset: u64(view, 8),
    rootLength: u64(view, 16),
    leafOffset: u64(view, 40),
    dataOffset: u64(view, 56),
    internalCompression: view.getUint8(97),
    tileCompression: view.getUint8(98),
    tileType: view.getUint8(99),
    minZoom: view.getUint8(100),
    maxZoom: view.getUint8(101),
  };
}

async function decompress(bytes: ArrayBuffer, compression: number): Promise<ArrayBuffer> {
  if (compression === 0 || compression === 1) return bytes;
  if (compression !== GZIP) throw new Error(`Compression ${compression} is not supported`);
  const stream = new Response(bytes).body?.pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

function readDirectory(bytes: ArrayBuffer): Entry[] {
  const data = new Uint8Array(bytes);
  let at = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = data[at++] ?? 0;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const count = varint();
  const entries: Entry[] = [];
  let tileId = 0;
  for (let i = 0; i < count; i++) {
    tileId += varint();
    entries.push({ tileId, offset: 0, length: 0, runLength: 1 });
  }
  for (const entry of entries) entry.runLength = varint();
  for (const entry of entries) entry.length = varint();
  entries.forEach((entry, i) => {
    const value = varint();
    const previous = entries[i - 1];
    entry.offset = value === 0 && previous ? previous.offset + previous.length : value - 1;
  });
  return entries;
}

/** The entry holding `tileId`: a tile (runLength > 0) or a leaf directory (0). */
function findEntry(entries: readonly Entry[], tileId: number): Entry | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = entries[middle] as Entry;
    if (entry.tileId < tileId) low = middle + 1;
    else if (entry.tileId > tileId) high = middle - 1;
    else return entry;
  }
  const before = entries[high];
  if (before && (before.runLength === 0 || tileId - before.tileId < before.runLength))
    return before;
  return undefined;
}

/** The tile's position on PMTiles' Hilbert curve, all the lower zooms' tiles before it. */
export function tileId(z: number, x: number, y: number): number {
  let id = ((1 << z) * (1 << z) - 1) / 3;
  let [tx, ty] = [x, y];
  for (let size = 1 << (z - 1); size > 0; size >>= 1) {
    const rx = tx & size ? 1 : 0;
    const ry = ty & size ? 1 : 0;
    id += size * size * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = size - 1 - tx;
        ty = size - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

/** An archive read through `read`, its header and directories kept once read. */
export class PmtilesArchive {
  readonly #read: ReadRange;
  #header: Promise<Header> | undefined;
  readonly #directories = new Map<string, Promise<Entry[]>>();

  constructor(read: ReadRange) {
    this.#read = read;
  }

  header(): Promise<Header> {
    this.#header ??= this.#read(0, 127).then(parseHeader);
    this.#header.catch(() => {
      this.#header = undefined;
    });
    return this.#header;
  }

  #directory(offset: number, length: number, compression: number): Promise<Entry[]> {
    const key = `${offset}:${length}`;
    let found = this.#directories.get(key);
    if (!found) {
      found = this.#read(offset, length)
        .then((bytes) => decompress(bytes, compression))
        .then(readDirectory);
      found.catch(() => this.#directories.delete(key));
      // A handful of directories at most for a basemap: kept for the isolate's life.
      if (this.#directories.size < 256) this.#directories.set(key, found);
    }
    return found;
  }

  /** The tile's bytes (decompressed), or undefined when the archive has none there. */
  async tile(z: number, x: number, y: number): Promise<ArrayBuffer | undefined> {
    const header = await this.header();
    if (z < header.minZoom || z > header.maxZoom) return undefined;
    const id = tileId(z, x, y);
    let [offset, length] = [header.rootOffset, header.rootLength];
    for (let depth = 0; depth < 4; depth++) {
      const entry = findEntry(
        await this.#directory(offset, length, header.internalCompression),
        id,
      );
      if (!entry) return undefined;
      if (entry.runLength > 0) {
        const bytes = await this.#read(header.dataOffset + entry.offset, entry.length);
        return decompress(bytes, header.tileCompression);
      }
      [offset, length] = [header.leafOffset + entry.offset, entry.length];
    }
    return undefined;
  }
}

/**
 * A ZIP archive written as it streams: each file's bytes pass straight from their source (an
 * R2 object, an Images binding output) to the client, so a gigabyte of photographs goes out
 * with the worker's memory flat. Files are stored, not compressed: photographs are compressed
 * already, and storing keeps the CPU free. Where a file's size and CRC-32 are known in advance
 * (originals: the upload recorded them) the headers carry them and the whole archive's length
 * is known before the first byte; otherwise the CRC is written after the data (a data
 * descriptor). Either way the CRC-32 of the bytes sent is computed as they pass (by the
 * runtime: crc32.ts), and a file whose bytes are not the ones announced ends the archive in an
 * error, never in a corrupt file. Archives past 4 GB or 65,535 files use the ZIP64 records.
 *
 * Why not client-zip (2.5.1), measured: it computes every CRC-32 in JavaScript, so 512 MiB of
 * originals took 2.5 s in workerd (median of five, 1.6 to 3.0) where this writer, the runtime
 * computing the CRC-32s, took 0.27 s (0.16 to 0.61): about 5 s of CPU a GiB, and a 6 GiB
 * gallery would reach the Workers' default CPU limit of 30 s. And it leaves out the ZIP64 end
 * records for 65,535 files or more below 4 GiB, which `unzip -t` refuses ("expected central
 * file header signature not found" for 70,000 files).
 */

import { sha256Hex } from "../lib/signing.ts";

export interface ZipEntry {
  /** The file's name in the archive (one level, no folders). */
  name: string;
  modified: Date;
  /**
   * The bytes, opened only when the archive reaches this file: all of them, or (a resumed
   * download, `zipRange`) `length` of them from `offset`.
   */
  open: (part?: { offset: number; length: number }) => Promise<ReadableStream<Uint8Array>>;
  /** Known in advance: the headers carry both, no data descriptor follows. */
  size?: number;
  crc32?: number;
}

/** The running CRC-32 of the bytes given to `update`. */
export interface Crc32 {
  update(bytes: Uint8Array): void;
  value(): Promise<number>;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_NAMES = 1 << 11;
const DESCRIPTOR = 1 << 3;

const encoder = new TextEncoder();

class Bytes {
  readonly #view: DataView;
  readonly bytes: Uint8Array;
  #at = 0;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.#view = new DataView(this.bytes.buffer);
  }
  u16(value: number): this {
    this.#view.setUint16(this.#at, value, true);
    this.#at += 2;
    return this;
  }
  u32(value: number): this {
    this.#view.setUint32(this.#at, value >>> 0, true);
    this.#at += 4;
    return this;
  }
  u64(value: number): this {
    this.#view.setBigUint64(this.#at, BigInt(value), true);
    this.#at += 8;
    return this;
  }
  raw(data: Uint8Array): this {
    this.bytes.set(data, this.#at);
    this.#at += data.length;
    return this;
  }
}

/** MS-DOS time and date (two-second steps, from 1980), as the ZIP headers keep them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** "DSC_0142.jpg", 2 → "DSC_0142 (2).jpg". */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Names as a client's unzip shows them: no folders, no control characters, no duplicates. */
export function archiveNames(names: readonly string[]): string[] {
  const clean = names.map(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name is one plain line.
    (raw) => raw.replace(/[\u0000-\u001f\u007f/\\:]+/g, "_").trim() || "photograph",
  );
  // A name made for a duplicate takes neither one given before nor an owner's own name: an
  // unzip keeps one file of two alike.
  const owners = new Set(clean.map((name) => name.toLowerCase()));
  const given = new Set<string>();
  return clean.map((name) => {
    const taken = (candidate: string) =>
      given.has(candidate.toLowerCase()) ||
      (candidate !== name && owners.has(candidate.toLowerCase()));
    let unique = name;
    for (let n = 2; taken(unique); n++) unique = numbered(name, n);
    given.add(unique.toLowerCase());
    return unique;
  });
}

interface Written {
  name: Uint8Array;
  flags: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
}

const knownInAdvance = (entry: ZipEntry) => entry.size !== undefined && entry.crc32 !== undefined;

function localHeader(entry: ZipEntry, name: Uint8Array, flags: number): Uint8Array {
  const { time, date } = dosDateTime(entry.modified);
  const known = knownInAdvance(entry);
  const large = known && (entry.size as number) >= MAX32;
  const extra = large ? 20 : 0;
  const header = new Bytes(30 + name.length + extra)
    .u32(0x04034b50)
    .u16(large ? 45 : 20)
    .u16(flags)
    .u16(0)
    .u16(time)
    .u16(date)
    .u32(known ? (entry.crc32 as number) : 0)
    .u32(known ? (large ? MAX32 : (entry.size as number)) : 0)
    .u32(known ? (large ? MAX32 : (entry.size as number)) : 0)
    .u16(name.length)
    .u16(extra)
    .raw(name);
  if (large)
    header
      .u16(0x0001)
      .u16(16)
      .u64(entry.size as number)
      .u64(entry.size as number);
  return header.bytes;
}

function centralHeader(file: Written): Uint8Array {
  const sizes = file.size >= MAX32;
  const offset = file.offset >= MAX32;
  const extra = (sizes ? 16 : 0) + (offset ? 8 : 0);
  const header = new Bytes(46 + file.name.length + (extra ? 4 + extra : 0))
    .u32(0x02014b50)
    .u16((3 << 8) | 45)
    .u16(sizes || offset ? 45 : 20)
    .u16(file.flags)
    .u16(0)
    .u16(file.time)
    .u16(file.date)
    .u32(file.crc)
    .u32(sizes ? MAX32 : file.size)
    .u32(sizes ? MAX32 : file.size)
    .u16(file.name.length)
    .u16(extra ? 4 + extra : 0)
    .u16(0)
    .u16(0)
    .u16(0)
    .u32((0o100644 << 16) >>> 0)
    .u32(offset ? MAX32 : file.offset)
    .raw(file.name);
  if (extra) {
    header.u16(0x0001).u16(extra);
    if (sizes) header.u64(file.size).u64(file.size);
    if (offset) header.u64(file.offset);
  }
  return header.bytes;
}

function endRecords(count: number, directoryOffset: number, directorySize: number): Uint8Array {
  const zip64 = count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  const end = new Bytes((zip64 ? 56 + 20 : 0) + 22);
  if (zip64) {
    const at = directoryOffset + directorySize;
    end
      .u32(0x06064b50)
      .u64(44)
      .u16((3 << 8) | 45)
      .u16(45)
      .u32(0)
      .u32(0)
      .u64(count)
      .u64(count)
      .u64(directorySize)
      .u64(directoryOffset)
      .u32(0x07064b50)
      .u32(0)
      .u64(at)
      .u32(1);
  }
  end
    .u32(0x06054b50)
    .u16(0)
    .u16(0)
    .u16(zip64 ? MAX16 : count)
    .u16(zip64 ? MAX16 : count)
    .u32(zip64 ? MAX32 : directorySize)
    .u32(zip64 ? MAX32 : directoryOffset)
    .u16(0);
  return end.bytes;
}

/** A stretch of an archive laid out in advance: bytes the writer makes, or one file's bytes. */
type Part = { start: number; length: number } & ({ bytes: Uint8Array } | { entry: ZipEntry });

/** An archive laid out byte by byte: its entries, its stretches in order, its length. */
export interface ZipLayout {
  entries: readonly ZipEntry[];
  parts: Part[];
  /** What Content-Length announces, so a browser shows the download's progress, or resumes it. */
  length: number;
}

/**
 * The archive laid out byte by byte, when every entry's size and CRC are known in advance (the
 * same headers zipStream writes), else undefined.
 */
export function zipLayout(entries: readonly ZipEntry[]): ZipLayout | undefined {
  if (!entries.every(knownInAdvance)) return undefined;
  const parts: Part[] = [];
  const written: Written[] = [];
  let offset = 0;
  const add = (part: { bytes: Uint8Array } | { entry: ZipEntry }, length: number) => {
    parts.push({ ...part, start: offset, length });
    offset += length;
  };
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const { time, date } = dosDateTime(entry.modified);
    const size = entry.size as number;
    written.push({ name, flags: UTF8_NAMES, time, date, crc: entry.crc32 as number, size, offset });
    const header = localHeader(entry, name, UTF8_NAMES);
    add({ bytes: header }, header.length);
    add({ entry }, size);
  }
  const directoryOffset = offset;
  for (const file of written) {
    const header = centralHeader(file);
    add({ bytes: header }, header.length);
  }
  const end = endRecords(written.length, directoryOffset, offset - directoryOffset);
  add({ bytes: end }, end.length);
  return { entries, parts, length: offset };
}

/**
 * A strong ETag of a laid-out archive: what makes its bytes (names, times, sizes, CRC-32s), so a
 * download resumed after the gallery changed starts again (If-Range).
 */
export async function zipETag({ entries }: ZipLayout): Promise<string> {
  const made = entries.map(({ name, modified, size, crc32 }) => [
    name,
    dosDateTime(modified),
    size,
    crc32,
  ]);
  return `"${(await sha256Hex(JSON.stringify(made))).slice(0, 32)}"`;
}

/**
 * Bytes `first` to `last` (inclusive) of a laid-out archive (all of it, or what a resumed
 * download asks for: HTTP Range). A file is read from where the range begins in it; one read
 * whole has its CRC-32 checked, as zipStream checks it, a part of one its length.
 */
export function zipRange(
  laid: ZipLayout,
  crc32: () => Crc32,
  first: number,
  last: number,
): ReadableStream<Uint8Array> {
  if (first < 0 || last < first || last >= laid.length) {
    throw new RangeError(`No bytes ${first}-${last} in this archive`);
  }
  async function* slice(): AsyncGenerator<Uint8Array> {
    for (const part of laid.parts) {
      const from = Math.max(first, part.start) - part.start;
      const to = Math.min(last + 1, part.start + part.length) - part.start;
      if (to <= from) continue;
      if ("bytes" in part) {
        yield part.bytes.subarray(from, to);
        continue;
      }
      const whole = from === 0 && to === part.length;
      yield* fileBytes(part.entry, whole ? undefined : { offset: from, length: to - from }, crc32);
    }
  }
  return streamOf(slice());
}

/**
 * One file's bytes (or `part` of them) as they come, checked against what its headers
 * announced: the size and CRC-32 of the whole, or the length of a part.
 */
async function* fileBytes(
  entry: ZipEntry,
  part: { offset: number; length: number } | undefined,
  crc32: () => Crc32,
): AsyncGenerator<Uint8Array, { size: number; checksum: number }> {
  const crc = crc32();
  let size = 0;
  const reader = (await entry.open(part)).getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (!part) crc.update(value);
      yield value;
    }
    finished = true;
  } finally {
    // The client went away mid-file: stop reading the source too.
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => {});
  }
  const checksum = part ? 0 : await crc.value();
  const expected = part ? part.length : entry.size;
  if (expected !== undefined && (size !== expected || (!part && checksum !== entry.crc32))) {
    throw new Error(`${entry.name}: its bytes are not the ones its headers announced`);
  }
  return { size, checksum };
}

/**
 * The archive of `entries`, in their order, as a stream that reads each file only when it is
 * its turn, each file's CRC-32 computed by a `crc32()` of its own.
 */
export function zipStream(
  entries: readonly ZipEntry[],
  crc32: () => Crc32,
): ReadableStream<Uint8Array> {
  async function* archive(): AsyncGenerator<Uint8Array> {
    const written: Written[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = encoder.encode(entry.name);
      const known = knownInAdvance(entry);
      const flags = UTF8_NAMES | (known ? 0 : DESCRIPTOR);
      const header = localHeader(entry, name, flags);
      const start = offset;
      yield header;
      offset += header.length;
      const { size, checksum } = yield* fileBytes(entry, undefined, crc32);
      offset += size;
      if (!known) {
        const descriptor = new Bytes(16).u32(0x08074b50).u32(checksum).u32(size).u32(size).bytes;
        yield descriptor;
        offset += descriptor.length;
      }
      const { time, date } = dosDateTime(entry.modified);
      written.push({ name, flags, time, date, crc: checksum, size, offset: start });
    }
    const directoryOffset = offset;
    let directorySize = 0;
    for (const file of written) {
      const header = centralHeader(file);
      directorySize += header.length;
      yield header;
    }
    yield endRecords(written.length, directoryOffset, directorySize);
  }

  return streamOf(archive());
}

/** A stream pulled from `chunks`, which a cancelled stream stops. */
function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

// The client galleries' ZIP (worker/galleries/zip.ts) read back by unzippers nobody here wrote:
// Info-ZIP's `unzip -t` (Debian's `unzip`), which checks every structure and CRC-32, and yauzl,
// each file's bytes against node:zlib's CRC-32. Made here in Node, where both are: the writer is
// plain JavaScript; the running CRC-32 it is given, the runtime's in the worker (crc32.ts), is
// node:zlib's here. (A ZIP the real worker serves: gallery-upload.test.ts.)
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import {
  type Crc32,
  type ZipEntry,
  type ZipLayout,
  zipLayout,
  zipRange,
  zipStream,
} from "../../worker/galleries/zip.ts";

/** A running CRC-32 by node:zlib, where the worker has the runtime's (crc32.ts). */
function nodeCrc32(): Crc32 {
  let crc = 0;
  return {
    update: (bytes) => {
      crc = crc32(bytes, crc);
    },
    value: async () => crc,
  };
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "gallery-zip-"));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/**
 * A file of the archive, its bytes in chunks of at most 64 KiB as from R2; its size and CRC-32
 * known in advance (an original) or not (a 2048-pixel copy, made as it is sent).
 */
function entry(name: string, bytes: Uint8Array, modified: Date, known = true): ZipEntry {
  const open = async (part?: { offset: number; length: number }) => {
    const given = part ? bytes.subarray(part.offset, part.offset + part.length) : bytes;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < given.length; at += 65536) {
          controller.enqueue(given.slice(at, at + 65536));
        }
        controller.close();
      },
    });
  };
  return known
    ? { name, modified, open, size: bytes.length, crc32: crc32(bytes) }
    : { name, modified, open };
}

/** Every byte of a stream. */
async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function archive(entries: readonly ZipEntry[]): Promise<{ file: string; bytes: Buffer }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of zipStream(entries, nodeCrc32)) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const file = path.join(scratch, `${chunks.length}-${bytes.length}.zip`);
  await writeFile(file, bytes);
  return { file, bytes };
}

/** What `unzip -t` says of the file, and whether it found it sound. */
async function unzipTest(file: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await promisify(execFile)("unzip", ["-t", file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

describe("a gallery's ZIP", () => {
  it("holds each photograph byte for byte under its own name and time, as unzip and yauzl read it", async () => {
    const taken = new Date("2025-06-14T16:32:10Z");
    const files = [
      { name: "DSC_0142.jpg", bytes: randomBytes(300_000), modified: taken, known: true },
      { name: "Ana & Luís — ceremonia.jpg", bytes: randomBytes(1), modified: taken, known: true },
      // Copies made as they are sent: their CRC-32 and size follow their bytes.
      { name: "結婚式 📷-2048.jpg", bytes: randomBytes(70_000), modified: taken, known: false },
      { name: "empty.jpg", bytes: new Uint8Array(0), modified: taken, known: true },
      // A camera whose clock was never set: the earliest time a ZIP can say.
      { name: "DSC_0001-2048.jpg", bytes: randomBytes(10), modified: new Date(0), known: false },
    ];
    const { file, bytes } = await archive(
      files.map((f) => entry(f.name, f.bytes, f.modified, f.known)),
    );

    const tested = await unzipTest(file);
    expect(tested.output).toContain("No errors detected");
    expect(tested.ok).toBe(true);

    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
    const read: { name: string; modified: Date; mode: number; bytes: Buffer; crc: number }[] = [];
    for (;;) {
      const found = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        zip
          .once("entry", resolve)
          .once("end", () => resolve(undefined))
          .once("error", reject);
        zip.readEntry();
      });
      if (!found) break;
      const stream = await zip.openReadStreamPromise(found);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      expect(crc32(data), found.fileName).toBe(found.crc32);
      read.push({
        name: found.fileName,
        modified: found.getLastModDate({ timezone: "UTC" }),
        mode: (found.externalFileAttributes >>> 16) & 0o777,
        bytes: data,
        crc: found.crc32,
      });
    }
    expect(read.map((r) => r.name)).toEqual(files.map((f) => f.name));
    for (const [index, f] of files.entries()) {
      expect(read[index]?.bytes.equals(f.bytes), f.name).toBe(true);
      expect(read[index]?.mode, f.name).toBe(0o644);
    }
    expect(read.map((r) => r.modified.toISOString())).toEqual([
      ...Array(4).fill("2025-06-14T16:32:10.000Z"),
      "1980-01-01T00:00:00.000Z",
    ]);
  });

  it("takes more than 65,535 originals (ZIP64), its length still announced in advance", async () => {
    const count = 70_000;
    const when = new Date("2025-06-14T16:32:10Z");
    const entries = Array.from({ length: count }, (_, i) =>
      entry(`DSC_${String(i).padStart(5, "0")}.jpg`, new TextEncoder().encode(`${i}\n`), when),
    );
    const { file, bytes } = await archive(entries);
    const tested = await unzipTest(file);
    expect(tested.output).toContain("No errors detected");
    expect(tested.ok).toBe(true);
    expect(bytes.length).toBe(zipLayout(entries)?.length);

    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
    expect(zip.entryCount).toBe(count);
    zip.close();
    // The last file, whole: the directory's entries past 65,535 point at their data.
    const last = await promisify(execFile)("unzip", ["-p", file, "DSC_69999.jpg"]);
    expect(last.stdout).toBe("69999\n");
  });

  it("gives any stretch of an archive of originals as the whole has it, so a download resumes anywhere", async () => {
    const taken = new Date("2025-06-14T16:32:10Z");
    const entries = [
      entry("DSC_0142.jpg", randomBytes(300_000), taken),
      entry("DSC_0143.jpg", randomBytes(1), taken),
      entry("empty.jpg", new Uint8Array(0), taken),
      entry("DSC_0144.jpg", randomBytes(70_001), taken),
    ];
    const { bytes: whole } = await archive(entries);
    const laid = zipLayout(entries) as ZipLayout;
    const { length } = laid;
    expect(whole.length).toBe(length);
    // Within a header, across a header into a file, within a file, from a file into the
    // directory, the last byte, and everything.
    for (const [first, last] of [
      [0, 10],
      [5, 40_000],
      [1_000, 2_000],
      [299_000, 300_200],
      [length - 200, length - 1],
      [length - 1, length - 1],
      [0, length - 1],
    ] as const) {
      const part = await bytesOf(zipRange(laid, nodeCrc32, first, last));
      expect(part.equals(whole.subarray(first, last + 1)), `${first}-${last}`).toBe(true);
    }
    // A download cut off mid-file and resumed from there is the archive, and unzips.
    const cut = 150_123;
    const resumed = Buffer.concat([
      await bytesOf(zipRange(laid, nodeCrc32, 0, cut - 1)),
      await bytesOf(zipRange(laid, nodeCrc32, cut, length - 1)),
    ]);
    const file = path.join(scratch, "resumed.zip");
    await writeFile(file, resumed);
    const tested = await unzipTest(file);
    expect(tested.output).toContain("No errors detected");
    expect(tested.ok).toBe(true);
    expect(() => zipRange(laid, nodeCrc32, length, length)).toThrow(RangeError);
    expect(() => zipRange(laid, nodeCrc32, 10, 5)).toThrow(RangeError);
  });

  it("ends a stretch in an error, not in wrong bytes, when a file's part is not the length asked for", async () => {
    const bytes = randomBytes(1_000);
    const short: ZipEntry = {
      ...entry("DSC_0142.jpg", bytes, new Date("2025-06-14T16:32:10Z")),
      open: async () => new Blob([bytes.subarray(0, 10)]).stream(),
    };
    await expect(
      bytesOf(zipRange(zipLayout([short]) as ZipLayout, nodeCrc32, 0, 500)),
    ).rejects.toThrow("DSC_0142.jpg: its bytes are not the ones its headers announced");
  });
});

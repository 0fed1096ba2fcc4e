// The ZIP writer in workerd, its files' CRC-32s computed by the runtime (crc32.ts): names, the
// length announced, and what the archive does when a file is not what it announced, is
// missing, or the client goes away. Whether the archive itself is sound is for unzippers nobody
// here wrote: tests/node/gallery-zip.test.ts.
import { describe, expect, it } from "vitest";
import { runtimeCrc32 } from "./crc32.ts";
import { archiveNames, type ZipEntry, zipLayout, zipStream } from "./zip.ts";

const when = new Date("2025-06-14T16:32:10Z");

const bytesOf = (text: string) => new TextEncoder().encode(text);

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += chunk.length;
  return total;
}

function crcOf(bytes: Uint8Array): Promise<number> {
  const crc = runtimeCrc32();
  crc.update(bytes);
  return crc.value();
}

const zip = (entries: readonly ZipEntry[]) => zipStream(entries, runtimeCrc32);

/** An original: its size and CRC-32 known in advance, as the upload recorded them. */
const original = async (name: string, bytes: Uint8Array): Promise<ZipEntry> => ({
  name,
  modified: when,
  size: bytes.length,
  crc32: await crcOf(bytes),
  open: async () => new Blob([bytes]).stream(),
});

describe("a file's CRC-32", () => {
  it("is the standard one (CRC-32/ISO-HDLC: 0xcbf43926 for '123456789')", async () => {
    expect(await crcOf(bytesOf("123456789"))).toBe(0xcbf43926);
  });
});

describe("a gallery's ZIP", () => {
  it("names files as an unzip shows them: one level, no control characters, no two alike", () => {
    expect(
      archiveNames([
        "DSC_0142.jpg",
        "dsc_0142.JPG",
        "DSC_0142.jpg",
        "a/b\\c:d.jpg",
        "line\nbreak.jpg",
        "  ",
        "Luís 📷.jpg",
        "README",
        "readme",
      ]),
    ).toEqual([
      "DSC_0142.jpg",
      "dsc_0142 (2).JPG",
      "DSC_0142 (3).jpg",
      "a_b_c_d.jpg",
      "line_break.jpg",
      "photograph",
      "Luís 📷.jpg",
      "README",
      "readme (2)",
    ]);
  });

  it("announces its length exactly when every size and CRC-32 is known, and not otherwise", async () => {
    const entries = [
      await original("DSC_0142.jpg", bytesOf("x".repeat(5000))),
      await original("Luís.jpg", bytesOf("y")),
    ];
    expect(await drain(zip(entries))).toBe(zipLayout(entries)?.length);
    const copy: ZipEntry = { ...(await original("DSC_0142-2048.jpg", bytesOf("z"))) };
    delete copy.size;
    delete copy.crc32;
    expect(zipLayout([...entries, copy])).toBeUndefined();
    expect(await drain(zip([...entries, copy]))).toBeGreaterThan(0);
  });

  it("ends in an error, never a corrupt file, when a file's bytes are not the ones announced", async () => {
    const announced = await original("DSC_0142.jpg", bytesOf("the photograph as uploaded"));
    const changed = {
      ...announced,
      open: async () => new Blob([bytesOf("the photograph, altered")]).stream(),
    };
    await expect(drain(zip([changed]))).rejects.toThrow("not the ones its headers announced");
    const flipped = { ...announced, crc32: (announced.crc32 as number) ^ 1 };
    await expect(drain(zip([flipped]))).rejects.toThrow("not the ones its headers announced");
  });

  it("ends in an error, not a shorter archive, when a file is missing", async () => {
    const missing: ZipEntry = {
      ...(await original("DSC_0150.jpg", bytesOf(""))),
      open: () => Promise.reject(new Error("The file of DSC_0150.jpg is missing from the bucket")),
    };
    const present = await original("DSC_0142.jpg", bytesOf("x"));
    await expect(drain(zip([present, missing]))).rejects.toThrow("missing from the bucket");
  });

  it("stops reading the file it was sending when the client goes away, and opens no other", async () => {
    let cancelled = false;
    let opened = 0;
    const endless: ZipEntry = {
      name: "DSC_0142.jpg",
      modified: when,
      open: async () => {
        opened++;
        return new ReadableStream<Uint8Array>({
          pull: (controller) => controller.enqueue(new Uint8Array(65536)),
          cancel: () => {
            cancelled = true;
          },
        });
      },
    };
    const next: ZipEntry = { ...endless, name: "DSC_0150.jpg" };
    const reader = zip([endless, next]).getReader();
    for (let i = 0; i < 5; i++) await reader.read();
    await reader.cancel("the client went away");
    expect(cancelled).toBe(true);
    expect(opened).toBe(1);
  });
});

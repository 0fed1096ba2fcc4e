import { describe, expect, it } from "vitest";
import { withXmp, withXmpStream } from "./xmp.ts";

const segment = (marker: number, body: string) => {
  const bytes = new TextEncoder().encode(body);
  return [0xff, marker, ((bytes.length + 2) >> 8) & 0xff, (bytes.length + 2) & 0xff, ...bytes];
};

/** A JPEG's head (JFIF, EXIF, an old XMP packet, an ICC profile) and a made-up image after it. */
const jpeg = new Uint8Array([
  0xff,
  0xd8,
  ...segment(0xe0, "JFIF\0 made up"),
  ...segment(0xe1, "Exif\0\0 made up"),
  ...segment(0xe1, "http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>old</x:xmpmeta>"),
  ...segment(0xe2, "ICC_PROFILE\0 made up"),
  ...segment(0xda, "scan header"),
  ...Array.from({ length: 5_000 }, (_, i) => (i * 7) % 255),
  0xff,
  0xd9,
]);

/** `bytes` as a stream of `size`-byte chunks. */
const chunked = (bytes: Uint8Array, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size)
        controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });

const XMP = "<x:xmpmeta>the licence</x:xmpmeta>";

describe("a licensed JPEG on its way", () => {
  it("is the file withXmp makes, however its bytes come", async () => {
    const whole = withXmp(jpeg, XMP);
    for (const size of [1, 7, 64, 100_000]) {
      const streamed = await withXmpStream(chunked(jpeg, size), XMP);
      expect(new Uint8Array(await new Response(streamed).arrayBuffer())).toEqual(whole);
    }
  });

  it("sends its head before the rest of the file has come", async () => {
    // The image's bytes come, and the rest never does (a large original still on its way).
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(jpeg.slice(0, jpeg.length - 1_000));
      },
    });
    const reader = (await withXmpStream(source, XMP)).getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain("the licence");
    await reader.cancel();
  });

  it("refuses what is not a JPEG, or one whose head is malformed", async () => {
    await expect(
      withXmpStream(chunked(new TextEncoder().encode("GIF89a…"), 3), XMP),
    ).rejects.toThrow("Not a JPEG");
    await expect(withXmpStream(chunked(new Uint8Array(), 3), XMP)).rejects.toThrow("Not a JPEG");
    const malformed = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01, 1, 2, 3, 4]);
    await expect(withXmpStream(chunked(malformed, 2), XMP)).rejects.toThrow("malformed");
  });
});

// The WebP filter on files sharp (libwebp) writes, with a GPS position in EXIF and in XMP.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DamagedImage } from "./image-facts.ts";
import type { LocationSetting } from "./location.ts";
import { WebpFilter } from "./webp-filter.ts";

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" exif:GPSLatitude="33,51.36S" exif:GPSLongitude="151,12.66E"><dc:format>image/webp</dc:format></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const EXIF = {
  IFD0: { Make: "Nikon" },
  IFD3: {
    GPSLatitudeRef: "S",
    GPSLatitude: "33/1 51/1 2160/100",
    GPSLongitudeRef: "E",
    GPSLongitude: "151/1 12/1 3960/100",
    GPSAltitude: "58/1",
  },
};

const plain = (width = 12, height = 8) =>
  sharp({ create: { width, height, channels: 3, background: "#6a8" } });

const withGps = () => plain().withExif(EXIF).withXmp(XMP).webp().toBuffer();

/** The file through the filter, fed in pieces of `piece` bytes (a stream's chunks). */
async function filtered(file: Buffer, setting: LocationSetting = "off", piece = 64 * 1024) {
  const filter = new WebpFilter(setting);
  const pieces = Array.from({ length: Math.ceil(file.length / piece) }, (_, i) =>
    file.subarray(i * piece, (i + 1) * piece),
  );
  const out = await buffer(Readable.from(pieces).pipe(filter));
  return { out, facts: filter.facts };
}

/** What a reader finds in the file's EXIF (sharp hands it over; exifr reads it). */
async function exifOf(file: Buffer) {
  const { exif } = await sharp(file).metadata();
  if (!exif) return undefined;
  // sharp hands the block over as a JPEG carries it: "Exif\0\0", then the TIFF structure.
  const tiff = exif.toString("latin1", 0, 6) === "Exif\0\0" ? exif.subarray(6) : exif;
  return exifr.parse(tiff, { gps: true, mergeOutput: false });
}

describe("WebpFilter", () => {
  it("off: no position left in EXIF or XMP, everything else kept, the file's length unchanged", async () => {
    const file = await withGps();
    expect((await exifOf(file))?.gps?.latitude).toBeCloseTo(-33.856, 2);
    const { out, facts } = await filtered(file);
    expect(out.length).toBe(file.length);
    expect(facts.location).toBe("removed");
    expect({ width: facts.width, height: facts.height }).toEqual({ width: 12, height: 8 });
    const exif = await exifOf(out);
    expect(exif?.gps?.latitude).toBeUndefined();
    expect(exif?.ifd0?.Make).toBe("Nikon");
    const { xmp, width, height, format } = await sharp(out).metadata();
    expect({ format, width, height }).toEqual({ format: "webp", width: 12, height: 8 });
    const text = xmp?.toString("utf8") ?? "";
    expect(text).not.toContain("GPS");
    expect(text).toContain("<dc:format>image/webp</dc:format>");
    // The pixels are the file's own: decoded, they are the same.
    expect(await sharp(out).raw().toBuffer()).toEqual(await sharp(file).raw().toBuffer());
  });

  it("gives the same bytes however the stream is cut", async () => {
    const file = await withGps();
    const whole = await filtered(file, "off", file.length);
    const bits = await filtered(file, "off", 7);
    expect(bits.out).toEqual(whole.out);
    expect(bits.facts).toEqual(whole.facts);
  });

  it("passes a file without a position through unchanged", async () => {
    const file = await plain()
      .withExif({ IFD0: { Make: "Nikon" } })
      .webp()
      .toBuffer();
    const { out, facts } = await filtered(file);
    expect(out).toEqual(file);
    expect(facts.location).toBe("none");
  });

  it("exact: the file as it is", async () => {
    const file = await withGps();
    const { out, facts } = await filtered(file, "exact");
    expect(out).toEqual(file);
    expect(facts.location).toBe("kept");
  });

  it("streams a large image chunk and reads a lossless image's size", async () => {
    const noise = sharp({
      create: {
        width: 900,
        height: 700,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    });
    const file = await noise.withExif(EXIF).webp({ lossless: true }).toBuffer();
    expect(file.length).toBeGreaterThan(1 << 20);
    const { out, facts } = await filtered(file);
    expect(out.length).toBe(file.length);
    expect({ width: facts.width, height: facts.height }).toEqual({ width: 900, height: 700 });
    expect((await exifOf(out))?.gps?.latitude).toBeUndefined();
  });

  it("refuses a file cut short, and one that is not a WebP", async () => {
    const file = await withGps();
    await expect(filtered(file.subarray(0, file.length - 40))).rejects.toBeInstanceOf(DamagedImage);
    const jpeg = await plain().jpeg().toBuffer();
    await expect(filtered(jpeg)).rejects.toThrow("not a WebP");
  });
});

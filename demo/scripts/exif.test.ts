// Camera metadata in Sanity's shape, read from JPEGs that sharp writes with known EXIF tags.
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readSanityExif } from "./exif.ts";

const blank = () => sharp({ create: { width: 8, height: 6, channels: 3, background: "#888" } });

const camera = {
  IFD0: { Make: "Canon", Model: "Canon EOS 400D DIGITAL", Software: "GIMP 2.5.0" },
  IFD2: {
    ExposureTime: "1/80",
    FNumber: "56/10",
    ISOSpeedRatings: "400",
    DateTimeOriginal: "2008:01:22 03:28:22",
    DateTimeDigitized: "2008:01:22 03:28:22",
    ExposureBiasValue: "-2/3",
    FocalLength: "107/1",
    LensModel: "EF 70-200mm f/4L",
  },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "48/1 51/1 24/1",
    GPSLongitudeRef: "E",
    GPSLongitude: "2/1 21/1 3/1",
  },
};

describe("readSanityExif", () => {
  it("names and types the tags the way Sanity stores them", async () => {
    const file = await blank().withExif(camera).jpeg().toBuffer();
    const { image, exif } = await readSanityExif(file);
    expect(image).toMatchObject({
      _type: "sanity.imageExifTags",
      Make: "Canon",
      Model: "Canon EOS 400D DIGITAL",
      Software: "GIMP 2.5.0",
    });
    expect(exif).toMatchObject({
      _type: "sanity.imageExifMetadata",
      ExposureTime: 0.0125,
      FNumber: 5.6,
      ISO: 400,
      FocalLength: 107,
      LensModel: "EF 70-200mm f/4L",
      DateTimeOriginal: "2008-01-22T03:28:22.000Z",
      DateTimeDigitized: "2008-01-22T03:28:22.000Z",
      PixelXDimension: 8,
      PixelYDimension: 6,
    });
    expect(exif?.ExposureBiasValue).toBeCloseTo(-2 / 3);
    // exifr's own names for these tags must not leak through.
    for (const name of ["CreateDate", "ExposureCompensation", "ExifImageWidth", "ExifIFD"]) {
      expect(exif, name).not.toHaveProperty(name);
      expect(image, name).not.toHaveProperty(name);
    }
  });

  it("never keeps the location, even when the file has one", async () => {
    const file = await blank().withExif(camera).jpeg().toBuffer();
    // The test file really carries a position…
    expect(await exifr.gps(file)).toMatchObject({ latitude: expect.closeTo(48.857, 3) });
    // …and none of it reaches the metadata.
    const text = JSON.stringify(await readSanityExif(file));
    expect(text).not.toMatch(/GPS|Gps|latitude|longitude/i);
  });

  it("drops binary tags such as ExifVersion", async () => {
    const file = await blank().withExif(camera).jpeg().toBuffer();
    const raw = await exifr.parse(file, { mergeOutput: false, translateValues: false });
    expect(raw.exif).toHaveProperty("ExifVersion");
    const { exif } = await readSanityExif(file);
    expect(exif).not.toHaveProperty("ExifVersion");
    expect(exif).not.toHaveProperty("ComponentsConfiguration");
  });

  it("gives nothing for a file without EXIF", async () => {
    const file = await blank().jpeg().toBuffer();
    expect(await readSanityExif(file)).toEqual({});
  });

  it("keeps TIFF tags without an exposure section when the camera wrote none", async () => {
    const file = await blank()
      .withExif({ IFD0: { Make: "Scanner Co.", Model: "FlatBed 1" } })
      .jpeg()
      .toBuffer();
    const metadata = await readSanityExif(file);
    expect(metadata.image).toMatchObject({ Make: "Scanner Co.", Model: "FlatBed 1" });
    // libvips always writes an Exif directory; what is in it is sharp's own bookkeeping.
    expect(metadata.exif ?? {}).not.toHaveProperty("ExposureTime");
  });
});

// The location setting on EXIF written by sharp (libexif) and on XMP in both of its forms.
import exifr from "exifr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { editTiffGps, editXmpGps, parseXmpCoordinate } from "./location.ts";

const withGps = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
    .withExif({
      IFD0: { Make: "Nikon" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "33/1 51/1 2160/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "151/1 12/1 3960/100",
        GPSAltitude: "58/1",
        GPSImgDirection: "270/1",
      },
    })
    .jpeg()
    .toBuffer();

/** The TIFF structure of a JPEG's EXIF segment (after "Exif\0\0"), and where it starts. */
function exifOf(jpeg: Buffer): { tiff: Buffer; at: number } {
  const at = jpeg.indexOf("Exif\0\0", 0, "latin1") + 6;
  const length = jpeg.readUInt16BE(at - 8) - 8;
  return { tiff: Buffer.from(jpeg.subarray(at, at + length)), at };
}

const put = (jpeg: Buffer, tiff: Buffer, at: number) => {
  const out = Buffer.from(jpeg);
  tiff.copy(out, at);
  return out;
};

describe("editTiffGps", () => {
  it("off: the GPS directory is emptied and its numbers overwritten", async () => {
    const jpeg = await withGps();
    const { tiff, at } = exifOf(jpeg);
    expect(editTiffGps(tiff, "off")).toBe("removed");
    const edited = put(jpeg, tiff, at);
    expect(await exifr.gps(edited).catch(() => undefined)).toBeUndefined();
    expect((await exifr.parse(edited, { gps: true })).Make).toBe("Nikon");
    expect(edited.length).toBe(jpeg.length);
  });

  it("exact keeps it; no GPS directory is none; a broken structure throws", async () => {
    const { tiff } = exifOf(await withGps());
    const copy = Buffer.from(tiff);
    expect(editTiffGps(copy, "exact")).toBe("kept");
    expect(copy.equals(tiff)).toBe(true);
    const plain = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .withExif({ IFD0: { Make: "Nikon" } })
      .jpeg()
      .toBuffer();
    expect(editTiffGps(exifOf(plain).tiff, "off")).toBe("none");
    expect(() => editTiffGps(Buffer.from("MM\0*\0\0\xff\xf0", "latin1"), "off")).toThrow();
  });
});

describe("editXmpGps", () => {
  const packet = (body: string, prefix = "exif") =>
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:${prefix}="http://ns.adobe.com/exif/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" ${body}</rdf:Description></rdf:RDF></x:xmpmeta>`;

  it("removes attributes and elements under whatever prefix the packet uses", () => {
    const xml = packet(
      `e:GPSLatitude="48,51.4000N" e:GPSLongitude="2,21.0500E" dc:format="image/jpeg"><e:GPSAltitude>35/1</e:GPSAltitude><e:GPSTimeStamp>2024-05-01T10:00:00Z</e:GPSTimeStamp>`,
      "e",
    );
    const { xml: out, outcome } = editXmpGps(xml, "off");
    expect(outcome).toBe("removed");
    expect(out).not.toMatch(/GPS/);
    expect(out).toContain('dc:format="image/jpeg"');
  });

  it("removes another namespace's position too: a drone's, as attributes and as elements", () => {
    const xml = packet(
      `xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:GpsLatitude="+43.123456" drone-dji:GpsLongtitude="-2.123456" drone-dji:AbsoluteAltitude="+120.5" drone-dji:FlightYawDegree="+12.3" dc:format="image/jpeg"><drone-dji:RelativeAltitude>+40.0</drone-dji:RelativeAltitude>`,
    );
    const { xml: out, outcome } = editXmpGps(xml, "off");
    expect(outcome).toBe("removed");
    expect(out).not.toMatch(/Gps|Altitude|43\.123|2\.123/);
    expect(out).toContain('xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/"');
    expect(out).toContain('drone-dji:FlightYawDegree="+12.3"');
    expect(editXmpGps(xml, "exact")).toEqual({ xml, outcome: "kept" });
  });

  it("exact changes nothing; a packet without a position is none", () => {
    const xml = packet(`exif:GPSLatitude="48,51.4000N" exif:GPSAltitude="35/1">`).replace(
      "</rdf:Description>",
      "<exif:GPSLongitude>2,21.0500W</exif:GPSLongitude></rdf:Description>",
    );
    expect(editXmpGps(xml, "off").xml).not.toMatch(/GPS/);
    expect(editXmpGps(xml, "exact")).toEqual({ xml, outcome: "kept" });
    expect(editXmpGps(packet('dc:format="x">'), "off").outcome).toBe("none");
  });

  it("reads both of XMP's coordinate forms", () => {
    expect(parseXmpCoordinate("48,51.4N")).toBeCloseTo(48.8567, 4);
    expect(parseXmpCoordinate("33,51,21.6S")).toBeCloseTo(-33.856, 3);
    expect(parseXmpCoordinate("north")).toBeUndefined();
  });
});

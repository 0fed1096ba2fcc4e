// The PNG filter on a file with ImageMagick's copy of a profile in a text chunk, GPS and all.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { LocationSetting } from "./location.ts";
import { PngFilter } from "./png-filter.ts";

function textChunk(keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, "latin1");
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write("tEXt", 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG with two text chunks after its header: a raw EXIF profile and a comment. */
async function withRawProfile(): Promise<Buffer> {
  const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#6a8" } })
    .png()
    .toBuffer();
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  return Buffer.concat([
    png.subarray(0, afterHeader),
    // What ImageMagick writes: the EXIF block in hex, a GPS directory in it.
    textChunk(
      "Raw profile type exif",
      "\nexif\n      24\n4578696600004d4d002a00000008GPSLatitude\n",
    ),
    textChunk("Comment", "Made on the coast"),
    png.subarray(afterHeader),
  ]);
}

async function filtered(file: Buffer, setting: LocationSetting) {
  const filter = new PngFilter(setting);
  const out = await buffer(Readable.from([file]).pipe(filter));
  return { out, facts: filter.facts };
}

describe("PngFilter", () => {
  it("drops a raw profile's text chunk unless the setting keeps positions; other text stays", async () => {
    const file = await withRawProfile();
    const { out, facts } = await filtered(file, "off");
    expect(out.toString("latin1")).not.toContain("Raw profile type");
    expect(out.toString("latin1")).toContain("Made on the coast");
    expect(facts.location).toBe("removed");
    expect(await sharp(out).metadata()).toMatchObject({ format: "png", width: 4, height: 3 });
    const exact = await filtered(file, "exact");
    expect(exact.out.equals(file)).toBe(true);
    expect(exact.facts.location).toBe("kept");
  });
});

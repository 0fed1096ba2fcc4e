/**
 * What becomes of the GPS position in the uploaded file, applied to the metadata blocks that
 * carry one: the EXIF GPS directory (a TIFF structure, in a JPEG's APP1 "Exif" segment or a
 * PNG's eXIf chunk) and XMP's exif:GPS… properties (Lightroom copies the position there too).
 *
 *   off    no position at all: the GPS directory is emptied and its values overwritten with
 *          zeros, the XMP GPS properties are removed
 *   exact  the file's position as it is (only when the owner's level for it is exact)
 *
 * Any coarser level is never written into the file: the owner's rule (shared/location.ts)
 * snaps the position and the asset stores that point as its `place` (shared/places.ts).
 *
 * Place names typed in Lightroom (city, country, sublocation) are left alone: they say what
 * the photographer chose to say. Only numbers from a receiver are treated here.
 */

export type LocationSetting = "off" | "exact";

/** What happened to a file's position. */
export type LocationOutcome = "none" | "removed" | "coarsened" | "kept";

/**
 * Combines the outcomes of several blocks of one file: the file publishes what its most
 * revealing block does (a coarse position in EXIF and none in XMP is a coarse position).
 */
export function mergeOutcomes(a: LocationOutcome, b: LocationOutcome): LocationOutcome {
  const rank: LocationOutcome[] = ["none", "removed", "coarsened", "kept"];
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
}

// ---------------------------------------------------------------------------------------------
// EXIF (TIFF) GPS directory

const GPS_IFD_POINTER = 0x8825;
/** Bytes per value of each TIFF type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];

class TiffError extends Error {}

function tiffReader(tiff: Buffer) {
  const order = tiff.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") throw new TiffError("not a TIFF structure");
  const little = order === "II";
  const check = (offset: number, length: number) => {
    if (offset < 0 || offset + length > tiff.length) throw new TiffError("offset out of bounds");
  };
  return {
    u16: (offset: number) => {
      check(offset, 2);
      return little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset);
    },
    u32: (offset: number) => {
      check(offset, 4);
      return little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset);
    },
    setU16: (offset: number, value: number) =>
      little ? tiff.writeUInt16LE(value, offset) : tiff.writeUInt16BE(value, offset),
    setU32: (offset: number, value: number) =>
      little ? tiff.writeUInt32LE(value, offset) : tiff.writeUInt32BE(value, offset),
    zero: (offset: number, length: number) => {
      check(offset, length);
      tiff.fill(0, offset, offset + length);
    },
    check,
  };
}

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** Where the value lies: inside the entry (4 bytes or less) or at an offset. */
  valueAt: number;
  size: number;
  raw: Buffer;
}

function entries(tiff: Buffer, read: ReturnType<typeof tiffReader>, ifd: number): Entry[] {
  const count = read.u16(ifd);
  read.check(ifd + 2, count * 12 + 4);
  return Array.from({ length: count }, (_, i) => {
    const at = ifd + 2 + i * 12;
    const type = read.u16(at + 2);
    const count = read.u32(at + 4);
    const size = (TYPE_SIZES[type] ?? 1) * count;
    const valueAt = size <= 4 ? at + 8 : read.u32(at + 8);
    read.check(valueAt, size);
    return {
      tag: read.u16(at),
      type,
      count,
      valueAt,
      size,
      raw: Buffer.from(tiff.subarray(at, at + 12)),
    };
  });
}

/**
 * Applies the setting to the GPS directory of a TIFF structure (EXIF without its "Exif\0\0"
 * header), in place: the structure keeps its size and every offset stays valid. Throws when the
 * structure cannot be read (the caller then drops the whole block unless the setting is exact).
 */
export function editTiffGps(tiff: Buffer, setting: LocationSetting): LocationOutcome {
  const read = tiffReader(tiff);
  const ifd0 = read.u32(4);
  const pointer = entries(tiff, read, ifd0).find((entry) => entry.tag === GPS_IFD_POINTER);
  if (!pointer) return "none";
  const gpsIfd = read.u32(pointer.valueAt);
  const gps = entries(tiff, read, gpsIfd);
  if (gps.length === 0) return "none";
  if (setting === "exact") return "kept";
  // Overwrite every value, so the numbers are gone from the file, not just unlinked.
  for (const entry of gps) {
    if (entry.size > 4) read.zero(entry.valueAt, entry.size);
  }
  read.zero(gpsIfd + 2, gps.length * 12 + 4);
  read.setU16(gpsIfd, 0);
  return "removed";
}

// ---------------------------------------------------------------------------------------------
// XMP: exif:GPS… and every other namespace's position (a drone's drone-dji:GpsLatitude, …)

/**
 * A property that says where: EXIF's GPS… under whatever prefix the packet binds, and any
 * other namespace's latitude, longitude or altitude (DJI's own, typo `GpsLongtitude` included).
 */
const POSITION_NAME = "[\\w-]*(?:GPS|Latitude|Longitude|Longtitude|Altitude)[\\w-]*";

/** XMP's GPS coordinate: "DDD,MM.mmmmK" or "DDD,MM,SSK" (K one of N, S, E, W). */
export function parseXmpCoordinate(value: string): number | undefined {
  const match = /^\s*(\d+),(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?([NSEW])\s*$/i.exec(value);
  if (!match) return undefined;
  const degrees = Number(match[1]) + Number(match[2]) / 60 + Number(match[3] ?? 0) / 3600;
  return /[SW]/i.test(match[4] ?? "") ? -degrees : degrees;
}

/**
 * Applies the setting to an XMP packet's properties that say where (as attributes of
 * rdf:Description or as elements), whatever namespace and prefix they are in: exact keeps them,
 * any other setting removes them.
 */
export function editXmpGps(
  xml: string,
  setting: LocationSetting,
): { xml: string; outcome: LocationOutcome } {
  const attribute = new RegExp(
    `\\s+(?!xmlns:)[A-Za-z_][\\w.-]*:(${POSITION_NAME})\\s*=\\s*(["'])[^"']*\\2`,
    "gi",
  );
  const element = new RegExp(
    `<([A-Za-z_][\\w.-]*):(${POSITION_NAME})\\b[^>]*?(?:/>|>[\\s\\S]*?</\\1:\\2\\s*>)\\s*`,
    "gi",
  );
  let found = false;
  const remove = (whole: string, name: string) => {
    if (name !== "GPSVersionID") found = true;
    return setting === "exact" ? whole : "";
  };
  const out = xml
    .replace(attribute, (whole, name: string) => remove(whole, name))
    .replace(element, (whole, _prefix: string, name: string) => remove(whole, name));
  if (!found) return { xml: out, outcome: "none" };
  if (setting === "exact") return { xml: out, outcome: "kept" };
  return { xml: out, outcome: "removed" };
}

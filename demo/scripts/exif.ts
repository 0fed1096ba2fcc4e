/**
 * Camera metadata of an original photograph, in the shape Sanity stores on an image asset:
 * `metadata.image` (`sanity.imageExifTags`: the TIFF tags of the first image directory, such as
 * Make, Model, Software, ModifyDate) and `metadata.exif` (`sanity.imageExifMetadata`: the Exif
 * directory, such as ExposureTime, FNumber, ISO, FocalLength, LensModel, DateTimeOriginal).
 *
 * Sanity names the tags like the `exif-reader` 1.x package does (ExifTool's names, with a few
 * Exif-spec spellings), keeps every numeric and text value, drops binary ("undefined"-typed)
 * values, and turns the three date tags into ISO strings that read the camera's wall-clock
 * time as UTC. The tags are read here with exifr; its names differ from Sanity's for a handful
 * of tags, which are renamed below.
 *
 * Location is never kept: the GPS directory is not read, and the pointer to it is dropped too.
 */
import exifr from "exifr";

export type ExifTags = Record<string, string | number | number[]> & { _type: string };

export interface SanityExif {
  /** `metadata.image`, absent when the file has no TIFF tags. */
  image?: ExifTags;
  /** `metadata.exif`, absent when the file has no Exif directory (no exposure data). */
  exif?: ExifTags;
}

/** exifr's tag names where Sanity's differ (same tag ids). */
const SANITY_NAMES: Record<string, string> = {
  ExifIFD: "ExifOffset",
  InteropIFD: "InteropOffset",
  CreateDate: "DateTimeDigitized",
  ExposureCompensation: "ExposureBiasValue",
  ExifImageWidth: "PixelXDimension",
  ExifImageHeight: "PixelYDimension",
  OwnerName: "CameraOwnerName",
  SerialNumber: "BodySerialNumber",
  LensInfo: "LensSpecification",
  IPTC: "IPTC-NAA",
  ICC: "ICC_Profile",
};

/**
 * Tags whose Exif type is UNDEFINED (raw bytes). Sanity leaves them out. exifr hands some of
 * them over as numbers (a single byte), so they are recognised by name, not by value.
 */
const BINARY_TAGS = new Set([
  "ExifVersion",
  "FlashpixVersion",
  "ComponentsConfiguration",
  "FileSource",
  "SceneType",
  "CFAPattern",
  "MakerNote",
  "UserComment",
  "OECF",
  "SpatialFrequencyResponse",
  "DeviceSettingDescription",
  "PrintIM",
  "XMLPacket",
  "IPTC",
  "ICC",
]);

/** Never stored: where the photograph was taken. */
const LOCATION_TAGS = new Set(["GpsIFD", "GPSInfo"]);

/** Dates become ISO strings (the other date-like tags stay text, as in Sanity). */
const DATE_TAGS = new Set(["DateTimeOriginal", "CreateDate", "ModifyDate"]);

// The first directory (IFD0, Make and Model) is always read.
const OPTIONS: Parameters<typeof exifr.parse>[1] = {
  tiff: true,
  exif: true,
  // Location, the thumbnail's directory and everything outside TIFF/Exif are not wanted.
  gps: false,
  interop: false,
  ifd1: false,
  makerNote: false,
  userComment: false,
  xmp: false,
  icc: false,
  iptc: false,
  jfif: false,
  ihdr: false,
  // Raw numbers (not "Canon"-style descriptions), dates revived, and the directory pointers
  // kept, because Sanity keeps those (ExifOffset, InteropOffset) too.
  translateKeys: true,
  translateValues: false,
  reviveValues: true,
  sanitize: false,
  mergeOutput: false,
};

/**
 * A revived exifr date carries the camera's wall-clock time in the local time zone; Sanity
 * stores the same wall-clock time marked as UTC. Reading the local fields back keeps the
 * result independent of the machine's time zone.
 */
function wallClockAsUtc(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  return new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ),
  ).toISOString();
}

function value(name: string, raw: unknown): string | number | number[] | undefined {
  if (DATE_TAGS.has(name)) return raw instanceof Date ? wallClockAsUtc(raw) : undefined;
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === "string") return raw;
  // Multi-valued numeric tags (LensSpecification, YCbCrSubSampling) arrive as typed arrays.
  if (ArrayBuffer.isView(raw) && !(raw instanceof DataView) && !(raw instanceof Uint8Array)) {
    const numbers = Array.from(raw as unknown as ArrayLike<number>);
    return numbers.every(Number.isFinite) ? numbers : undefined;
  }
  if (Array.isArray(raw) && raw.every((n) => typeof n === "number" && Number.isFinite(n))) {
    return raw as number[];
  }
  return undefined;
}

function directory(tags: Record<string, unknown> | undefined, type: string): ExifTags | undefined {
  if (!tags) return undefined;
  const out: ExifTags = { _type: type };
  for (const [name, raw] of Object.entries(tags)) {
    if (BINARY_TAGS.has(name) || LOCATION_TAGS.has(name) || name.startsWith("GPS")) continue;
    const converted = value(name, raw);
    if (converted !== undefined) out[SANITY_NAMES[name] ?? name] = converted;
  }
  return Object.keys(out).length > 1 ? out : undefined;
}

/**
 * The `image` and `exif` metadata Sanity would extract from this file (JPEG, TIFF, HEIC…), given
 * as bytes or as a path (then only the parts holding the tags are read).
 */
export async function readSanityExif(file: Uint8Array | string): Promise<SanityExif> {
  const parsed = (await exifr.parse(file, OPTIONS)) as
    | { ifd0?: Record<string, unknown>; exif?: Record<string, unknown> }
    | undefined;
  const image = directory(parsed?.ifd0, "sanity.imageExifTags");
  const exif = directory(parsed?.exif, "sanity.imageExifMetadata");
  return { ...(image ? { image } : {}), ...(exif ? { exif } : {}) };
}

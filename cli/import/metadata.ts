/**
 * What a photograph's file says about it, read with exifr from the three places Lightroom (and
 * Capture One, Photo Mechanic…) write to: XMP first (Unicode, and the only home of alt text),
 * then IPTC IIM, then EXIF. Only the head of the file is read, never the whole of it.
 *
 * | field     | read from (first found)                                                       |
 * | --------- | ----------------------------------------------------------------------------- |
 * | title     | XMP dc:title, IPTC Object Name                                                |
 * | caption   | XMP dc:description, IPTC Caption/Abstract, EXIF ImageDescription             |
 * | alt text  | XMP Iptc4xmpCore:AltTextAccessibility (never made up from the caption)        |
 * | keywords  | XMP dc:subject, IPTC Keywords, XMP lr:hierarchicalSubject (keywords.ts)       |
 * | creator   | XMP dc:creator, IPTC By-line, EXIF Artist                                     |
 * | copyright | XMP dc:rights, IPTC Copyright Notice, EXIF Copyright                          |
 * | credit    | XMP photoshop:Credit, IPTC Credit                                             |
 * | captured  | EXIF DateTimeOriginal, XMP photoshop:DateCreated, IPTC Date/Time Created      |
 * | rating    | XMP xmp:Rating (-1 rejected, 0 to 5 stars)                                    |
 * | label     | XMP xmp:Label (Lightroom's colour label: "Red", "Yellow", …)                   |
 * | GPS       | EXIF GPS, XMP exif:GPSLatitude/GPSLongitude                                   |
 */
import exifr from "exifr";
import { flattenKeywords } from "./keywords.ts";
import { parseXmpCoordinate } from "./location.ts";

export interface PhotoMetadata {
  title?: string;
  caption?: string;
  altText?: string;
  keywords: string[];
  creator?: string;
  copyright?: string;
  credit?: string;
  /** The camera's wall-clock time, `YYYY-MM-DDTHH:MM:SS` (no zone: cameras rarely know it). */
  capturedAt?: string;
  rating?: number;
  label?: string;
  gps?: { latitude: number; longitude: number };
}

/** exifr could not make sense of a metadata block: the message says which and why. */
export class UnreadableMetadata extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableMetadata";
  }
}

const OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  xmp: true,
  iptc: true,
  ifd1: false,
  interop: false,
  makerNote: false,
  userComment: false,
  icc: false,
  jfif: false,
  ihdr: false,
  mergeOutput: false,
  translateValues: false,
  reviveValues: true,
  silentErrors: true,
};

type Block = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** exifr hands XMP text over as written in the XML, entities and all. */
function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const nonEmpty = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

/** One XMP value as text: a plain value, or the x-default (else first) of a language alternative. */
function xmpText(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return nonEmpty(decodeXml(value));
  if (Array.isArray(value)) {
    const defaults = value.find((item) => (item as Block | undefined)?.lang === "x-default");
    return xmpText(defaults ?? value[0]);
  }
  if (value && typeof value === "object" && "value" in value) {
    return xmpText((value as Block).value);
  }
  return undefined;
}

/** An XMP bag or sequence (exifr gives a one-item list as the item alone). */
function xmpList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.flatMap((item) => xmpText(item) ?? []);
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * IPTC text as written. exifr reads IIM values as Latin-1, but Lightroom writes UTF-8 (and says
 * so in record 1:90): bytes that are valid UTF-8 are read as UTF-8, anything else stays Latin-1.
 */
function iimText(value: unknown): string | undefined {
  if (typeof value === "number") return String(value);
  if (typeof value !== "string") return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: IIM values may hold any byte.
  if (/[^\u0000-\u00ff]/.test(value)) return nonEmpty(value);
  try {
    return nonEmpty(strictUtf8.decode(Buffer.from(value, "latin1")));
  } catch {
    return nonEmpty(value);
  }
}

const iimList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((item) => iimText(item) ?? []);

const plainText = (value: unknown) => (typeof value === "string" ? nonEmpty(value) : undefined);

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Dates as the camera's wall clock: exifr revives EXIF dates in the local zone. A camera whose
 * clock was never set writes zeros ("0000:00:00 00:00:00"), which exifr revives as 30 November
 * 1899: that is no date, and the XMP's or IPTC's is taken instead.
 */
export function wallClock(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    if (value.getFullYear() < 1900) return undefined;
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
  }
  if (typeof value !== "string") return undefined;
  const match = /^(\d{4})[-:](\d{2})[-:](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour = "00", minute = "00", second = "00"] = match;
  if (Number(year) < 1900 || month === "00" || day === "00") return undefined;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

function iptcDate(iptc: Block): string | undefined {
  const date = iimText(iptc.DateCreated);
  if (!date || !/^\d{8}$/.test(date)) return undefined;
  const time = /^(\d{2})(\d{2})(\d{2})/.exec(iimText(iptc.TimeCreated) ?? "");
  const [, hour = "00", minute = "00", second = "00"] = time ?? [];
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${hour}:${minute}:${second}`;
}

function gpsOf(gps: Block, exif: Block): PhotoMetadata["gps"] {
  const latitude = gps.latitude;
  const longitude = gps.longitude;
  if (typeof latitude === "number" && typeof longitude === "number") return { latitude, longitude };
  // XMP's exif: properties land in exifr's "exif" block.
  const xmpLatitude =
    typeof exif.GPSLatitude === "string" ? parseXmpCoordinate(exif.GPSLatitude) : undefined;
  const xmpLongitude =
    typeof exif.GPSLongitude === "string" ? parseXmpCoordinate(exif.GPSLongitude) : undefined;
  return xmpLatitude !== undefined && xmpLongitude !== undefined
    ? { latitude: xmpLatitude, longitude: xmpLongitude }
    : undefined;
}

const first = <T>(...values: (T | undefined)[]): T | undefined =>
  values.find((v) => v !== undefined);

export async function readPhotoMetadata(file: string): Promise<PhotoMetadata> {
  let parsed: Record<string, Block | undefined> & { errors?: unknown[] };
  try {
    parsed = ((await exifr.parse(file, OPTIONS)) ?? {}) as typeof parsed;
  } catch (error) {
    throw new UnreadableMetadata((error as Error).message);
  }
  if (parsed.errors?.length) {
    const reason = parsed.errors.map((error) => (error as Error)?.message).find(Boolean);
    throw new UnreadableMetadata(reason ?? "a metadata block is damaged");
  }
  const block = (name: string): Block => parsed[name] ?? {};
  const dc = block("dc");
  const xmp = block("xmp");
  const photoshop = block("photoshop");
  const iptc = block("iptc");
  const ifd0 = block("ifd0");
  const exif = block("exif");
  const core = block("Iptc4xmpCore");
  const creators = xmpList(dc.creator);
  const rating = typeof xmp.Rating === "number" ? xmp.Rating : Number(xmpText(xmp.Rating));

  const metadata: PhotoMetadata = {
    title: first(xmpText(dc.title), iimText(iptc.ObjectName)),
    caption: first(
      xmpText(dc.description),
      iimText(iptc.Caption),
      plainText(ifd0.ImageDescription),
    ),
    altText: xmpText(core.AltTextAccessibility),
    keywords: flattenKeywords({
      subject: xmpList(dc.subject),
      iptc: iimList(iptc.Keywords),
      hierarchical: xmpList(block("lr").hierarchicalSubject),
    }),
    creator: first(
      creators.length > 0 ? creators.join(", ") : undefined,
      iimText(iptc.Byline),
      plainText(ifd0.Artist),
    ),
    copyright: first(xmpText(dc.rights), iimText(iptc.CopyrightNotice), plainText(ifd0.Copyright)),
    credit: first(xmpText(photoshop.Credit), iimText(iptc.Credit)),
    capturedAt: first(
      wallClock(exif.DateTimeOriginal),
      wallClock(photoshop.DateCreated),
      iptcDate(iptc),
    ),
    rating: Number.isInteger(rating) && rating >= -1 && rating <= 5 ? rating : undefined,
    label: xmpText(xmp.Label),
    gps: gpsOf(block("gps"), exif),
  };
  // Absent, not undefined: the plan compares and prints these objects.
  for (const key of Object.keys(metadata) as (keyof PhotoMetadata)[]) {
    if (metadata[key] === undefined) delete metadata[key];
  }
  return metadata;
}

/**
 * The asset's credit line: the IPTC Credit Line when the file has one; else the creator, and
 * the copyright after " · " unless it already names the creator ("Jane Doe · CC BY 4.0",
 * but "© 2025 Jane Doe" alone). The site shows it beside the photograph and names the part
 * before " · " as the photograph's creator.
 */
export function creditLine(metadata: PhotoMetadata): string | undefined {
  if (metadata.credit) return metadata.credit;
  const { creator, copyright } = metadata;
  if (creator && copyright) {
    return copyright.toLowerCase().includes(creator.toLowerCase())
      ? copyright
      : `${creator} · ${copyright}`;
  }
  return creator ?? copyright;
}

/**
 * A WebP passed through chunk by chunk, as it streams, like png-filter.ts does for PNGs: the
 * metadata chunks (EXIF, XMP) go through the location setting and stay out of the fingerprint;
 * the image's own chunks (VP8, VP8L, VP8X, ALPH, ANIM, ANMF, ICCP) go through untouched and into
 * it. Large chunks (image data) are never held whole.
 *
 * A WebP states its whole length in its first bytes, before any chunk, so every edit keeps each
 * chunk's length: the EXIF GPS directory is edited in place (as in a JPEG), an XMP packet that
 * lost its GPS properties is padded with spaces (XMP's own padding convention), and a metadata
 * chunk that cannot be edited in place becomes a `JUNK` chunk of zeros, which readers skip.
 */
import { DamagedImage } from "./image-facts.ts";
import { ImageFilter } from "./image-filter.ts";
import { editTiffGps, editXmpGps, type LocationOutcome, mergeOutcomes } from "./location.ts";

const METADATA = new Set(["EXIF", "XMP "]);
/** Chunks up to this size are handled whole; larger ones (image data) stream. */
const WHOLE = 1 << 20;
/** Some writers put the JPEG segment's header before the TIFF structure. */
const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const XMP_END = "<?xpacket end";

function chunk(type: string, data: Buffer): Buffer {
  const padded = data.length % 2;
  const out = Buffer.alloc(8 + data.length + padded);
  out.write(type, 0, "latin1");
  out.writeUInt32LE(data.length, 4);
  data.copy(out, 8);
  return out;
}

/** A chunk of the same length that says nothing: what an uneditable metadata chunk becomes. */
const junk = (length: number) => chunk("JUNK", Buffer.alloc(length));

/** `xml` made exactly `length` bytes long with spaces before the packet's end, or undefined. */
function padXmp(xml: string, length: number): Buffer | undefined {
  const missing = length - Buffer.byteLength(xml, "utf8");
  if (missing < 0) return undefined;
  const end = xml.lastIndexOf(XMP_END);
  const at = end < 0 ? xml.length : end;
  return Buffer.from(`${xml.slice(0, at)}${" ".repeat(missing)}${xml.slice(at)}`, "utf8");
}

export class WebpFilter extends ImageFilter<"chunk" | "stream"> {
  /** Bytes of the file after the RIFF header that are still to come (its stated length). */
  #remaining = 0;
  /** Bytes left of a chunk being streamed (its data and padding). */
  #left = 0;

  protected override consume(): void {
    for (;;) {
      const buffer = this.pending;
      if (this.state === "start") {
        if (buffer.length < 12) return;
        if (
          buffer.toString("latin1", 0, 4) !== "RIFF" ||
          buffer.toString("latin1", 8, 12) !== "WEBP"
        )
          throw new DamagedImage("not a WebP");
        // The header states the file's length, which may differ between exports with other
        // metadata: passed on, but not part of the fingerprint.
        this.push(Buffer.from(buffer.subarray(0, 12)));
        this.#remaining = buffer.readUInt32LE(4) - 4;
        this.pending = buffer.subarray(12);
        this.state = this.#remaining > 0 ? "chunk" : "trailer";
      } else if (this.state === "chunk") {
        if (buffer.length < 8) return;
        const type = buffer.toString("latin1", 0, 4);
        const length = buffer.readUInt32LE(4);
        const size = 8 + length + (length % 2);
        if (size > this.#remaining) {
          throw new DamagedImage(`the ${type.trim()} chunk runs past the end the file states`);
        }
        if (length > WHOLE && !METADATA.has(type)) {
          this.image(Buffer.from(buffer.subarray(0, 8)));
          this.pending = buffer.subarray(8);
          this.#remaining -= size;
          this.#left = size - 8;
          this.state = "stream";
          continue;
        }
        if (buffer.length < size) return;
        const whole = Buffer.from(buffer.subarray(0, size));
        this.pending = buffer.subarray(size);
        this.#remaining -= size;
        if (METADATA.has(type)) this.push(this.#metadata(type, whole.subarray(8, 8 + length)));
        else {
          this.#dimensions(type, whole.subarray(8, 8 + length));
          this.image(whole);
        }
        if (this.#remaining === 0) this.state = "trailer";
      } else if (this.state === "stream") {
        if (buffer.length === 0) return;
        const take = Math.min(this.#left, buffer.length);
        this.image(Buffer.from(buffer.subarray(0, take)));
        this.pending = buffer.subarray(take);
        this.#left -= take;
        if (this.#left === 0) this.state = this.#remaining === 0 ? "trailer" : "chunk";
      } else {
        // Bytes after the length the header states are not part of the image.
        this.pending = Buffer.alloc(0);
        return;
      }
    }
  }

  /** The canvas size: VP8X's when there is one (it comes first), else the bitstream's. */
  #dimensions(type: string, data: Buffer): void {
    if (this.facts.width > 0) return;
    if (type === "VP8X" && data.length >= 10) {
      this.facts.width = data.readUIntLE(4, 3) + 1;
      this.facts.height = data.readUIntLE(7, 3) + 1;
    } else if (type === "VP8 " && data.length >= 10) {
      this.facts.width = data.readUInt16LE(6) & 0x3fff;
      this.facts.height = data.readUInt16LE(8) & 0x3fff;
    } else if (type === "VP8L" && data.length >= 5) {
      const bits = data.readUInt32LE(1);
      this.facts.width = (bits & 0x3fff) + 1;
      this.facts.height = ((bits >>> 14) & 0x3fff) + 1;
    }
  }

  /** The chunk to write instead of this metadata chunk: the same length, edited. */
  #metadata(type: string, data: Buffer): Buffer {
    return type === "EXIF" ? this.#exif(data) : this.#xmp(data);
  }

  #note(outcome: LocationOutcome): void {
    this.facts.location = mergeOutcomes(this.facts.location, outcome);
  }

  #exif(data: Buffer): Buffer {
    const offset = data.subarray(0, 6).equals(EXIF_HEADER) ? 6 : 0;
    const tiff = Buffer.from(data.subarray(offset));
    try {
      this.#note(editTiffGps(tiff, this.setting));
    } catch {
      // Unreadable: nobody can tell whether it holds a position, so it goes unless kept.
      return this.setting === "exact" ? chunk("EXIF", data) : junk(data.length);
    }
    return chunk("EXIF", Buffer.concat([data.subarray(0, offset), tiff]));
  }

  #xmp(data: Buffer): Buffer {
    const { xml, outcome } = editXmpGps(data.toString("utf8"), this.setting);
    if (this.setting === "exact") {
      this.#note(outcome);
      return chunk("XMP ", data);
    }
    const padded = padXmp(xml, data.length);
    if (!padded) {
      // Longer than before (a rounded position written out): the whole packet goes.
      this.#note(outcome === "none" ? "none" : "removed");
      return junk(data.length);
    }
    this.#note(outcome);
    return chunk("XMP ", padded);
  }
}

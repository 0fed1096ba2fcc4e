/**
 * A JPEG passed through segment by segment, as it streams (never held whole): metadata segments
 * (APPn, COM) go through the location setting; everything else, the image itself, goes through
 * untouched and into the fingerprint, a SHA-1 of the image data alone. A caption changed in
 * Lightroom and exported again changes the file but not its fingerprint: that is how the
 * importer knows it as the same photograph (see docs/import.md).
 */
import { DamagedImage } from "./image-facts.ts";
import { EMPTY, ImageFilter } from "./image-filter.ts";
import { editTiffGps, editXmpGps, type LocationOutcome, mergeOutcomes } from "./location.ts";

const EXIF_HEADER = Buffer.from("Exif\0\0", "latin1");
const XMP_HEADER = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");
/** Extended XMP (the overflow of a packet over 64 KB): any property may sit in it. */
const XMP_EXTENSION_HEADER = Buffer.from("http://ns.adobe.com/xmp/extension/\0", "latin1");

const isMetadata = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): they carry the frame's size. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

export class JpegFilter extends ImageFilter<"marker" | "scan"> {
  protected override consume(): void {
    for (;;) {
      const buffer = this.pending;
      if (this.state === "start") {
        if (buffer.length < 2) return;
        if (buffer[0] !== 0xff || buffer[1] !== 0xd8) throw new DamagedImage("not a JPEG");
        this.image(buffer.subarray(0, 2));
        this.pending = buffer.subarray(2);
        this.state = "marker";
      } else if (this.state === "marker") {
        if (buffer.length < 2) return;
        if (buffer[0] !== 0xff) throw new DamagedImage("the JPEG's structure is broken");
        const marker = buffer[1] as number;
        if (marker === 0xff) {
          // Fill byte before a marker.
          this.pending = buffer.subarray(1);
          continue;
        }
        if (marker === 0xd9) {
          this.image(buffer.subarray(0, 2));
          this.pending = buffer.subarray(2);
          this.state = "trailer";
          continue;
        }
        if (isStandalone(marker)) {
          this.image(buffer.subarray(0, 2));
          this.pending = buffer.subarray(2);
          continue;
        }
        if (buffer.length < 4) return;
        const end = 2 + buffer.readUInt16BE(2);
        if (buffer.length < end) return;
        const whole = buffer.subarray(0, end);
        this.pending = buffer.subarray(end);
        if (isMetadata(marker)) {
          const kept = this.#metadata(marker, whole.subarray(4));
          if (kept) this.push(kept);
          continue;
        }
        if (isFrameHeader(marker) && whole.length >= 9) {
          this.facts.height = whole.readUInt16BE(5);
          this.facts.width = whole.readUInt16BE(7);
        }
        this.image(Buffer.from(whole));
        if (marker === 0xda) this.state = "scan";
      } else if (this.state === "scan") {
        // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a
        // restart marker; only the bytes around an 0xFF need looking at.
        let from = 0;
        for (;;) {
          const at = buffer.indexOf(0xff, from);
          if (at < 0 || at === buffer.length - 1) {
            // Passed on as it came (no copy): the stream's chunks are this filter's to hand on.
            const upTo = at < 0 ? buffer.length : at;
            this.image(buffer.subarray(0, upTo));
            this.pending = upTo < buffer.length ? Buffer.from(buffer.subarray(upTo)) : EMPTY;
            return;
          }
          const next = buffer[at + 1] as number;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            from = at + 2;
            continue;
          }
          this.image(buffer.subarray(0, at));
          this.pending = buffer.subarray(at);
          this.state = "marker";
          break;
        }
      } else {
        // After the end of the image: phones append more pictures here (multi-picture depth
        // maps, each with its own EXIF). Kept only when the position may be kept.
        if (buffer.length > 0 && this.setting === "exact") this.push(Buffer.from(buffer));
        this.pending = EMPTY;
        return;
      }
    }
  }

  /** The segment to write instead of this metadata segment, or undefined to drop it. */
  #metadata(marker: number, payload: Buffer): Buffer | undefined {
    const setting = this.setting;
    const note = (outcome: LocationOutcome) => {
      this.facts.location = mergeOutcomes(this.facts.location, outcome);
    };
    if (marker === 0xe1 && payload.subarray(0, 6).equals(EXIF_HEADER)) {
      const tiff = Buffer.from(payload.subarray(6));
      try {
        note(editTiffGps(tiff, setting));
      } catch {
        // Unreadable: nobody can tell whether it holds a position, so it goes unless kept.
        return setting === "exact" ? segment(marker, payload) : undefined;
      }
      return segment(marker, Buffer.concat([EXIF_HEADER, tiff]));
    }
    if (marker === 0xe1 && payload.subarray(0, XMP_HEADER.length).equals(XMP_HEADER)) {
      const { xml, outcome } = editXmpGps(
        payload.subarray(XMP_HEADER.length).toString("utf8"),
        setting,
      );
      note(outcome);
      const edited = Buffer.concat([XMP_HEADER, Buffer.from(xml, "utf8")]);
      return segment(marker, edited);
    }
    if (
      marker === 0xe1 &&
      setting !== "exact" &&
      payload.subarray(0, XMP_EXTENSION_HEADER.length).equals(XMP_EXTENSION_HEADER)
    ) {
      return undefined;
    }
    return segment(marker, payload);
  }
}

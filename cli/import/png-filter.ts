/**
 * A PNG passed through chunk by chunk, as it streams, like jpeg-filter.ts does for JPEGs: the
 * metadata chunks (eXIf, iTXt, tEXt, zTXt, tIME, iCCP) go through the location setting and stay
 * out of the fingerprint; the image's own chunks (IHDR, PLTE, IDAT…) go through untouched and
 * into it. Large chunks (image data) are never held whole.
 */
import { crc32, deflateSync, inflateSync } from "node:zlib";
import { DamagedImage } from "./image-facts.ts";
import { ImageFilter } from "./image-filter.ts";
import { editTiffGps, editXmpGps, type LocationOutcome, mergeOutcomes } from "./location.ts";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const METADATA = new Set(["eXIf", "iTXt", "tEXt", "zTXt", "tIME", "iCCP"]);
/** Chunks up to this size are handled whole; larger ones (image data) stream. */
const WHOLE = 1 << 20;
const XMP_KEYWORD = "XML:com.adobe.xmp";
/** ImageMagick's text chunks of a whole profile ("Raw profile type exif", "… xmp", "… 8bim"). */
const RAW_PROFILE = /^Raw profile type /i;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export class PngFilter extends ImageFilter<"chunk" | "stream"> {
  /** Bytes left of a chunk being streamed (its data and CRC). */
  #left = 0;

  protected override consume(): void {
    for (;;) {
      const buffer = this.pending;
      if (this.state === "start") {
        if (buffer.length < 8) return;
        if (!buffer.subarray(0, 8).equals(SIGNATURE)) throw new DamagedImage("not a PNG");
        this.image(buffer.subarray(0, 8));
        this.pending = buffer.subarray(8);
        this.state = "chunk";
      } else if (this.state === "chunk") {
        if (buffer.length < 8) return;
        const length = buffer.readUInt32BE(0);
        const type = buffer.toString("latin1", 4, 8);
        if (length > WHOLE && !METADATA.has(type)) {
          this.image(Buffer.from(buffer.subarray(0, 8)));
          this.pending = buffer.subarray(8);
          this.#left = length + 4;
          this.state = "stream";
          continue;
        }
        if (buffer.length < 12 + length) return;
        const whole = Buffer.from(buffer.subarray(0, 12 + length));
        this.pending = buffer.subarray(12 + length);
        if (METADATA.has(type)) {
          const kept = this.#metadata(type, whole.subarray(8, 8 + length));
          if (kept) this.push(kept);
          continue;
        }
        if (type === "IHDR" && length >= 8) {
          this.facts.width = whole.readUInt32BE(8);
          this.facts.height = whole.readUInt32BE(12);
        }
        this.image(whole);
        if (type === "IEND") this.state = "trailer";
      } else if (this.state === "stream") {
        if (buffer.length === 0) return;
        const take = Math.min(this.#left, buffer.length);
        this.image(Buffer.from(buffer.subarray(0, take)));
        this.pending = buffer.subarray(take);
        this.#left -= take;
        if (this.#left === 0) this.state = "chunk";
      } else {
        this.pending = Buffer.alloc(0);
        return;
      }
    }
  }

  /** The chunk to write instead of this metadata chunk, or undefined to drop it. */
  #metadata(type: string, data: Buffer): Buffer | undefined {
    const setting = this.setting;
    const note = (outcome: LocationOutcome) => {
      this.facts.location = mergeOutcomes(this.facts.location, outcome);
    };
    if (type === "eXIf") {
      const tiff = Buffer.from(data);
      try {
        note(editTiffGps(tiff, setting));
      } catch {
        return setting === "exact" ? chunk(type, data) : undefined;
      }
      return chunk(type, tiff);
    }
    const keyword = data.toString("latin1", 0, Math.max(0, data.indexOf(0)));
    if (type !== "eXIf" && RAW_PROFILE.test(keyword)) {
      // ImageMagick's copy of the EXIF or XMP, hex in text: GPS and all, which is not read here.
      note(setting === "exact" ? "kept" : "removed");
      return setting === "exact" ? chunk(type, data) : undefined;
    }
    if (type === "iTXt") {
      const keywordEnd = data.indexOf(0);
      if (keywordEnd < 0 || data.toString("latin1", 0, keywordEnd) !== XMP_KEYWORD) {
        return chunk(type, data);
      }
      const compressed = data[keywordEnd + 1] === 1;
      const languageEnd = data.indexOf(0, keywordEnd + 3);
      const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
      if (translatedEnd < 0) return setting === "exact" ? chunk(type, data) : undefined;
      const head = data.subarray(0, translatedEnd + 1);
      const raw = data.subarray(translatedEnd + 1);
      let text: string;
      try {
        text = (compressed ? inflateSync(raw) : raw).toString("utf8");
      } catch {
        return setting === "exact" ? chunk(type, data) : undefined;
      }
      const { xml, outcome } = editXmpGps(text, setting);
      note(outcome);
      const body = Buffer.from(xml, "utf8");
      return chunk(type, Buffer.concat([head, compressed ? deflateSync(body) : body]));
    }
    return chunk(type, data);
  }
}

/**
 * What the per-format filters (jpeg-filter.ts, png-filter.ts, webp-filter.ts) share: an image
 * passed through as it streams, its parts sorted by the subclass into metadata (which goes
 * through the location setting and stays out of the fingerprint) and the image's own bytes
 * (which go through untouched and into the fingerprint). Bytes not yet sorted wait in
 * `pending`; a file that ends before its image does is damaged. Each filter is a small state
 * machine over its format's parts, from `start` to `trailer` (what follows the image's own end);
 * `Step` names the states between.
 */
import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { DamagedImage, type ImageFacts } from "./image-facts.ts";
import type { LocationSetting } from "./location.ts";

export const EMPTY = Buffer.alloc(0);

export abstract class ImageFilter<Step extends string> extends Transform {
  readonly facts: ImageFacts = { width: 0, height: 0, fingerprint: "", location: "none" };
  protected readonly setting: LocationSetting;
  readonly #hash = createHash("sha1");
  /** What has arrived and is not sorted yet. */
  protected pending: Buffer = EMPTY;
  /** Where in the file the filter is. */
  protected state: "start" | Step | "trailer" = "start";

  constructor(setting: LocationSetting) {
    super();
    this.setting = setting;
  }

  /** Sorts as much of `pending` as can be sorted now. */
  protected abstract consume(): void;

  override _transform(input: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, input]) : input;
    try {
      this.consume();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    // Anything missing before the image's own end is damage.
    if (this.state !== "trailer") {
      done(new DamagedImage("the file ends before its image data does (cut short?)"));
      return;
    }
    this.facts.fingerprint = this.#hash.digest("hex");
    done();
  }

  /** Bytes of the image itself: passed on, and into the fingerprint. */
  protected image(bytes: Buffer): void {
    this.#hash.update(bytes);
    this.push(bytes);
  }
}

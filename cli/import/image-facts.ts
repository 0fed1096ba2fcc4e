// What reading an image's bytes tells the importer, whatever the format.
import type { LocationOutcome } from "./location.ts";

export interface ImageFacts {
  /** The stored pixels' size (before any EXIF orientation), as in Sanity's asset id. */
  width: number;
  height: number;
  /** SHA-1 (hex) of the image data without its metadata: the same photograph, re-exported. */
  fingerprint: string;
  /** What the location setting did to the file's GPS position. */
  location: LocationOutcome;
}

/** The file is not a whole image of its format: cut short, or not that format at all. */
export class DamagedImage extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DamagedImage";
  }
}

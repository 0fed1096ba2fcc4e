/**
 * demo/photos.json, the photo manifest both stages of the demo content read: which original
 * files become the demo's photographs (stage 1, prepare-photos.ts, crops and resizes them), and
 * their texts, photographers, licences and media tags (stage 2, build-dataset.ts); and where
 * the two stages write.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export const DEMO_DIR = path.resolve(import.meta.dirname, "..");
export const MANIFEST_FILE = path.join(DEMO_DIR, "photos.json");
/** Stage 1's output: the web-sized JPEGs, and which file is which photograph. */
export const IMAGES_DIR = path.join(DEMO_DIR, "dataset", "images");
export const IMAGES_FILE = path.join(DEMO_DIR, "dataset", "images.json");
/** The originals of the photographs larger than the public size, under their public copy's name. */
export const ORIGINALS_DIR = path.join(DEMO_DIR, "dataset", "originals");
/** Stage 2's output: the dataset and the credits. */
export const DATASET_FILE = path.join(DEMO_DIR, "dataset", "production.ndjson");
export const CREDITS_FILE = path.join(DEMO_DIR, "CREDITS.md");

export interface Crop {
  shape: "original" | "landscape" | "portrait";
  /** width:height, e.g. "4:5" */
  aspect?: string;
  /** focus point, 0..1 from the left/top; defaults to the centre */
  focusX?: number;
  focusY?: number;
}

export interface Licence {
  name: string;
  url: string;
}

/**
 * Where a demo photograph was made. Its asset stores what `npm run import` stores: the `place`
 * after the owner's rule at `precision` (else the owner's level), with its names, and never the
 * position itself. `placement` is the level set where it is placed (every placement), when it
 * has one.
 */
export interface DemoLocation {
  lat: number;
  lng: number;
  precision?: "exact" | "1km" | "10km" | "region" | "country" | "hidden";
  placement?: "exact" | "1km" | "10km" | "region" | "country" | "hidden";
}

export interface Photo {
  key: string;
  /** The original, relative to the folder of originals. */
  file: string;
  /** The Debian package the original comes from. */
  package?: string;
  crop?: Crop;
  /** "original": every pixel kept (for zooming), not resized to the usual long side. */
  size?: "original";
  title: string;
  alt: string;
  caption: string;
  photographer: string;
  year?: number;
  /** A key of `licences`. */
  licence: string;
  /** Media tag names (of `mediaTags`). */
  tags: string[];
  location?: DemoLocation;
}

export interface Manifest {
  mediaTags: { id: string; name: string }[];
  licences: Record<string, Licence>;
  photos: Photo[];
}

export async function readManifest(file = MANIFEST_FILE): Promise<Manifest> {
  return JSON.parse(await readFile(file, "utf8")) as Manifest;
}

/** Stage 1's `{ key: file name }` of the prepared images. */
export async function readPreparedImages(): Promise<Record<string, string>> {
  return JSON.parse(await readFile(IMAGES_FILE, "utf8")) as Record<string, string>;
}

export function licenceOf(manifest: Manifest, photo: Photo): Licence {
  const licence = manifest.licences[photo.licence];
  if (!licence) throw new Error(`${photo.key}: unknown licence ${photo.licence}`);
  return licence;
}

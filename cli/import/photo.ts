/**
 * One file of a run, from its bytes to its asset in Sanity: what it is, what it says, whether
 * Sanity already has it, and the upload or the update that makes the asset say what the file
 * says. Never throws: whatever goes wrong with one file is its result, and the run goes on.
 *
 * Matching: a photograph is the asset whose `source` records the fingerprint of its image data
 * (set at upload; see jpeg-filter.ts), or the asset with the id the upload would get (the same
 * bytes uploaded some other way, such as through the Studio). So a second run uploads nothing,
 * and a caption changed in Lightroom and exported again updates the asset's texts instead of
 * making a second asset.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import type { SanityClient } from "@sanity/client";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS } from "../../demo/server/asset-limits.ts";
import { tooLargeToTransform, transformable } from "../../shared/image-service-limits.ts";
import { type LocationRule, PRECISION_LABELS } from "../../shared/location.ts";
import { type StoredPlace, storedPlace } from "../../shared/places.ts";
import type { SiteClient } from "../gallery/site-client.ts";
import type { FileEntry } from "../lib/files.ts";
import { formatBytes } from "../lib/format.ts";
import type { Progress } from "../lib/progress.ts";
import { DamagedImage } from "./image-facts.ts";
import {
  assetIdOf,
  filtered,
  type ImportedFormat,
  type ScannedImage,
  scanImage,
  sniff,
  uploadStream,
} from "./image-file.ts";
import type { LocationOutcome } from "./location.ts";
import {
  creditLine,
  type PhotoMetadata,
  readPhotoMetadata,
  UnreadableMetadata,
} from "./metadata.ts";
import type { ImportOptions } from "./options.ts";
import {
  ASSET_FILE,
  type AssetFile,
  copyOf,
  fitsPublicSize,
  publicize,
  putOriginal,
} from "./originals.ts";
import { type TagBook, type TagReference, tagCreations, tagReference } from "./tags.ts";

/** The asset's `source.name`: this importer. Its `source.id` is the image data's fingerprint. */
export const SOURCE_NAME = "portfolio-import";

/** What a photograph needs to be placed in a gallery. */
export interface Photo {
  file: FileEntry;
  assetId: string;
  /** The gallery item's key: from the fingerprint, so it (and the photo page's address) lasts. */
  key: string;
  alt: string | undefined;
  caption: string | undefined;
  capturedAt: string | undefined;
}

export type FileResult =
  | {
      status: "imported" | "updated" | "unchanged";
      file: FileEntry;
      photo: Photo;
      /** What changed (or, in a dry run, would). */
      changes: string[];
      notes: string[];
    }
  | {
      status: "skipped";
      file: FileEntry;
      reason: string;
      /** Counts as a failure (exit status 1): a photograph that should have gone in did not. */
      failure: boolean;
    }
  | { status: "failed"; file: FileEntry; reason: string };

/** Documents a run changed, for the demo's webhook (real Sanity sends its own). */
export type ChangedDocuments = Map<
  string,
  { _id: string; _type: string; slug?: { current: string }; operation: "create" | "update" }
>;

export interface PhotoContext {
  client: SanityClient;
  options: ImportOptions;
  /** The owner's location level and zones (run.ts). */
  rule: LocationRule;
  tags: TagBook;
  progress: Progress;
  /** Fingerprints of this run's files so far: the same photograph twice is imported once. */
  seen: Map<string, string>;
  changed: ChangedDocuments;
  /** The owner's public size (shared/public-size.ts): Sanity gets nothing larger. */
  publicSize: number;
  /** The site whose private bucket takes larger originals; none named: they cannot go in. */
  site: SiteClient | undefined;
}

interface ExistingAsset extends AssetFile {
  _rev: string;
  tags?: TagReference[] | null;
  /** Whether Sanity holds the file's exact position (`metadata.location`, an earlier run's). */
  positioned?: boolean;
}

/** The site for an original, or the reason the file cannot go in without one. */
function siteFor(context: PhotoContext): SiteClient {
  if (context.site) return context.site;
  throw new Error(
    `larger than the public size (${context.publicSize} px): its original goes to your site's private bucket; name the site with --remote https://… (or SITE_URL in .dev.vars)`,
  );
}

/**
 * What the rule makes of a file's position: the place to store (none when hidden, inside a
 * zone, or when the file has no position) and the report's note. The file itself never keeps
 * it, whatever the level: Sanity serves the original to anyone, and an asset is public.
 */
async function locate(
  gps: PhotoMetadata["gps"],
  rule: LocationRule,
): Promise<{ place: StoredPlace | null; note: string | undefined }> {
  if (!gps) return { place: null, note: undefined };
  const place = await storedPlace({ lat: gps.latitude, lng: gps.longitude }, rule);
  if (!place) {
    const why = rule.precision === "hidden" ? "location hidden" : "inside a never-show zone";
    return { place: null, note: `GPS position removed (${why})` };
  }
  const { precision, names } = place;
  const name = precision === "exact" ? names["1km"] : names[precision];
  const level = PRECISION_LABELS[precision].toLowerCase();
  return {
    place,
    note: `GPS position stored at ${level}${name ? `: ${name}` : ""}, removed from the file`,
  };
}

const TEXT_FIELDS = [
  ["title", "title"],
  ["description", "caption"],
  ["altText", "alt text"],
  ["creditLine", "credit line"],
] as const;
type TextField = (typeof TEXT_FIELDS)[number][0];

/** For a position the file holds but could not be read as one (XMP alone, say). */
const LOCATION_NOTES: Record<LocationOutcome, string | undefined> = {
  none: undefined,
  removed: "GPS position removed",
  coarsened: "GPS position removed",
  kept: "GPS position kept (exact)",
};

const ASSET_FIELDS = `{_rev, ${ASSET_FILE}, "positioned": defined(metadata.location)}`;

/** The asset of this photograph, if Sanity has it: matched by fingerprint, else by id. */
async function findAsset(
  client: SanityClient,
  assetId: string,
  fingerprint: string,
): Promise<ExistingAsset | undefined> {
  const found = await client.fetch<(ExistingAsset & { byFingerprint: boolean })[]>(
    `*[_type == "sanity.imageAsset" && (_id == $assetId || (source.name == $sourceName && source.id == $fingerprint))]
      {..., "byFingerprint": source.id == $fingerprint} | order(byFingerprint desc)[0...1]${ASSET_FIELDS}`,
    { assetId, sourceName: SOURCE_NAME, fingerprint },
  );
  return found[0];
}

/** The patch that makes the asset say what the file says: texts the file has, tags it lacks. */
function assetChanges(
  existing: ExistingAsset,
  desired: Record<TextField, string | undefined>,
  tags: readonly string[],
  place: StoredPlace | null,
  original: { width: number; height: number } | undefined,
): { set: Record<string, unknown>; unset: string[]; changes: string[]; notes: string[] } {
  const set: Record<string, unknown> = {};
  // A public copy names its original's size (what prints and licences are sold from).
  if (original && JSON.stringify(existing.original ?? null) !== JSON.stringify(original)) {
    set.original = original;
  }
  const unset: string[] = [];
  const changes: string[] = [];
  const notes: string[] = [];
  // The place follows the owner's rule as it is now: a coarser level or a new zone takes back
  // what an earlier run stored.
  if (place && JSON.stringify(existing.place ?? null) !== JSON.stringify(place)) {
    set.place = place;
    changes.push(existing.place ? "place changed" : "place added");
  } else if (!place && existing.place) {
    unset.push("place");
    changes.push("place removed");
  }
  // What an earlier run at the exact level had Sanity store: the place holds what may be said.
  if (existing.positioned) {
    unset.push("metadata.location");
    changes.push("exact position removed from Sanity");
  }
  for (const [field, label] of TEXT_FIELDS) {
    const value = desired[field];
    const current = existing[field];
    if (value === undefined || current === value) continue;
    if (typeof current === "object" && current !== null) {
      // The media plugin's per-language texts: the owner's to edit in the Studio.
      notes.push(`${label} is kept per language in the Studio: left as it is`);
      continue;
    }
    set[field] = value;
    changes.push(current === undefined || current === null ? `${label} added` : `${label} changed`);
  }
  const current = existing.tags ?? [];
  const missing = tags.filter((id) => !current.some((ref) => ref?._ref === id));
  if (missing.length > 0) {
    set["opt.media.tags"] = [...current, ...missing.map(tagReference)];
    changes.push(`${missing.length} tag${missing.length === 1 ? "" : "s"} added`);
  }
  return { set, unset, changes, notes };
}

const isConflict = (error: unknown) => (error as { statusCode?: number })?.statusCode === 409;

function skipped(file: FileEntry, reason: string, failure: boolean): FileResult {
  return { status: "skipped", file, reason, failure };
}

/**
 * Uploads the photograph: as it is (its location setting applied) when it fits the public size,
 * else its public copy, after its original has gone to the site's private bucket under the
 * copy's id (originals.ts), so no copy is public without its original kept.
 */
async function upload(
  context: PhotoContext,
  file: FileEntry,
  format: ImportedFormat,
  scan: ScannedImage,
  desired: Record<TextField, string | undefined>,
): Promise<ExistingAsset> {
  const { client, progress, publicSize } = context;
  let body: Buffer | NodeJS.ReadableStream;
  let facts: { fingerprint: string };
  let expected = assetIdOf(scan, format);
  if (fitsPublicSize(scan, publicSize)) {
    ({ stream: body, facts } = uploadStream(file.path, format, "off", (count) =>
      progress.addBytes(count),
    ));
  } else {
    const site = siteFor(context);
    const original = await filtered(createReadStream(file.path), format, "off");
    progress.addBytes(file.size);
    const copy = await copyOf(original.bytes, format, publicSize);
    await putOriginal(site, copy.assetId, async () => original.bytes, format);
    ({ data: body, assetId: expected } = copy);
    facts = original.facts;
  }
  const document = await client.assets.upload("image", body, {
    filename: path.basename(file.path),
    contentType: format === "jpeg" ? "image/jpeg" : "image/png",
    ...(desired.title ? { title: desired.title } : {}),
    ...(desired.description ? { description: desired.description } : {}),
    ...(desired.creditLine ? { creditLine: desired.creditLine } : {}),
    source: { id: scan.fingerprint, name: SOURCE_NAME },
    // What the Studio's image fields ask for (studio/schema/fields/photo.ts): never the
    // location, which the file no longer holds anyway; the place is stored instead.
    extract: ["lqip", "palette", "exif", "image"],
  });
  if (facts.fingerprint !== scan.fingerprint || document._id !== expected) {
    throw new Error("the file changed while it was being read: run the import again");
  }
  const dimensions = (document.metadata as { dimensions?: { width: number; height: number } })
    ?.dimensions;
  return {
    _id: document._id,
    _rev: document._rev,
    url: document.url,
    width: dimensions?.width ?? 0,
    height: dimensions?.height ?? 0,
    title: document.title,
    description: document.description,
    altText: (document as { altText?: unknown }).altText,
    creditLine: (document as { creditLine?: unknown }).creditLine,
    tags: (document as { opt?: { media?: { tags?: TagReference[] } } }).opt?.media?.tags ?? null,
  };
}

export async function importFile(context: PhotoContext, file: FileEntry): Promise<FileResult> {
  const { client, options, progress } = context;
  let counted = false;
  const countFile = () => {
    if (!counted) progress.addBytes(file.size);
    counted = true;
  };
  try {
    const kind = await sniff(file.path);
    if (kind.kind === "not-image") return skipped(file, "not an image", file.named);
    if (kind.kind === "other-image") {
      return skipped(
        file,
        `${kind.name}: the importer takes JPEG and PNG (export those from Lightroom)`,
        true,
      );
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      return skipped(
        file,
        `too large for Sanity: ${formatBytes(file.size)} (at most ${formatBytes(MAX_UPLOAD_BYTES)})`,
        true,
      );
    }
    let metadata: PhotoMetadata;
    try {
      metadata = await readPhotoMetadata(file.path);
    } catch (error) {
      if (error instanceof UnreadableMetadata) {
        return skipped(file, `unreadable metadata (${error.message})`, true);
      }
      throw error;
    }
    if (options.minRating !== undefined && (metadata.rating ?? 0) < options.minRating) {
      return skipped(
        file,
        `rated ${metadata.rating ?? 0}, below --min-rating ${options.minRating}`,
        false,
      );
    }
    const location = await locate(metadata.gps, context.rule);
    let scan: ScannedImage;
    try {
      scan = await scanImage(file.path, kind.format, "off");
    } catch (error) {
      if (error instanceof DamagedImage) return skipped(file, `damaged: ${error.message}`, true);
      throw error;
    }
    if (scan.width * scan.height > MAX_UPLOAD_PIXELS) {
      const megapixels = Math.round((scan.width * scan.height) / 1e6);
      return skipped(
        file,
        `too large for Sanity: ${scan.width} × ${scan.height} px (${megapixels} megapixels, at most ${MAX_UPLOAD_PIXELS / 1e6})`,
        true,
      );
    }
    // Its original would go to the site's bucket, whose zoom and print files the Images binding
    // makes: past what that takes, every one would fail once the photograph is up.
    if (!fitsPublicSize(scan, context.publicSize) && !transformable(scan)) {
      return skipped(file, tooLargeToTransform(scan), true);
    }
    const twin = context.seen.get(scan.fingerprint);
    if (twin) return skipped(file, `the same photograph as ${twin}`, false);
    context.seen.set(scan.fingerprint, file.name);

    const desired: Record<TextField, string | undefined> = {
      title: metadata.title,
      description: metadata.caption,
      altText: metadata.altText,
      creditLine: creditLine(metadata),
    };
    const tags = context.tags.resolve(metadata.keywords);
    const notes = [
      ...(metadata.altText ? [] : ["no alt text in the file (IPTC Alt Text): none is made up"]),
      ...(location.note
        ? [location.note]
        : LOCATION_NOTES[scan.location]
          ? [LOCATION_NOTES[scan.location] as string]
          : []),
    ];
    const assetId = assetIdOf(scan, kind.format);
    const photo: Photo = {
      file,
      assetId,
      key: scan.fingerprint.slice(0, 12),
      alt: metadata.altText,
      caption: metadata.caption,
      capturedAt: metadata.capturedAt,
    };

    const { publicSize } = context;
    const large = !fitsPublicSize(scan, publicSize);
    const copied = `a copy of ${publicSize} px, the original (${formatBytes(scan.size)}) to the site`;
    let replaced = false;
    for (let attempt = 1; ; attempt++) {
      let asset = await findAsset(client, assetId, scan.fingerprint);
      // Uploaded whole before (by an earlier run, in the Studio) or under a larger public size:
      // its public copy takes its place, then it is found again as the copy.
      if (asset && !fitsPublicSize(asset, publicSize)) {
        const change = `replaced by ${copied}`;
        if (options.dryRun) return { status: "updated", file, photo, changes: [change], notes };
        const source = { name: SOURCE_NAME, id: scan.fingerprint };
        const { documents } = await publicize(client, siteFor(context), publicSize, asset, source);
        for (const doc of documents) context.changed.set(doc._id, { ...doc, operation: "update" });
        replaced = true;
        continue;
      }
      const imported = !asset;
      if (!asset && options.dryRun) {
        const change = large ? `upload ${copied}` : `upload ${formatBytes(scan.size)}`;
        return { status: "imported", file, photo, changes: [change], notes };
      }
      asset ??= await upload(context, file, kind.format, scan, desired);
      counted = true;
      photo.assetId = asset._id;
      // A copy whose original a stopped run did not send: sent now.
      const sent =
        large && !imported && !options.dryRun
          ? await putOriginal(
              siteFor(context),
              asset._id,
              async () => (await filtered(createReadStream(file.path), kind.format, "off")).bytes,
              kind.format,
            )
          : undefined;
      const patch = assetChanges(
        asset,
        desired,
        tags.map((tag) => tag.id),
        location.place,
        large ? { width: scan.width, height: scan.height } : undefined,
      );
      const changes = [
        ...(imported ? [large ? `uploaded ${copied}` : `uploaded ${formatBytes(scan.size)}`] : []),
        ...(replaced ? [`replaced by ${copied}`] : []),
        ...(sent === "stored" ? ["original sent to the site"] : []),
        ...patch.changes,
      ];
      const patching = Object.keys(patch.set).length > 0 || patch.unset.length > 0;
      if (patching && !options.dryRun) {
        try {
          await client.mutate(
            [
              ...tagCreations(tags),
              {
                patch: {
                  id: asset._id,
                  ifRevisionID: asset._rev,
                  ...(Object.keys(patch.set).length > 0 ? { set: patch.set } : {}),
                  ...(patch.unset.length > 0 ? { unset: patch.unset } : {}),
                },
              },
            ],
            { visibility: "sync", returnDocuments: false },
          );
        } catch (error) {
          // Someone edited the asset meanwhile (the Studio, another run): read it again.
          if (isConflict(error) && attempt < 3) continue;
          throw error;
        }
        for (const tag of tags.filter((t) => t.created)) {
          context.changed.set(tag.id, { _id: tag.id, _type: "media.tag", operation: "create" });
        }
      }
      if (imported || patching) {
        context.changed.set(asset._id, {
          _id: asset._id,
          _type: "sanity.imageAsset",
          operation: imported ? "create" : "update",
        });
      }
      const status = imported ? "imported" : changes.length > 0 ? "updated" : "unchanged";
      return { status, file, photo, changes, notes: [...notes, ...patch.notes] };
    }
  } catch (error) {
    return { status: "failed", file, reason: describeError(error) };
  } finally {
    countFile();
  }
}

/** A one-line reason, never a stack trace (and never the token, which no message holds). */
export function describeError(error: unknown): string {
  const { message, statusCode } = (error ?? {}) as { message?: string; statusCode?: number };
  const text = (message ?? String(error)).split("\n")[0]?.trim() ?? "";
  return statusCode ? `Sanity answered ${statusCode}: ${text}` : text;
}

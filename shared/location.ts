/**
 * The location rule: how precisely the site may say where a photograph was made. The importer
 * (`npm run import`, before anything leaves the owner's machine) applies it and stores only what
 * it gives (shared/places.ts), as the dataset is public; the worker shows those stored places,
 * coarser still where a placement asks (`coarser`, `snap`), and never reads the rule.
 *
 * - **Levels**: `exact`, `1km`, `10km`, `region`, `country`, `hidden`. The owner sets a site
 *   default in the Studio and may override it per photograph.
 * - **Never-show zones**: a centre and a radius (home, a client's house). A photograph inside
 *   one has no location at all, whatever its level.
 * - **Coarse means snapped**: a point is moved to the centre of its cell in a fixed grid, never
 *   rounded in place, so photographs from one spot all land on the same point and cannot be
 *   averaged back to the spot. Cells are about as wide as they are tall (their width in degrees
 *   of longitude grows towards the poles), and snapping a cell's centre gives the same centre:
 *   the rule can be applied again to what it gave without moving anything.
 */

/**
 * The owner's settings live in one document at this id: a path (it has a "."), which a public
 * dataset shows only to requests with a token, since the zones are often the owner's home.
 */
export const LOCATION_SETTINGS_ID = "settings.location";

export const PRECISIONS = ["exact", "1km", "10km", "region", "country", "hidden"] as const;
export type Precision = (typeof PRECISIONS)[number];

/** A point in degrees (WGS 84), as Sanity's geopoint holds it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A never-show zone: everything within `radius` metres of its centre is hidden. */
export interface Zone extends LatLng {
  radius: number;
}

/** What the owner decided for the whole site. */
export interface LocationRule {
  /** The site's default level. */
  precision: Precision;
  zones: readonly Zone[];
}

/** A located photograph as the site may show it: the point after the rule, and its level. */
export interface PublicLocation extends LatLng {
  precision: Exclude<Precision, "hidden">;
}

/** The height of a cell, in degrees of latitude, at each coarse level. */
export const CELL_DEGREES = {
  "1km": 0.01,
  "10km": 0.1,
  region: 1,
  country: 5,
} as const satisfies Record<Exclude<Precision, "exact" | "hidden">, number>;

/** What each level is called where the owner chooses it. */
export const PRECISION_LABELS: Record<Precision, string> = {
  exact: "Exact position",
  "1km": "About 1 km",
  "10km": "About 10 km (a town)",
  region: "Region (about 100 km)",
  country: "Country (about 500 km)",
  hidden: "Hidden",
};

export const isPrecision = (value: unknown): value is Precision =>
  typeof value === "string" && (PRECISIONS as readonly string[]).includes(value);

/** How coarse each level is: a higher rank says less. */
export const precisionRank = (precision: Precision): number => PRECISIONS.indexOf(precision);

/** The coarser of two levels (a photograph placed twice shows the less precise). */
export const coarser = (a: Precision, b: Precision): Precision =>
  precisionRank(a) >= precisionRank(b) ? a : b;

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const isValidPoint = (point: unknown): point is LatLng =>
  typeof point === "object" &&
  point !== null &&
  Number.isFinite((point as LatLng).lat) &&
  Number.isFinite((point as LatLng).lng) &&
  Math.abs((point as LatLng).lat) <= 90 &&
  Math.abs((point as LatLng).lng) <= 180;

export const inZone = (point: LatLng, zones: readonly Zone[]): boolean =>
  zones.some((zone) => distanceMetres(point, zone) <= zone.radius);

/** Six decimals (about 10 cm): what float arithmetic adds beyond that is noise. */
const tidy = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** The cell of the grid `step` degrees tall that holds `point`: its centre and its size. */
export function gridCell(point: LatLng, step: number): { centre: LatLng; width: number } {
  const rows = Math.round(180 / step);
  const row = Math.min(rows - 1, Math.max(0, Math.floor((point.lat + 90) / step)));
  const lat = -90 + (row + 0.5) * step;
  // As wide as tall on the ground at the row's middle; one cell round the world at the poles.
  const width = Math.min(360, step / Math.max(Math.cos(radians(lat)), step / 360));
  const columns = Math.ceil(360 / width - 1e-9);
  const column = Math.min(columns - 1, Math.max(0, Math.floor((point.lng + 180) / width)));
  const west = -180 + column * width;
  const east = Math.min(180, west + width);
  return { centre: { lat: tidy(lat), lng: tidy((west + east) / 2) }, width };
}

/** `point` snapped to the centre of its cell at `precision`; `exact` leaves it as it is. */
export function snap(point: LatLng, precision: Exclude<Precision, "hidden">): LatLng {
  if (precision === "exact") return { lat: point.lat, lng: point.lng };
  return gridCell(point, CELL_DEGREES[precision]).centre;
}

/**
 * The rule: where the site may say a photograph at `point` was made, or null (no position, a
 * hidden level, inside a zone). `override` is the photograph's own level, when it has one.
 */
export function publicLocation(
  point: unknown,
  rule: LocationRule,
  override?: Precision | null,
): PublicLocation | null {
  if (!isValidPoint(point)) return null;
  const precision = override ?? rule.precision;
  if (precision === "hidden" || inZone(point, rule.zones)) return null;
  return { ...snap(point, precision), precision };
}

/** Without any setting of the owner's: nothing is shown. */
export const HIDE_EVERYTHING: LocationRule = { precision: "hidden", zones: [] };

/** The owner's settings as stored (anything malformed counts as the safest reading). */
export function parseLocationRule(value: unknown): LocationRule {
  if (typeof value !== "object" || value === null) return HIDE_EVERYTHING;
  const { precision, zones } = value as { precision?: unknown; zones?: unknown };
  const parsedZones: Zone[] = [];
  for (const zone of Array.isArray(zones) ? zones : []) {
    const centre = (zone as { centre?: unknown })?.centre;
    const radius = Number((zone as { radius?: unknown })?.radius);
    // A zone that cannot be read hides everything: better no map than the owner's home on it.
    if (!isValidPoint(centre) || !(radius > 0)) return HIDE_EVERYTHING;
    parsedZones.push({ lat: centre.lat, lng: centre.lng, radius });
  }
  return { precision: isPrecision(precision) ? precision : "hidden", zones: parsedZones };
}

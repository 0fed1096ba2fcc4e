// The attacker's matrix: the demo has a photograph at every location level (exact, about 1 km,
// about 10 km, region, country), one hidden by its level and one inside a never-show zone
// (demo/photos.json, demo/content.ts). An attacker reads every answer of the site (every page a
// link leads to from the home page, the map and its data, JSON-LD, the sitemaps, the feed,
// search, the photo pages the viewer fetches), the image files the pages name and the dataset
// itself, queried without a token as anyone may query a public Sanity dataset; no answer may
// carry a coordinate finer than the photograph's level, and none at all for the hidden ones.
import { env } from "cloudflare:workers";
import exifr from "exifr";
import { beforeAll, describe, expect, it } from "vitest";
import preparedImages from "../../demo/dataset/images.json";
import demoContent from "../../demo/photos.json";
import { type LatLng, type Precision, snap } from "../../shared/location.ts";
import { request } from "./harness.ts";

interface Located extends LatLng {
  key: string;
  /** What the site may show: a level, or hidden (its own level, or a zone). */
  shown: Precision;
}

// The level each demo photograph may be shown at: the coarser of how it was imported (else the
// owner's 10 km) and its placement's level, and none inside the zone around the home.
const SHOWN: Record<string, Precision> = {
  "autumn-below-aitzgorri": "1km",
  "picos-de-europa": "10km",
  "summit-sunset": "region",
  "forest-creek": "country",
  "dune-grass": "10km",
  "under-the-bridge-cables": "exact",
  nuthatch: "hidden",
  "storm-front": "hidden",
};

const located: Located[] = demoContent.photos.flatMap((photo) => {
  const where = (photo as { location?: LatLng }).location;
  return where
    ? [{ key: photo.key, lat: where.lat, lng: where.lng, shown: SHOWN[photo.key] ?? "hidden" }]
    : [];
});

/** The point the site may say for a photograph: the rule's, at its level; none when hidden. */
const pointOf = (photo: Located): LatLng[] =>
  photo.shown === "hidden" ? [] : [snap(photo, photo.shown)];
const allowed = located.flatMap(pointOf);

/** A photograph's prepared file (`{sha1}-{width}x{height}.jpg`) and its SHA-1, its asset's. */
const fileOf = (photo: Located) => (preparedImages as Record<string, string>)[photo.key] ?? "?";
const sha1Of = (photo: Located) => fileOf(photo).split("-")[0] ?? "?";

const NUMBER_PAIR = /(-?\d{1,3}\.\d+)[^\d.-]{1,24}?(-?\d{1,3}\.\d+)/g;

/** Pairs of numbers next to each other in a text, in both orders (GeoJSON puts lng first). */
function pairs(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = 0; at < text.length; ) {
    NUMBER_PAIR.lastIndex = at;
    const match = NUMBER_PAIR.exec(text);
    if (!match) break;
    const a = Number(match[1]);
    const b = Number(match[2]);
    found.push([a, b], [b, a]);
    // Overlapping: the second number of one pair is the first of the next.
    at = match.index + (match[1]?.length ?? 1);
  }
  return found;
}

/** What in `text` says more about a photograph's position than its level lets through. */
function leaks(text: string, points: readonly LatLng[] = allowed): string[] {
  const isAllowed = ([lat, lng]: [number, number]) =>
    points.some((point) => Math.abs(point.lat - lat) < 1e-6 && Math.abs(point.lng - lng) < 1e-6);
  const found: string[] = [];
  for (const photo of located) {
    // The position's own digits, anywhere (unless it may be shown exactly).
    if (photo.shown !== "exact") {
      for (const value of [photo.lat, photo.lng]) {
        if (text.includes(String(value))) found.push(`${photo.key}: ${value}`);
      }
    }
    // Any coordinate pair within 6° of it that is not a point the rule gives (icons' drawings
    // are numbers, not places).
    for (const pair of pairs(text.replace(/<svg[\s\S]*?<\/svg>/g, ""))) {
      const [lat, lng] = pair;
      if (Math.abs(lat - photo.lat) > 6 || Math.abs(lng - photo.lng) > 6) continue;
      if (!isAllowed(pair)) found.push(`${photo.key}: ${lat}, ${lng}`);
    }
  }
  return found;
}

/** Whether image bytes carry a GPS position: EXIF's GPS directory, or XMP's exif:GPS… */
function hasGps(bytes: Uint8Array): boolean {
  const latin1 = new TextDecoder("latin1").decode(bytes);
  if (/GPSLatitude|GPSLongitude/.test(latin1)) return true;
  for (let at = latin1.indexOf("Exif\0\0"); at >= 0; at = latin1.indexOf("Exif\0\0", at + 1)) {
    const tiff = at + 6;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const little = latin1.slice(tiff, tiff + 2) === "II";
    if (!little && latin1.slice(tiff, tiff + 2) !== "MM") continue;
    const ifd = tiff + view.getUint32(tiff + 4, little);
    if (ifd + 2 > bytes.length) continue;
    const count = view.getUint16(ifd, little);
    for (let i = 0; i < count && ifd + 2 + i * 12 + 12 <= bytes.length; i++) {
      if (view.getUint16(ifd + 2 + i * 12, little) === 0x8825) {
        const gps = tiff + view.getUint32(ifd + 2 + i * 12 + 8, little);
        if (gps + 2 <= bytes.length && view.getUint16(gps, little) > 0) return true;
      }
    }
  }
  return false;
}

/** Same-origin paths a page links to or names (links, the sitemap's and the feed's addresses). */
function addresses(text: string): string[] {
  const found = new Set<string>();
  for (const [, href] of text.matchAll(/(?:href|src|data-[a-z-]+)="(\/[^"#]*)/g))
    found.add(href ?? "");
  for (const [, url] of text.matchAll(/<loc>http:\/\/localhost(\/[^<]*)<\/loc>/g))
    found.add(url ?? "");
  for (const [, url] of text.matchAll(/<link>http:\/\/localhost(\/[^<]*)<\/link>/g))
    found.add(url ?? "");
  return [...found].map((path) => path.replaceAll("&amp;", "&"));
}

/** Addresses an attacker need not read: the app's endpoints, client galleries, static files. */
const skipped = (path: string) =>
  /^\/(?:_app|g|assets)\//.test(path) ||
  /\.(?:js|css|ico|png|svg|webmanifest|woff2?)$/.test(path) ||
  // One contact form per photograph: the same page with another photograph named.
  path.startsWith("/contact?");

const answers = new Map<string, string>();
const images = new Set<string>();

beforeAll(async () => {
  const queue = [
    "/",
    "/photos",
    "/tags",
    "/sitemap.xml",
    "/rss.xml",
    "/map",
    "/search?q=mountain",
    "/search?q=storm",
    "/search?q=nuthatch",
    "/search?q=bridge",
  ];
  while (queue.length > 0 && answers.size < 400) {
    const path = queue.shift() as string;
    if (answers.has(path) || skipped(path)) continue;
    const res = await request(path);
    answers.set(path, `${res.status} ${[...res.headers].join("\n")}\n${res.body}`);
    if (res.status !== 200) continue;
    for (const next of addresses(res.body)) if (!answers.has(next)) queue.push(next);
    // The photographs a page shows or shares, and the original the viewer's zoom asks for.
    for (const [, url] of res.body.matchAll(
      /(?:content|src|data-zoom-src)="(http:\/\/127\.0\.0\.1:[^"]+)"/g,
    )) {
      images.add((url ?? "").replaceAll("&amp;", "&"));
    }
    for (const [, srcset] of res.body.matchAll(/srcSet="([^"]+)"/gi)) {
      const last = (srcset ?? "").split(",").at(-1)?.trim().split(" ")[0];
      if (last?.startsWith("http://127.0.0.1:")) images.add(last.replaceAll("&amp;", "&"));
    }
  }
}, 120_000);

describe("the attacker's matrix", () => {
  it("covers a photograph at every level, one hidden by its level and one inside a zone", () => {
    expect(new Set(located.map((photo) => photo.shown))).toEqual(
      new Set(["exact", "1km", "10km", "region", "country", "hidden"]),
    );
    expect(located.map((photo) => photo.key)).toContain("storm-front");
    // The crawl reached the photo pages of each located photograph, the feeds and the sitemap.
    expect(answers.size).toBeGreaterThan(40);
    for (const path of ["/sitemap.xml", "/rss.xml", "/photos", "/tags"]) {
      expect(answers.get(path)).toMatch(/^200 /);
    }
  });

  it("finds no coordinate finer than its photograph's level in any answer", () => {
    const found = [...answers].flatMap(([path, text]) =>
      leaks(text).map((leak) => `${path}: ${leak}`),
    );
    expect(found).toEqual([]);
  });

  it("serves no image file that carries a position", async () => {
    // The located photographs' files: their largest renditions, shared cards and originals, and
    // each original as the image CDN serves it to anyone with its address, read by exifr too.
    const files = located.map(sha1Of);
    const theirs = [...images].filter((url) => files.some((sha1) => url.includes(sha1)));
    expect(theirs.length).toBeGreaterThanOrEqual(located.length);
    const originals = located.map(
      (photo) => `${env.SANITY_API_HOST}/images/demo/production/${fileOf(photo)}`,
    );
    const carrying: string[] = [];
    for (const url of [...originals, ...theirs.slice(0, 80)]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const read = originals.includes(url) ? await exifr.gps(bytes) : undefined;
      if (hasGps(bytes) || read) carrying.push(url);
    }
    expect(carrying).toEqual([]);
  }, 120_000);

  it("finds no position in the dataset itself, queried without a token", async () => {
    // A Sanity dataset is public: anyone who knows the project may query every asset (its id is
    // on its photo page). Each located photograph's asset, whole, holds no more than its level.
    const url = new URL(`${env.SANITY_API_HOST}/v2025-02-19/data/query/production`);
    url.searchParams.set("query", `*[_type == "sanity.imageAsset" && sha1hash in $files]`);
    url.searchParams.set("$files", JSON.stringify(located.map(sha1Of)));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const assets = ((await res.json()) as { result: { sha1hash: string }[] }).result;
    expect(assets).toHaveLength(located.length);
    const found = located.flatMap((photo) => {
      const text = JSON.stringify(assets.find((asset) => asset.sha1hash === sha1Of(photo)));
      const gps = /"GPS\w*":/.test(text) ? [`${photo.key}: EXIF GPS`] : [];
      return [...leaks(text, pointOf(photo)), ...gps];
    });
    expect(found).toEqual([]);
    // And every public document: nothing else carries a position either.
    const all = new URL(url);
    all.searchParams.set("query", "*");
    all.searchParams.delete("$files");
    expect(leaks(await (await fetch(all)).text())).toEqual([]);
  });

  it("would catch a leak: the exact digits, a nearby pair, a file with GPS", () => {
    const storm = located.find((photo) => photo.key === "storm-front") as Located;
    expect(leaks(`"lat":${storm.lat},"lng":${storm.lng}`).length).toBeGreaterThan(0);
    expect(
      leaks(`[${(storm.lng + 0.01).toFixed(3)}, ${(storm.lat + 0.01).toFixed(3)}]`),
    ).not.toEqual([]);
    const bridge = located.find((photo) => photo.key === "under-the-bridge-cables") as Located;
    expect(leaks(`${bridge.lat}, ${bridge.lng}`)).toEqual([]);
    const summit = located.find((photo) => photo.key === "summit-sunset") as Located;
    const cell = snap(summit, "region");
    expect(leaks(`${cell.lat}, ${cell.lng}`)).toEqual([]);
    expect(leaks(`${snap(summit, "10km").lat}, ${snap(summit, "10km").lng}`)).not.toEqual([]);
    const xmp = new TextEncoder().encode('<x exif:GPSLatitude="43,19.4N"/>');
    expect(hasGps(xmp)).toBe(true);
  });
});

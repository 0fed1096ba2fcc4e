import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SIZE } from "../../shared/public-size.ts";
import { contentSettings, loadConfig } from "../config/config.ts";
import { configure } from "../config/middleware.ts";
import { buildCollection } from "../content/collection.ts";
import type { ContentSource } from "../content/content-source.ts";
import { imageUrls } from "../content/image-urls.ts";
import type { IndexedImage } from "../content/model.ts";
import { handleError } from "../render/error-page.tsx";
import type { AppEnv } from "../request/app-env.ts";
import { groupHandler, PHOTOS_PER_SLICE, photosHandler } from "./collections.tsx";

// The collection pages alone, on a content source that answers a collection of its own: 50
// photographs, with lenses and cameras the demo's photographs do not have.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";

const image = (i: number): IndexedImage => ({
  _key: `g${i}`,
  alt: `Photograph ${i}`,
  crop: null,
  hotspot: null,
  asset: {
    _id: `image-${String(i).padStart(40, "0")}-300x200-jpg`,
    url: "https://cdn.sanity.io/x.jpg",
    width: 300,
    height: 200,
    color: "#123456",
    altText: null,
    lqip: null,
    title: null,
    creditLine: null,
    lens: i % 2 ? "XF16-55mmF2.8 R LM WR" : "OLYMPUS M.12-40mm F2.8 ",
    make: "FUJIFILM",
    model: "X-T4",
    takenAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
  },
});

const photos = buildCollection(
  [
    {
      _type: "page",
      slug: "many",
      date: "2026-01-01T00:00:00Z",
      cover: null,
      images: [],
      galleries: Array.from({ length: 50 }, (_, i) => image(i + 1)),
      limits: [],
    },
  ],
  "Slideshow Image",
);

function fakeSource(): ContentSource {
  const config = contentSettings(loadConfig(env));
  return {
    config,
    images: imageUrls(config),
    photos: async () => ({ photos, nextScheduled: null }),
    backgroundImages: async () => [],
    freshUntil: () => 0,
    provenance: () => ({ tags: ["photos"], validUntil: Number.POSITIVE_INFINITY, degraded: false }),
  } as unknown as ContentSource;
}

/** The collection routes alone, reading the fake source and the vars' site settings. */
function collectionApp() {
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(requestId());
  app.use(async (c, next) => {
    c.set("source", fakeSource());
    const { language } = c.var.config.site;
    c.set("site", {
      ...c.var.config.site,
      baseLanguage: language,
      languages: [language],
      navigation: [],
      intro: null,
      socialImage: null,
      lang: {},
      publicSize: DEFAULT_PUBLIC_SIZE,
      zoom: "public",
      names: {},
      timeZone: "UTC",
    });
    await next();
  });
  app.get("/photos", photosHandler);
  app.get("/photos/page/:page", photosHandler);
  app.get("/lens/:slug", groupHandler("lens"));
  app.get("/lens/:slug/page/:page", groupHandler("lens"));
  app.get("/camera/:slug", groupHandler("camera"));
  app.onError(handleError);
  return app;
}

const get = (path: string) =>
  collectionApp().request(path, { headers: { "User-Agent": BROWSER } }, env);
const links = (html: string) =>
  [...html.matchAll(/<a href="(\/many\/photo\/g\d+)" data-photo=""/g)].map((m) => m[1]);

describe("the collection pages", () => {
  it("slices the collection, newest first, with page links and the next slice to load", async () => {
    const first = await get("/photos");
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(links(html)).toHaveLength(PHOTOS_PER_SLICE);
    expect(links(html)[0]).toBe("/many/photo/g50");
    expect(html).toContain('data-photo-total="50"');
    expect(html).toContain('<a href="/photos/page/2" rel="next" data-photo-more="">');

    const second = await (await get("/photos/page/2")).text();
    expect(links(second)).toEqual(["/many/photo/g2", "/many/photo/g1"]);
    expect(second).toContain('data-photo-offset="48"');
    expect(second).toContain('<a href="/photos" rel="prev">');
    expect(second).not.toContain("data-photo-more");
    expect(second).toContain("<title>Photographs, page 2 · ");
    expect((await get("/photos/page/3")).status).toBe(404);
  });

  it("finds a lens and a camera by the slug of their names as photographers write them", async () => {
    const lens = await get("/lens/olympus-m-12-40mm-f2-8");
    expect(lens.status).toBe(200);
    const html = await lens.text();
    expect(html).toContain("Shot with OLYMPUS M.12-40mm F2.8</h1>");
    expect(html).toContain("25 photographs taken with the OLYMPUS M.12-40mm F2.8 lens");
    expect(links(html)[0]).toBe("/many/photo/g50");
    expect((await get("/lens/xf16-55mmf2-8-r-lm-wr")).status).toBe(200);
    const camera = await (await get("/camera/fujifilm-x-t4")).text();
    expect(camera).toContain("Shot on Fujifilm X-T4</h1>");
    expect(camera).toContain('<a href="/camera/fujifilm-x-t4/page/2" rel="next"');
  });

  it("answers an unknown lens, and a slice past the last, with the fatal not-found page", async () => {
    for (const path of ["/lens/no-such-lens", "/lens/olympus-m-12-40mm-f2-8/page/2"]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain(`Page Not Found: ${path}`);
    }
  });
});

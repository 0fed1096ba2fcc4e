// The committed demo dataset (what the site, the tests and CI run on): camera metadata where the
// original photographs have it, editor crops and hotspots, and the site settings document.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createImageUrlBuilder } from "@sanity/image-url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PUBLIC_SIZE } from "../../shared/public-size.ts";
import { parseNdjson, type SanityDocument } from "../server/dataset.ts";
import { type ContentService, startContentService } from "../server/server.ts";

const DIR = import.meta.dirname;
const datasetFile = path.join(DIR, "production.ndjson");
let docs: SanityDocument[];
let text: string;

beforeAll(async () => {
  text = await readFile(datasetFile, "utf8");
  docs = parseNdjson(text, datasetFile);
});

type Metadata = { image?: Record<string, unknown>; exif?: Record<string, unknown> };
const assetFor = (key: string) => {
  const asset = docs.find(
    (doc) => doc._type === "sanity.imageAsset" && doc.originalFilename === `${key}.jpg`,
  );
  if (!asset) throw new Error(`no asset for ${key}`);
  return asset as SanityDocument & { metadata: Metadata };
};
const byId = (id: string) => docs.find((doc) => doc._id === id) as Record<string, unknown>;

describe("camera metadata", () => {
  const CAMERAS = {
    "dune-grass": {
      image: { Make: "Canon", Model: "Canon EOS DIGITAL REBEL" },
      // A manual lens: the camera recorded no aperture or focal length (0).
      exif: {
        ExposureTime: 0.00025,
        FNumber: 0,
        FocalLength: 0,
        ISO: 100,
        DateTimeOriginal: "2007-08-06T10:29:13.000Z",
      },
    },
    "storm-front": {
      image: { Make: "Canon", Model: "Canon EOS 400D DIGITAL" },
      exif: {
        ExposureTime: 0.4,
        FNumber: 3.5,
        FocalLength: 18,
        ISO: 100,
        ExposureProgram: 3,
        DateTimeOriginal: "2008-04-20T19:12:06.000Z",
      },
    },
    "leaf-in-backlight": {
      image: { Make: "Canon", Model: "Canon EOS 350D DIGITAL", Software: "GIMP 2.5.0" },
      exif: {
        ExposureTime: 0.0125,
        FNumber: 5.6,
        FocalLength: 107,
        ISO: 400,
        DateTimeOriginal: "2008-01-22T03:28:22.000Z",
      },
    },
    // The full-size photograph for zooming: 5640 px, as the camera took it.
    "elephants-on-canvas": {
      image: { Make: "SONY", Model: "DSC-RX100M4" },
      exif: {
        ExposureTime: 0.0125,
        FNumber: 3.5,
        FocalLength: 8.8,
        ISO: 125,
        PixelXDimension: 5640,
        DateTimeOriginal: "2020-02-19T16:35:05.000Z",
      },
    },
  } as const;

  it("is stored the way Sanity stores it for photographs whose originals have it", () => {
    for (const [key, expected] of Object.entries(CAMERAS)) {
      const { metadata } = assetFor(key);
      expect(metadata.image, key).toMatchObject({ _type: "sanity.imageExifTags", ...expected.image });
      expect(metadata.exif, key).toMatchObject({
        _type: "sanity.imageExifMetadata",
        ...expected.exif,
      });
      // Sanity's names, not another library's.
      expect(metadata.exif, key).toHaveProperty("DateTimeDigitized");
      expect(metadata.exif, key).not.toHaveProperty("CreateDate");
      for (const value of [...Object.values(metadata.image ?? {}), ...Object.values(metadata.exif ?? {})]) {
        const scalar = typeof value === "string" || typeof value === "number";
        const numbers = Array.isArray(value) && value.every((n) => typeof n === "number");
        expect(scalar || numbers, `${key}: ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it("is absent for photographs whose originals carry none", () => {
    const assets = docs.filter((doc) => doc._type === "sanity.imageAsset");
    expect(assets.length).toBeGreaterThanOrEqual(20);
    for (const asset of assets) {
      const key = String(asset.originalFilename).replace(/\.jpg$/, "");
      const { metadata } = asset as unknown as { metadata: Metadata };
      if (key in CAMERAS) continue;
      expect(metadata.exif, key).toBeUndefined();
      if (key === "nuthatch") {
        // Its original has TIFF tags (resolution, size) but no camera or exposure data.
        expect(metadata.image).toMatchObject({ _type: "sanity.imageExifTags", XResolution: 300 });
        expect(metadata.image).not.toHaveProperty("Make");
      } else {
        expect(metadata.image, key).toBeUndefined();
      }
    }
  });

  it("never includes a location from the camera data; places only where demo/photos.json puts them", () => {
    // (Placeholders are base64: any word may turn up in one.)
    expect(text.replace(/"lqip":"[^"]*"/g, "")).not.toMatch(/GPS|latitude|longitude/i);
    // Only the importer's places, after the owner's rule (none for the photograph hidden by its
    // level, nor for the one inside the zone); never an exact metadata.location, as an asset is
    // public (tests/worker/location-matrix.test.ts).
    const assets = docs.filter((doc) => doc._type === "sanity.imageAsset");
    expect(assets.filter((doc) => "location" in (doc.metadata as object))).toEqual([]);
    const located = assets.filter((doc) => "place" in doc);
    expect(located.map((doc) => String(doc.originalFilename).replace(/\.jpg$/, "")).sort()).toEqual([
      "autumn-below-aitzgorri",
      "dune-grass",
      "forest-creek",
      "picos-de-europa",
      "summit-sunset",
      "under-the-bridge-cables",
    ]);
  });

  it("belongs to photographs the site shows", () => {
    const portfolio = JSON.stringify(byId("page-portfolio"));
    for (const key of Object.keys(CAMERAS)) expect(portfolio, key).toContain(assetFor(key)._id);
  });
});

describe("the public size", () => {
  it("keeps every asset within it, each larger original beside its copy with its size recorded", async () => {
    const assets = docs.filter((doc) => doc._type === "sanity.imageAsset") as {
      _id: string;
      metadata: { dimensions: { width: number; height: number } };
      original?: { width: number; height: number };
    }[];
    const originals = await readdir(path.join(DIR, "originals"));
    expect(originals).toHaveLength(15);
    for (const { _id, metadata, original } of assets) {
      const { width, height } = metadata.dimensions;
      expect(Math.max(width, height), _id).toBeLessThanOrEqual(DEFAULT_PUBLIC_SIZE);
      const name = `${_id.replace(/^image-/, "").replace(/-jpg$/, "")}.jpg`;
      expect(originals.includes(name), _id).toBe(original !== undefined);
      if (!original) continue;
      const meta = await sharp(path.join(DIR, "originals", name)).metadata();
      expect({ width: meta.width, height: meta.height }, _id).toEqual(original);
      // The copy is the original scaled down: the same shape, to the pixel.
      expect(Math.abs((width * original.height) / original.width - height), _id).toBeLessThan(1);
    }
  });
});

describe("crop and hotspot", () => {
  const builder = createImageUrlBuilder({ projectId: "demo", dataset: "production" });
  const cover = () =>
    (byId("post-two-spaniels-and-a-nuthatch") as { mainImage: Record<string, unknown> }).mainImage;

  it("are stored on the cover as the Studio stores them", () => {
    expect(cover()).toEqual({
      _type: "image",
      asset: { _type: "reference", _ref: assetFor("spaniels-at-the-door")._id },
      crop: { _type: "sanity.imageCrop", top: 0.04, bottom: 0.21, left: 0, right: 0.09 },
      hotspot: { _type: "sanity.imageHotspot", x: 0.485, y: 0.43, width: 0.4, height: 0.46 },
      alt: expect.any(String),
    });
  });

  it("move the cover's wide rendition onto the dogs, away from the centre crop", () => {
    const withHotspot = builder.image(cover()).width(1600).height(1000).fit("crop").url();
    const centred = builder
      .image(assetFor("spaniels-at-the-door")._id)
      .width(1600)
      .height(1000)
      .fit("crop")
      .url();
    expect(new URL(withHotspot).searchParams.get("rect")).toBe("0,493,1241,776");
    expect(new URL(centred).searchParams.get("rect")).toBe("0,598,1364,853");
  });

  it("are set on a gallery photograph whose subject is in the left third", () => {
    const portfolio = byId("page-portfolio") as {
      body: { _type: string; title?: string; images?: Record<string, unknown>[] }[];
    };
    const gallery = portfolio.body.find((block) => block.title === "Nature up close");
    const dandelion = gallery?.images?.[0];
    expect(dandelion).toMatchObject({
      asset: { _ref: assetFor("dandelion-evening")._id },
      crop: { _type: "sanity.imageCrop" },
      hotspot: { _type: "sanity.imageHotspot", x: 0.29 },
    });
    const square = builder.image(dandelion as object).width(800).height(800).fit("crop").url();
    expect(new URL(square).searchParams.get("rect")).toBe("53,0,1083,1083");
  });

  describe("through the demo image CDN", () => {
    let service: ContentService;
    beforeAll(async () => {
      service = await startContentService({ datasetFile, imagesDir: path.join(DIR, "images") });
    });
    afterAll(() => service?.close());

    it("serve the cover's hotspot region in the requested shape", async () => {
      const url = new URL(builder.image(cover()).width(1600).height(1000).fit("crop").url());
      const response = await fetch(`${service.url}${url.pathname}${url.search}`);
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      // The demo never enlarges: the 1241×776 region comes back at its own size, 16:10.
      expect([meta.width, meta.height]).toEqual([1241, 776]);
    });
  });
});

describe("site settings", () => {
  it("hold exactly the fields of the Studio's schema", () => {
    const settings = byId("siteSettings");
    expect(Object.keys(settings).sort()).toEqual(
      [
        "_id",
        "_type",
        "_rev",
        "_createdAt",
        "_updatedAt",
        "title",
        "brand",
        "description",
        "ownerName",
        "email",
        "socialLinks",
        "navigation",
        "intro",
        "socialImage",
        // The demo speaks German too: the switcher, the alternates and the fallback show.
        "languages",
        "titleTranslations",
        "descriptionTranslations",
        "introTranslations",
        // Tags and places in German.
        "names",
        "galleries",
      ].sort(),
    );
    expect(settings).toMatchObject({
      _type: "siteSettings",
      title: "Jane Doe Photography",
      brand: "Jane Doe",
      description: "Capturing moments in time.",
      ownerName: "Jane Doe",
      email: "jane@example.com",
      languages: ["de"],
      // As sanity-plugin-internationalized-array stores a translation.
      titleTranslations: [
        {
          _key: "de",
          _type: "internationalizedArrayStringValue",
          language: "de",
          value: "Jane Doe Fotografie",
        },
      ],
      socialLinks: [
        {
          _key: expect.any(String),
          _type: "socialLink",
          label: "Instagram",
          url: "https://www.instagram.com/",
        },
      ],
    });
  });

  it("list the navigation in the header's order", () => {
    const navigation = byId("siteSettings").navigation as Record<string, unknown>[];
    expect(navigation.map(({ _type, label, path }) => ({ _type, label, path }))).toEqual([
      { _type: "navItem", label: "Home", path: "/" },
      { _type: "navItem", label: "Contact", path: "/contact" },
      { _type: "navItem", label: "Portfolio", path: "/portfolio" },
      { _type: "navItem", label: "Photos", path: "/photos" },
      { _type: "navItem", label: "Book", path: "/book" },
    ]);
    const keys = navigation.map((item) => item._key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("keep the intro as Portable Text and point the social image at an asset", () => {
    const settings = byId("siteSettings") as {
      intro: { _type: string }[];
      socialImage: { _type: string; asset: { _ref: string }; alt: string };
    };
    expect(settings.intro.length).toBeGreaterThan(0);
    expect(settings.intro.every((block) => block._type === "block")).toBe(true);
    expect(settings.socialImage).toMatchObject({ _type: "image", alt: expect.any(String) });
    expect(byId(settings.socialImage.asset._ref)?._type).toBe("sanity.imageAsset");
  });

  it("give client galleries' watermark the demo's logo, a PNG with transparency, and a line of text", () => {
    const { watermark } = byId("siteSettings").galleries as {
      watermark: { image: { _type: string; asset: { _ref: string } }; text: string };
    };
    expect(watermark).toMatchObject({ image: { _type: "image" }, text: "PROOF" });
    expect(byId(watermark.image.asset._ref)).toMatchObject({
      _type: "sanity.imageAsset",
      mimeType: "image/png",
      metadata: { hasAlpha: true, isOpaque: false },
    });
  });
});

describe("references", () => {
  it("all point at documents in the dataset", () => {
    const ids = new Set(docs.map((doc) => doc._id));
    const refs = [...text.matchAll(/"_ref":"([^"]+)"/g)].map((match) => match[1]);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(ids.has(ref ?? ""), ref).toBe(true);
  });
});

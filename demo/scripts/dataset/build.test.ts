// The dataset builder reproduces the committed demo dataset and credits exactly: what the site,
// the tests and CI run on is what `node demo/scripts/build-dataset.ts` writes. The originals
// (Debian's wallpapers) are not here, so the camera data comes from the committed dataset;
// everything else is built afresh (the image metadata from the committed images).
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { parseNdjson, type SanityDocument } from "../../server/dataset.ts";
import { CREDITS_FILE, DATASET_FILE, readManifest, readPreparedImages } from "../manifest.ts";
import { buildDataset } from "./build.ts";
import { fromDataset } from "./camera.ts";
import { contentDocs, mediaTagDocs } from "./documents.ts";
import { logoAsset } from "./logo.ts";
import { toNdjson, withRev } from "./ndjson.ts";
import { photoIndex } from "./photo-index.ts";
import { imageField } from "./portable-text.ts";

let committed: string;
let docs: SanityDocument[];

beforeAll(async () => {
  committed = await readFile(DATASET_FILE, "utf8");
  docs = parseNdjson(committed, DATASET_FILE);
});

describe("the demo dataset builder", () => {
  it("writes the committed production.ndjson byte for byte, and CREDITS.md", async () => {
    const built = await buildDataset(fromDataset(docs));
    expect(built.docs).toHaveLength(docs.length);
    expect(built.ndjson).toBe(committed);
    expect(built.credits).toBe(await readFile(CREDITS_FILE, "utf8"));
    // A guard against a hang: 3 s alone, over a minute beside npm test's other suites on two cores.
  }, 300_000);

  it("builds the tags, settings, pages and posts without opening an image", async () => {
    const manifest = await readManifest();
    const photos = photoIndex(manifest, await readPreparedImages());
    // The logo's asset id as the committed settings name it (the build renders its SVG).
    const settings = docs.find((doc) => doc._id === "siteSettings") as unknown as {
      galleries: { watermark: { image: { asset: { _ref: string } } } };
    };
    const logo = settings.galleries.watermark.image.asset._ref;
    const built = [...mediaTagDocs(manifest), ...contentDocs(manifest, photos, logo)];
    const lines = new Map(
      committed
        .trimEnd()
        .split("\n")
        .map((line, i) => [docs[i]?._id, line]),
    );
    expect(built.map((doc) => doc._type)).toEqual(
      docs.filter((doc) => doc._type !== "sanity.imageAsset").map((doc) => doc._type),
    );
    for (const doc of built) expect(JSON.stringify(withRev(doc)), doc._id).toBe(lines.get(doc._id));
  });

  it("refers to every photograph by the asset id its prepared file's name gives", async () => {
    const manifest = await readManifest();
    const photos = photoIndex(manifest, await readPreparedImages());
    const assetIds = docs
      .filter((doc) => doc._type === "sanity.imageAsset" && doc.mimeType === "image/jpeg")
      .map((doc) => doc._id);
    expect([...photos.values()].map((photo) => photo.id)).toEqual(assetIds);
  });

  it("keeps the logo's PNG with the images, named as its asset", async () => {
    const { doc, file } = await logoAsset();
    expect(docs.find((each) => each._id === doc._id)).toBeDefined();
    const committed = await readFile(file);
    expect(createHash("sha1").update(committed).digest("hex")).toBe(doc.sha1hash);
  });
});

describe("what the builder refuses", () => {
  it("a photograph the committed dataset lacks, without its original", async () => {
    const manifest = await readManifest();
    const camera = fromDataset(docs);
    const photo = manifest.photos[0];
    if (!photo) throw new Error("the manifest has no photographs");
    await expect(camera({ ...photo, key: "a-new-photograph" })).rejects.toThrow(/--originals/);
  });

  it("a photograph without a prepared image", async () => {
    const manifest = await readManifest();
    expect(() => photoIndex(manifest, {})).toThrow(/No prepared image for .*prepare-photos/);
  });

  it("two documents with one id", async () => {
    const manifest = await readManifest();
    const tags = mediaTagDocs(manifest);
    expect(() => toNdjson([...tags, ...tags.slice(0, 1)])).toThrow(/Duplicate document id/);
  });

  it("a crop that leaves nothing, and a hotspot outside the crop", async () => {
    const manifest = await readManifest();
    const photos = photoIndex(manifest, await readPreparedImages());
    const photo = manifest.photos[0]?.key ?? "";
    const crop = { top: 0.5, bottom: 0.5, left: 0, right: 0 };
    expect(() => imageField({ photo, crop }, photos, "here")).toThrow(/here: crop/);
    const hotspot = { x: 0.1, y: 0.5, width: 0.1, height: 0.1 };
    const narrow = { top: 0, bottom: 0, left: 0.3, right: 0 };
    expect(() => imageField({ photo, crop: narrow, hotspot }, photos, "here")).toThrow(
      /here: the hotspot/,
    );
    expect(imageField({ photo, hotspot }, photos, "here")).toMatchObject({
      hotspot: { _type: "sanity.imageHotspot", ...hotspot },
    });
  });
});

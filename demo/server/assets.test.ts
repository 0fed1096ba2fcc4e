// Image uploads through the real @sanity/client, over HTTP, as the importer makes them.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createClient, type SanityClient } from "@sanity/client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { datasetOf, rawRequest } from "./test-fixture.ts";

const TOKEN = "sk-demo-assets-test-token";
let data: Awaited<ReturnType<typeof datasetOf>>;
let service: ContentService;
let client: SanityClient;
let uploads: string;

const withGps = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: "#3a7" } })
    .withExif({
      IFD0: { Make: "Fujifilm", Model: "X-T5" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 24/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 3/1",
      },
    })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  data = await datasetOf([{ _id: "page-a", _type: "page", title: "A" }]);
  uploads = await mkdtemp(path.join(tmpdir(), "assets-test-"));
  service = await startContentService({ ...data, token: TOKEN, uploadsDir: uploads });
  client = createClient({
    projectId: "demo",
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: service.url,
    useProjectHostname: false,
    useCdn: false,
    token: TOKEN,
  });
});

afterAll(async () => {
  await service?.close();
  await data?.cleanup();
  await rm(uploads, { recursive: true, force: true });
});

describe("POST /v{version}/assets/images/{dataset}", () => {
  it("stores the image under its content hash, with the texts and metadata asked for", async () => {
    const bytes = await withGps();
    const sha1 = createHash("sha1").update(bytes).digest("hex");
    const asset = await client.assets.upload("image", Readable.from([bytes]), {
      filename: "harbour.jpg",
      title: "Harbour",
      description: "Boats at dawn",
      creditLine: "Jane Doe",
      source: { id: "fingerprint-1", name: "portfolio-import" },
      extract: ["lqip", "palette", "exif", "image"],
    });
    expect(asset).toMatchObject({
      _id: `image-${sha1}-60x40-jpg`,
      _type: "sanity.imageAsset",
      assetId: sha1,
      sha1hash: sha1,
      extension: "jpg",
      mimeType: "image/jpeg",
      originalFilename: "harbour.jpg",
      size: bytes.length,
      title: "Harbour",
      description: "Boats at dawn",
      creditLine: "Jane Doe",
      source: { id: "fingerprint-1", name: "portfolio-import" },
      path: `images/demo/production/${sha1}-60x40.jpg`,
      url: `${service.url}/images/demo/production/${sha1}-60x40.jpg`,
    });
    expect(asset.metadata).toMatchObject({
      dimensions: { width: 60, height: 40, aspectRatio: 1.5 },
      hasAlpha: false,
      isOpaque: true,
      image: { Make: "Fujifilm", Model: "X-T5" },
    });
    expect(asset.metadata.lqip).toMatch(/^data:image\/jpeg;base64,/);
    expect(asset.metadata.palette?.dominant?.background).toMatch(/^#[0-9a-f]{6}$/);
    // Not asked for: no location, though the file has one.
    expect(asset.metadata).not.toHaveProperty("location");

    // The CDN serves the original, byte for byte, and renditions of it.
    const original = await fetch(`${service.url}/${asset.path}`);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    const small = await fetch(`${service.url}/${asset.path}?w=30`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(30);
    expect(await client.getDocument(asset._id)).toMatchObject({ _id: asset._id, title: "Harbour" });
  });

  it("answers the asset already there for the same bytes, and stores nothing new", async () => {
    const bytes = await sharp({
      create: { width: 20, height: 20, channels: 3, background: "#123456" },
    })
      .png()
      .toBuffer();
    const first = await client.assets.upload("image", bytes, { title: "First" });
    const files = await readdir(uploads);
    expect(files).toContain(first.path.split("/").pop());
    const again = await client.assets.upload("image", Readable.from([bytes]), { title: "Second" });
    expect(again._id).toBe(first._id);
    expect(again._rev).toBe(first._rev);
    expect(again.title).toBe("First");
    expect(await readdir(uploads)).toEqual(files);
    const count = await client.fetch("count(*[_type == 'sanity.imageAsset' && sha1hash == $h])", {
      h: first.sha1hash,
    });
    expect(count).toBe(1);
  });

  it("extracts the location only when asked", async () => {
    const bytes = await sharp(await withGps())
      .rotate(180)
      .withExif({
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "48/1 51/1 24/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "2/1 21/1 3/1",
        },
      })
      .jpeg()
      .toBuffer();
    const asset = await client.assets.upload("image", bytes, { extract: ["location"] });
    expect((asset.metadata as { location?: unknown }).location).toEqual({
      _type: "geopoint",
      lat: expect.closeTo(48.8567, 4),
      lng: expect.closeTo(2.3508, 4),
    });
    expect(asset.metadata).not.toHaveProperty("lqip");
    expect(asset.metadata).not.toHaveProperty("palette");
  });

  it("refuses what Sanity refuses, with its status codes", async () => {
    const url = `${service.url}/v2025-02-19/assets/images/production`;
    const jpeg = new Uint8Array(await withGps()) as Uint8Array<ArrayBuffer>;
    const post = (body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${TOKEN}`, ...headers },
      });

    expect((await fetch(url, { method: "POST", body: jpeg })).status).toBe(403);
    expect(
      (
        await fetch(url, {
          method: "POST",
          body: jpeg,
          headers: { authorization: "Bearer nope-nope" },
        })
      ).status,
    ).toBe(401);
    expect((await post(new TextEncoder().encode("not an image at all"))).status).toBe(400);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await post(new Uint8Array(gif))).status).toBe(415);
    const truncated = await post(jpeg.subarray(0, Math.floor(jpeg.length * 0.7)));
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).error.description).toMatch(/^Invalid image/);
    const declared = await rawRequest(service.url, "/v2025-02-19/assets/images/production", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-length": "200000000" },
      body: Buffer.from(jpeg),
    });
    expect(declared.status).toBe(413);
    expect(
      (await fetch(`${service.url}/v2025-02-19/assets/images/nope`, { method: "POST", body: jpeg }))
        .status,
    ).toBe(404);
  });
});

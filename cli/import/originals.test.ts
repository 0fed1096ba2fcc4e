// `npm run import` with photographs larger than the public size, end to end: the command as a
// person runs it, the demo content service as Sanity, and a site that keeps the originals as the
// worker does (/_app/originals/{asset}, the galleries' signature checked).
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SanityClient } from "@sanity/client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "../../demo/server/server.ts";
import { startCommand } from "../../tests/support/command.ts";
import { gallerySignature } from "../gallery/signature.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TOKEN = "sk-originals-test-token-0123456789";

let service: ContentService;
let client: SanityClient;
let site: Server;
let siteUrl: string;
let scratch: string;
/** The originals the site keeps, by asset id, and how many PUTs it took. */
const kept = new Map<string, Buffer>();
let puts = 0;

/** The worker's side of the protocol: a signature made with the token, or 401. */
function startSite(): Promise<void> {
  site = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? "";
      const asset = /^\/_app\/originals\/(image-[\w-]+)$/.exec(path)?.[1] ?? "";
      const method = req.method as "HEAD" | "GET" | "PUT";
      const sha256 = method === "PUT" ? String(req.headers["x-photo-sha256"]) : "";
      const at = Number(/^t=(\d+)/.exec(String(req.headers["x-gallery-signature"]))?.[1]);
      const signed = { method, path, sha256, length: method === "PUT" ? body.length : 0 };
      if (req.headers["x-gallery-signature"] !== gallerySignature(TOKEN, signed, at)) {
        return void res.writeHead(401).end();
      }
      if (method === "PUT") {
        puts++;
        kept.set(asset, body);
        return void res.writeHead(201).end("Stored");
      }
      const file = kept.get(asset);
      res.writeHead(file ? 200 : 404).end(method === "GET" ? file : undefined);
    });
  });
  return new Promise((done) => site.listen(0, "127.0.0.1", done));
}

const run = (args: string[]) =>
  startCommand("cli/import.ts", args, {
    PATH: process.env.PATH ?? "",
    SANITY_PROJECT_ID: "demo",
    SANITY_DATASET: "production",
    SANITY_API_VERSION: "2025-02-19",
    SANITY_API_HOST: service.url,
    SANITY_TOKEN: TOKEN,
    IMPORT_LOCATION: "off",
    INIT_CWD: scratch,
  }).done;

/** A 3000 × 2000 photograph with a camera model in its EXIF. */
async function photograph(name: string, seed: number): Promise<Buffer> {
  const bytes = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: seed, sigma: 30 },
    },
  })
    .withExif({ IFD0: { Model: "Test Camera" } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await writeFile(path.join(scratch, name), bytes);
  return bytes;
}

const size = async (bytes: Buffer) => {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
};

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "originals-test-"));
  service = await startContentService({
    datasetFile: path.join(ROOT, "demo/dataset/production.ndjson"),
    imagesDir: path.join(ROOT, "demo/dataset/images"),
    token: TOKEN,
  });
  client = createClient({
    projectId: "demo",
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: service.url,
    useProjectHostname: false,
    useCdn: false,
    token: TOKEN,
    perspective: "raw",
  });
  await startSite();
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await service?.close();
  site?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("a photograph larger than the public size", () => {
  it("goes to Sanity as a copy of the public size, its original to the site's bucket", async () => {
    const original = await photograph("big.jpg", 128);
    const first = await run(["big.jpg", "--remote", siteUrl]);
    expect(first.stdout).toMatch(/imported +big\.jpg +uploaded a copy of 2048 px, the original/);
    expect(first.code).toBe(0);
    const [asset] = await client.fetch<Record<string, unknown>[]>(
      `*[_type == "sanity.imageAsset" && originalFilename == "big.jpg"]{
        _id, path, original, "size": metadata.dimensions{width, height}, "model": metadata.image.Model }`,
    );
    expect(asset).toMatchObject({
      size: { width: 2048, height: 1365 },
      original: { width: 3000, height: 2000 },
      model: "Test Camera",
    });
    // What the image service serves at the asset's address without parameters: the copy.
    const served = Buffer.from(await (await fetch(`${service.url}/${asset?.path}`)).arrayBuffer());
    expect(await size(served)).toEqual({ width: 2048, height: 1365 });
    // The site keeps the original, byte for byte, under the copy's asset id.
    const stored = kept.get(String(asset?._id));
    expect(stored && createHash("sha256").update(stored).digest("hex")).toBe(
      createHash("sha256").update(original).digest("hex"),
    );
    // A second run finds the copy by the photograph's fingerprint and sends nothing.
    const before = puts;
    const second = await run(["big.jpg", "--remote", siteUrl]);
    expect(second.stdout).toMatch(/unchanged +big\.jpg/);
    expect(puts).toBe(before);
  });

  it("fails without a site for its original, and nothing of it reaches Sanity", async () => {
    await photograph("homeless.jpg", 60);
    const result = await run(["homeless.jpg"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /failed +homeless\.jpg +larger than the public size .*name the site with --remote/,
    );
    const count = await client.fetch(
      `count(*[_type == "sanity.imageAsset" && originalFilename == "homeless.jpg"])`,
    );
    expect(count).toBe(0);
  });

  it("uploaded whole in the Studio, is replaced by its copy with --originals, every reference moved", async () => {
    const studio = await client.assets.upload("image", await photograph("studio.jpg", 200), {
      filename: "studio.jpg",
    });
    await client.patch(studio._id).set({ altText: "A field of noise" }).commit();
    await client.create({
      _id: "post-noise",
      _type: "post",
      title: "Noise",
      slug: { _type: "slug", current: "noise" },
      publishedAt: "2026-01-01T00:00:00Z",
      mainImage: { _type: "image", asset: { _type: "reference", _ref: studio._id } },
    });
    const dry = await run(["--originals", "--dry-run"]);
    expect(dry.stdout).toMatch(/would replace studio\.jpg \(3000 × 2000\)/);
    const result = await run(["--originals", "--remote", siteUrl]);
    expect(result.stdout).toMatch(/replaced studio\.jpg \(3000 × 2000\): by image-/);
    expect(result.code).toBe(0);
    const post = await client.fetch<{ asset: Record<string, unknown> }>(
      `*[_id == "post-noise"][0]{ "asset": mainImage.asset->{ _id, altText, original, "size": metadata.dimensions{width, height} } }`,
    );
    expect(post.asset).toMatchObject({
      altText: "A field of noise",
      original: { width: 3000, height: 2000 },
      size: { width: 2048, height: 1365 },
    });
    expect(await client.fetch(`count(*[_id == $id])`, { id: studio._id })).toBe(0);
    expect(await size(kept.get(String(post.asset._id)) ?? Buffer.alloc(0))).toEqual({
      width: 3000,
      height: 2000,
    });
    // Nothing is left larger than the public size.
    expect((await run(["--originals", "--dry-run"])).stdout).toMatch(/^0 photographs/);
  });

  it("past what Cloudflare's image service makes zoom and print files from, is refused with the reason", async () => {
    // A stitched panorama: 12,400 pixels across, over the 12,000 a side the service takes.
    const panorama = await sharp({
      create: { width: 12_400, height: 400, channels: 3, background: "#6080a0" },
    })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(scratch, "panorama.jpg"), panorama);
    const before = puts;
    const imported = await run(["panorama.jpg", "--remote", siteUrl]);
    expect(imported.code).toBe(1);
    expect(imported.stdout).toMatch(
      /skipped +panorama\.jpg +12400×400 pixels: over the 100 megapixels and 12,000 pixels a side .*\(export it smaller\)/,
    );
    expect(
      await client.fetch(
        `count(*[_type == "sanity.imageAsset" && originalFilename == "panorama.jpg"])`,
      ),
    ).toBe(0);
    // Uploaded whole in the Studio, it stays whole there: its original is not moved to the site.
    await client.assets.upload("image", panorama, { filename: "studio-panorama.jpg" });
    const replaced = await run(["--originals", "--remote", siteUrl]);
    expect(replaced.code).toBe(1);
    expect(replaced.stdout).toMatch(
      /failed studio-panorama\.jpg \(12400 × 400\): 12400×400 pixels: over the 100 megapixels/,
    );
    expect(puts).toBe(before);
  });
});

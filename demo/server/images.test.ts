// The image CDN over real HTTP, with real sharp and files in a temp folder.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { createFixture, type Fixture, rawRequest, SECRET } from "./test-fixture.ts";

let fixture: Fixture;
let service: ContentService;

beforeAll(async () => {
  fixture = await createFixture();
  service = await startContentService({
    datasetFile: fixture.datasetFile,
    imagesDir: fixture.imagesDir,
  });
});

afterAll(async () => {
  await service?.close();
  await fixture?.cleanup();
});

const imagePath = (file: string, search = "") => `/images/demo/production/${file}${search}`;

async function get(file: string, search = "", headers: Record<string, string> = {}) {
  const response = await fetch(`${service.url}${imagePath(file, search)}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body };
}

describe("image CDN", () => {
  it("serves the original with immutable cache headers", async () => {
    const { response, body } = await get(fixture.jpeg.file);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("content-length")).toBe(String(body.length));
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 64, 48]);
  });

  it("resizes to w and h", async () => {
    const both = await get(fixture.jpeg.file, "?w=32&h=32&fit=crop");
    expect(both.response.status).toBe(200);
    expect(await sharp(both.body).metadata()).toMatchObject({
      width: 32,
      height: 32,
      format: "jpeg",
    });

    const widthOnly = await get(fixture.jpeg.file, "?w=16");
    expect(await sharp(widthOnly.body).metadata()).toMatchObject({ width: 16, height: 12 });

    const clip = await get(fixture.jpeg.file, "?w=32&h=32");
    expect(await sharp(clip.body).metadata()).toMatchObject({ width: 32, height: 24 });

    const dpr = await get(fixture.jpeg.file, "?w=16&dpr=2");
    expect(await sharp(dpr.body).metadata()).toMatchObject({ width: 32, height: 24 });
  });

  it("never upscales beyond the original", async () => {
    const large = await get(fixture.jpeg.file, "?w=3000");
    expect(await sharp(large.body).metadata()).toMatchObject({ width: 64, height: 48 });
    // A crop box bigger than the source keeps its aspect ratio but shrinks to fit.
    const crop = await get(fixture.jpeg.file, "?w=200&h=200&fit=crop");
    expect(await sharp(crop.body).metadata()).toMatchObject({ width: 48, height: 48 });
  });

  it("applies rect before resizing", async () => {
    const { body } = await get(fixture.jpeg.file, "?rect=10,10,20,30&w=10");
    expect(await sharp(body).metadata()).toMatchObject({ width: 10, height: 15 });
  });

  it("rounds a fractional rect and clamps one that reaches past the edges, as Sanity does", async () => {
    const rounded = await get(fixture.jpeg.file, "?rect=10.4,10.6,20.5,29.5");
    expect(await sharp(rounded.body).metadata()).toMatchObject({ width: 21, height: 30 });
    const past = await get(fixture.jpeg.file, "?rect=40,30,100,100");
    expect(past.response.status).toBe(200);
    expect(await sharp(past.body).metadata()).toMatchObject({ width: 24, height: 18 });
    // With a width that asks for no more than the clamped region has, nothing is enlarged.
    const scaled = await get(fixture.jpeg.file, "?rect=32,0,64,48&w=16&fit=max");
    expect(await sharp(scaled.body).metadata()).toMatchObject({ width: 16, height: 24 });
    const outside = await get(fixture.jpeg.file, "?rect=64,0,10,10");
    expect(outside.response.status).toBe(400);
  });

  it("picks the format from Accept with auto=format, and keeps JPEG without it", async () => {
    const avif = await get(fixture.jpeg.file, "?w=32&auto=format", {
      accept: "image/avif,image/webp,*/*",
    });
    expect(avif.response.headers.get("content-type")).toBe("image/avif");
    expect(avif.response.headers.get("vary")).toBe("Accept");
    expect((await sharp(avif.body).metadata()).format).toBe("heif");

    const webp = await get(fixture.jpeg.file, "?w=32&auto=format", { accept: "image/webp,*/*" });
    expect(webp.response.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(webp.body).metadata()).format).toBe("webp");

    const plain = await get(fixture.jpeg.file, "?w=32&auto=format", { accept: "*/*" });
    expect(plain.response.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(plain.body).metadata()).format).toBe("jpeg");

    const png = await get(fixture.png.file, "?w=20&fm=png");
    expect(png.response.headers.get("content-type")).toBe("image/png");
    expect(await sharp(png.body).metadata()).toMatchObject({ format: "png", width: 20 });

    const flattened = await get(fixture.png.file, "?fm=jpg&q=60");
    expect((await sharp(flattened.body).metadata()).format).toBe("jpeg");
  });

  it("answers HEAD without a body and If-None-Match with 304", async () => {
    const head = await rawRequest(service.url, imagePath(fixture.jpeg.file, "?w=20"), {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);

    const etag = String(head.headers.etag);
    const cached = await rawRequest(service.url, imagePath(fixture.jpeg.file, "?w=20"), {
      headers: { "if-none-match": etag },
    });
    expect(cached.status).toBe(304);
    expect(cached.body.length).toBe(0);
  });

  it("rejects invalid parameters with 400", async () => {
    for (const search of [
      "?w=abc",
      "?h=-5",
      "?w=0",
      "?q=high",
      "?fit=stretch",
      "?fm=gif",
      "?rect=1,2,3",
    ]) {
      const { response } = await get(fixture.jpeg.file, search);
      expect(response.status, search).toBe(400);
    }
  });

  it("clamps huge sizes", async () => {
    const { response, body } = await get(fixture.jpeg.file, "?w=999999&h=999999&fit=scale");
    expect(response.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it("refuses traversal, encoded tricks, wrong project and symlinks out of the folder", async () => {
    const attempts = [
      "/images/demo/production/../../../etc/passwd",
      "/images/demo/production/..%2f..%2f..%2fetc%2fpasswd",
      "/images/demo/production/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/images/demo/production/%2e%2e/secret.txt",
      `/images/demo/production/${fixture.jpeg.file}%00.txt`,
      `/images/demo/production/..%00/${fixture.jpeg.file}`,
      "/images/demo/production//etc/passwd",
      "/images/demo/production/%2Fetc%2Fpasswd",
      `/images/other/production/${fixture.jpeg.file}`,
      `/images/demo/staging/${fixture.jpeg.file}`,
      `/images/demo/production/${fixture.outsideLink}`,
      "/images/demo/production/secret.txt",
      "/images/../secret.txt",
    ];
    for (const attempt of attempts) {
      const response = await rawRequest(service.url, attempt);
      expect(response.status, attempt).toBeGreaterThanOrEqual(400);
      expect(response.status, attempt).toBeLessThan(500);
      expect(response.body.toString("latin1"), attempt).not.toContain(SECRET);
      expect(response.body.toString("latin1"), attempt).not.toContain("root:");
      expect(response.headers["content-type"], attempt).toMatch(/^application\/json/);
    }
  });

  it("answers a broken source image with a bare 500 and logs it", async () => {
    const broken = `${"b".repeat(40)}-10x10.jpg`;
    await writeFile(path.join(fixture.imagesDir, broken), "this is not a JPEG");
    // Silences (and checks) the server's error line; the server itself is real.
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { response, body } = await get(broken, "?w=5");
      expect(response.status).toBe(500);
      expect(JSON.parse(body.toString())).toEqual({ error: "Internal Server Error" });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it("counts images in the stats", async () => {
    await fetch(`${service.url}/_demo/stats/reset`, { method: "POST" });
    await get(fixture.jpeg.file, "?w=24");
    await get(fixture.jpeg.file, "?w=24");
    await get(fixture.jpeg.file, "?w=nope");
    const stats = await (await fetch(`${service.url}/_demo/stats`)).json();
    expect(stats).toEqual({ queries: 0, images: 2 });
  });

  it("works with URLs built by @sanity/image-url", async () => {
    const { createImageUrlBuilder } = await import("@sanity/image-url");
    const builder = createImageUrlBuilder({
      projectId: "demo",
      dataset: "production",
      baseUrl: service.url,
    });
    const url = builder
      .image(`image-${fixture.jpeg.hash}-64x48-jpg`)
      .width(20)
      .height(10)
      .fit("crop")
      .auto("format")
      .quality(70)
      .url();
    const response = await fetch(url, { headers: { accept: "image/webp" } });
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 20, height: 10 });
  });
});

describe("the stand-in for the Images binding's trim", () => {
  const cut = async (search: string, body: Buffer) =>
    fetch(`${service.url}/_demo/images/cut?${search}`, {
      method: "POST",
      body: new Uint8Array(body),
    });

  it("cuts the part asked for, scaled down to fit, as WebP or JPEG", async () => {
    const original = await sharp(
      await readFile(path.join(fixture.imagesDir, fixture.jpeg.file)),
    ).toBuffer();
    const part = await cut("trim=8,4,40,30&width=20&format=image/webp&quality=80", original);
    expect(part.status).toBe(200);
    const meta = await sharp(Buffer.from(await part.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 20, 15]);
    const whole = await cut("width=1000&height=1000&format=image/jpeg", original);
    const kept = await sharp(Buffer.from(await whole.arrayBuffer())).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["jpeg", 64, 48]);
    expect((await cut("trim=60,0,40,30&format=image/webp", original)).status).toBe(400);
    expect((await fetch(`${service.url}/_demo/images/cut`)).status).toBe(405);
  });
});

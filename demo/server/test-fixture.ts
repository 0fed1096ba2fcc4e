// Test support (not a test file): writes a tiny dataset, two generated images and
// some traversal bait to a temp folder (or a dataset of given documents), and helpers to
// talk raw HTTP to the service.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

export const SECRET = "TOP-SECRET-CONTENT";

export interface Fixture {
  dir: string;
  datasetFile: string;
  imagesDir: string;
  /** Landscape JPEG, 64x48. */
  jpeg: { hash: string; file: string; width: number; height: number };
  /** PNG with alpha, 40x40. */
  png: { hash: string; file: string; width: number; height: number };
  /** A valid-looking name in imagesDir that is a symlink to a JPEG outside it. */
  outsideLink: string;
  cleanup(): Promise<void>;
}

export const DOCUMENTS = [
  { _id: "settings", _type: "siteSettings", title: "Demo Photographer" },
  {
    _id: "photo-1",
    _type: "photo",
    title: "Harbour at dawn",
    order: 1,
    category: { _ref: "cat-sea" },
  },
  { _id: "drafts.photo-1", _type: "photo", title: "Harbour at dawn (edited)", order: 1 },
  {
    _id: "photo-2",
    _type: "photo",
    title: "Pine forest",
    order: 2,
    category: { _ref: "cat-land" },
  },
  { _id: "drafts.photo-3", _type: "photo", title: "Unpublished", order: 3 },
  { _id: "cat-sea", _type: "category", title: "Sea" },
  { _id: "cat-land", _type: "category", title: "Land" },
];

export async function createFixture(): Promise<Fixture> {
  const dir = await mkdtemp(path.join(tmpdir(), "demo-content-"));
  const imagesDir = path.join(dir, "images");
  await mkdir(imagesDir);

  const jpegBytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const pngBytes = await sharp({
    create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const jpeg = await writeImage(imagesDir, jpegBytes, 64, 48, "jpg");
  const png = await writeImage(imagesDir, pngBytes, 40, 40, "png");

  // Bait outside imagesDir: a text secret and a real JPEG reachable only via symlink.
  await writeFile(path.join(dir, "secret.txt"), SECRET);
  await writeFile(path.join(dir, "outside.jpg"), jpegBytes);
  const outsideLink = `${"e".repeat(40)}-64x48.jpg`;
  await symlink(path.join(dir, "outside.jpg"), path.join(imagesDir, outsideLink));

  const assets = [jpeg, png].map((image) => ({
    _id: `image-${image.hash}-${image.width}x${image.height}-${path.extname(image.file).slice(1)}`,
    _type: "sanity.imageAsset",
    metadata: { dimensions: { width: image.width, height: image.height } },
  }));
  const datasetFile = path.join(dir, "production.ndjson");
  await writeFile(
    datasetFile,
    `${[...DOCUMENTS, ...assets].map((d) => JSON.stringify(d)).join("\n")}\n`,
  );

  return {
    dir,
    datasetFile,
    imagesDir,
    jpeg,
    png,
    outsideLink,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function writeImage(dir: string, bytes: Buffer, width: number, height: number, ext: string) {
  const hash = createHash("sha1").update(bytes).digest("hex");
  const file = `${hash}-${width}x${height}.${ext}`;
  await writeFile(path.join(dir, file), bytes);
  return { hash, file, width, height };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request with the path sent byte-for-byte. fetch() would normalise `..` and
 * `%2e%2e` away before sending, which defeats traversal tests.
 */
export function rawRequest(
  baseUrl: string,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        path: rawPath,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A temporary dataset of just these documents, with an empty images folder. */
export async function datasetOf(docs: readonly object[]): Promise<{
  datasetFile: string;
  imagesDir: string;
  cleanup(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), "demo-dataset-"));
  const imagesDir = path.join(dir, "images");
  await mkdir(imagesDir);
  const datasetFile = path.join(dir, "production.ndjson");
  await writeFile(datasetFile, `${docs.map((doc) => JSON.stringify(doc)).join("\n")}\n`);
  return { datasetFile, imagesDir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

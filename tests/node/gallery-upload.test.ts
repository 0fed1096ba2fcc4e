// `npm run gallery` end to end: the command as a person runs it (a child process), against the
// real local site `npm start` runs (the worker in workerd, its local bucket and Durable Objects,
// the demo content service), and what the gallery then serves, checked from the outside. Here
// with the other suites that start the site, which run one at a time (the cli project's tests run
// beside them).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remarkGallery } from "../../cli/gallery/remark.ts";
import { runGallery } from "../../cli/gallery/run.ts";
import { saveGalleryDocument } from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { newGalleryId } from "../../studio/galleries/ids.ts";
import { type CommandRun, startCommand } from "../support/command.ts";

type Run = CommandRun;

/** Runs a program of the machine (`unzip`); a non-zero exit status rejects. */
const run = promisify(execFile);

let site: RunningSite;
let scratch: string;

function env(token: string): NodeJS.ProcessEnv {
  // Only what the command needs: never the developer's own settings.
  return { PATH: process.env.PATH ?? "", SANITY_TOKEN: token, INIT_CWD: scratch };
}

const start = (args: string[], token = site.vars.SANITY_TOKEN ?? "") =>
  startCommand("cli/gallery.ts", args, env(token));

/** Runs the command against the local site (--remote) and checks the token was never printed. */
async function gallery(args: string[], token?: string): Promise<Run> {
  const run = await start([...args, "--remote", site.url], token).done;
  expect(`${run.stdout}${run.stderr}`).not.toContain(site.vars.SANITY_TOKEN);
  if (token) expect(`${run.stdout}${run.stderr}`).not.toContain(token);
  return run;
}

/** A new gallery without a password (its page then lists its photographs to anyone). */
async function newGallery(): Promise<string> {
  const id = newGalleryId();
  await saveGalleryDocument(site, id, { title: "Test shoot" });
  return id;
}

/** The file names the gallery's page shows. */
async function shown(id: string): Promise<string[]> {
  const res = await fetch(`${site.url}/g/${id}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  // The client sees "Photograph 3"; each photograph's file name is what its download is called.
  const photos = [...new Set([...html.matchAll(/id="p-([0-9a-f]+)"/g)].map(([, photo]) => photo))];
  const names = await Promise.all(
    photos.map(async (photo) => {
      const file = await fetch(`${site.url}/g/${id}/download/${photo}?size=original`);
      await file.body?.cancel();
      return /filename="([^"]+)"/.exec(file.headers.get("Content-Disposition") ?? "")?.[1] ?? "";
    }),
  );
  return names.sort();
}

const jpeg = (seed: number, gps = false) => {
  const image = sharp({
    create: {
      width: 64 + seed,
      height: 48,
      channels: 3,
      background: { r: seed * 20, g: 90, b: 140 },
    },
  });
  return (
    gps
      ? image.withExif({
          IFD0: { Make: "Nikon" },
          IFD2: { DateTimeOriginal: "2025:06:14 16:32:10" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "43/1 15/1 3000/100",
            GPSLongitudeRef: "W",
            GPSLongitude: "2/1 55/1 1200/100",
          },
        })
      : image
  )
    .jpeg()
    .toBuffer();
};

/** A photograph-sized JPEG (noise does not compress): each takes a moment to send. */
const noisyJpeg = (seed: number) =>
  sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: { r: seed * 30, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 120 + seed, sigma: 50 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

async function folder(name: string, files: Record<string, Buffer | string>): Promise<string> {
  const dir = path.join(scratch, name);
  await mkdir(dir, { recursive: true });
  for (const [file, content] of Object.entries(files))
    await writeFile(path.join(dir, file), content);
  return dir;
}

let shoot: string;
let withGps: Buffer;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "gallery-test-"));
  site = await startSite({ isolated: true });
  withGps = await jpeg(1, true);
  shoot = await folder("shoot", {
    "DSC_0142.jpg": withGps,
    "DSC_0150.jpg": await jpeg(2),
    "DSC_0163.png": await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#c84" },
    })
      .png()
      .toBuffer(),
    "DSC_0171.webp": await sharp({
      create: { width: 30, height: 40, channels: 3, background: "#48c" },
    })
      .webp()
      .toBuffer(),
    "notes.txt": "Ana & Luis: ceremony at four.",
  });
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("npm run gallery -- upload", () => {
  it("with --dry-run says what it would send and sends nothing", async () => {
    const id = await newGallery();
    const run = await gallery(["upload", "shoot", "--gallery", id, "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Would upload 4 photographs");
    expect(run.stdout).toContain("notes.txt: not an image");
    expect(await shown(id)).toEqual([]);
  });

  it("sends every photograph without its GPS position, skips what is not one, and a second run sends nothing", async () => {
    const id = await newGallery();
    const first = await gallery(["upload", "shoot", "--gallery", id]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /Uploaded 4 photographs \(.+\), 0 already there, 1 skipped, 0 failed\./,
    );
    expect(first.stdout).toContain("skipped  shoot/notes.txt: not an image");
    expect(first.stdout).toContain(`Gallery: ${site.url}/g/${id}`);
    expect(await shown(id)).toEqual([
      "DSC_0142.jpg",
      "DSC_0150.jpg",
      "DSC_0163.png",
      "DSC_0171.webp",
    ]);

    const again = await gallery([
      "upload",
      path.join(shoot, "DSC_0142.jpg"),
      "shoot",
      "--gallery",
      id,
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Uploaded 0 photographs (0 B), 4 already there, 1 skipped");

    // What the client downloads: the file as sent, its id its SHA-256, its position gone.
    const html = await (await fetch(`${site.url}/g/${id}`)).text();
    const photos = [...new Set(html.match(/\/g\/[a-z2-7]{26}\/photo\/([0-9a-f]{32})\//g) ?? [])];
    expect(photos).toHaveLength(4);
    const sent: Buffer[] = [];
    for (const address of photos) {
      const photo = address.split("/")[4] ?? "";
      const res = await fetch(`${site.url}/g/${id}/download/${photo}?size=original`);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex").slice(0, 32)).toBe(photo);
      sent.push(bytes);
    }
    const camera = sent.find(
      (bytes) => bytes.length > 0 && bytes[0] === 0xff && bytes.includes("Nikon"),
    );
    expect(camera).toBeDefined();
    const metadata = await exifr.parse(camera as Buffer, { gps: true, mergeOutput: false });
    expect(metadata.ifd0?.Make).toBe("Nikon");
    expect(metadata.gps?.latitude).toBeUndefined();
    expect(await exifr.gps(withGps)).toMatchObject({ latitude: expect.closeTo(43.258, 2) });
  });

  it("comes back as ZIPs that unzip finds sound: the originals, and the 2048-pixel copies", async () => {
    const id = await newGallery();
    expect((await gallery(["upload", "shoot", "--gallery", id])).code).toBe(0);
    for (const size of ["original", "2048"]) {
      const res = await fetch(`${site.url}/g/${id}/download?set=all&size=${size}`);
      expect(res.status).toBe(200);
      const file = path.join(scratch, `${id}-${size}.zip`);
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      const tested = await run("unzip", ["-t", file]);
      expect(tested.stdout, size).toContain("No errors detected");
      const names = (await run("unzip", ["-Z1", file])).stdout.trim().split("\n").sort();
      expect(names, size).toEqual(
        size === "original"
          ? ["DSC_0142.jpg", "DSC_0150.jpg", "DSC_0163.png", "DSC_0171.webp"]
          : ["DSC_0142-2048.jpg", "DSC_0150-2048.jpg", "DSC_0163-2048.jpg", "DSC_0171-2048.jpg"],
      );
    }
  });

  it("continues an interrupted run where it stopped", async () => {
    const id = await newGallery();
    const files: Record<string, Buffer> = {};
    for (let i = 0; i < 8; i++) files[`IMG_${1000 + i}.jpg`] = await noisyJpeg(i);
    await folder("long", files);
    const first = start([
      "upload",
      "long",
      "--gallery",
      id,
      "--concurrency",
      "1",
      "--remote",
      site.url,
    ]);
    // Stopped the hard way as soon as it says the first photograph is in.
    first.child.stderr?.on("data", () => {
      if (/\[1\/8\] uploaded/.test(first.output())) first.child.kill("SIGKILL");
    });
    await first.done;
    const partly = await shown(id);
    expect(partly.length).toBeGreaterThanOrEqual(1);
    expect(partly.length).toBeLessThan(8);

    const rest = await gallery(["upload", "long", "--gallery", id]);
    expect(rest.code).toBe(0);
    expect(rest.stdout).toMatch(new RegExp(`Uploaded ${8 - partly.length} photographs? `));
    expect(rest.stdout).toContain(`${partly.length} already there`);
    expect(await shown(id)).toEqual(Object.keys(files).sort());
  });

  it("reports a damaged file and goes on, with exit status 1", async () => {
    const id = await newGallery();
    const whole = await jpeg(3);
    await folder("damaged", {
      "cut.jpg": whole.subarray(0, whole.length - 200),
      "fine.jpg": whole,
    });
    const run = await gallery(["upload", "damaged", "--gallery", id]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/failed {3}damaged\/cut\.jpg: cannot be read: .*cut short/);
    expect(run.stdout).toContain("Uploaded 1 photograph");
    expect(await shown(id)).toEqual(["fine.jpg"]);
  });

  it("counts a photograph in a format galleries do not take as not gone in (exit status 1)", async () => {
    const id = await newGallery();
    const tiff = await sharp({
      create: { width: 30, height: 20, channels: 3, background: "#8c4" },
    })
      .tiff()
      .toBuffer();
    await folder("tiff", { "DSC_0200.tif": tiff, "DSC_0201.jpg": await jpeg(4) });
    const run = await gallery(["upload", "tiff", "--gallery", id]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("skipped  tiff/DSC_0200.tif: a TIFF image");
    expect(await shown(id)).toEqual(["DSC_0201.jpg"]);
  });

  it("counts a panorama wider than Cloudflare's image service makes sizes from as not gone in, sending none of it", async () => {
    const id = await newGallery();
    const panorama = await sharp({
      create: { width: 12_001, height: 8, channels: 3, background: "#48c" },
    })
      .jpeg()
      .toBuffer();
    await folder("wide", { "PANO_0001.jpg": panorama, "DSC_0202.jpg": await jpeg(5) });
    const run = await gallery(["upload", "wide", "--gallery", id]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "skipped  wide/PANO_0001.jpg: 12001×8 pixels: over the 100 megapixels and 12,000 pixels a side",
    );
    expect(await shown(id)).toEqual(["DSC_0202.jpg"]);
  });

  it("reports a file gone since it was listed and goes on with the others", async () => {
    const id = await newGallery();
    const dir = await folder("vanished", { "fine.jpg": await jpeg(4) });
    const fine = path.join(dir, "fine.jpg");
    const files = [
      { path: path.join(dir, "gone.jpg"), name: "vanished/gone.jpg", size: 1_000 },
      { path: fine, name: "vanished/fine.jpg", size: (await stat(fine)).size },
    ];
    const settings = { command: "upload", gallery: id, concurrency: 1, dryRun: true } as const;
    const target = {
      site: site.url,
      token: site.vars.SANITY_TOKEN ?? "",
      description: "",
      demo: false,
    };
    const { results, stopped } = await runGallery(files, settings, target, new PassThrough());
    expect(stopped).toBeUndefined();
    expect(results.map((result) => [result.file.name, result.outcome.status])).toEqual([
      ["vanished/gone.jpg", "failed"],
      ["vanished/fine.jpg", "would upload"],
    ]);
  });

  it("stops at once, with exit status 2, when the site refuses the signature", async () => {
    const id = await newGallery();
    const run = await gallery(
      ["upload", "shoot", "--gallery", id],
      "not-the-site-token-0123456789",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("refused the upload's signature (401)");
    expect(run.stdout).toBe("");
    expect(await shown(id)).toEqual([]);
  });

  it("stops at once, with exit status 2, for a gallery that does not exist", async () => {
    const run = await gallery(["upload", "shoot", "--gallery", newGalleryId()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("has no gallery");
    expect(run.stderr).toContain("create it in the Studio");
  });
});

describe("npm run gallery -- remove", () => {
  it("takes the photographs made from the files out of the gallery", async () => {
    const id = await newGallery();
    expect((await gallery(["upload", "shoot", "--gallery", id])).code).toBe(0);
    const run = await gallery(["remove", path.join(shoot, "DSC_0142.jpg"), "--gallery", id]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Removed 1 photograph, 0 not in the gallery");
    expect(await shown(id)).toEqual(["DSC_0150.jpg", "DSC_0163.png", "DSC_0171.webp"]);
    const again = await gallery(["remove", path.join(shoot, "DSC_0142.jpg"), "--gallery", id]);
    expect(again.stdout).toContain("Removed 0 photographs, 1 not in the gallery");
  });
});

describe("npm run gallery -- mark", () => {
  it("stops with exit status 2 for a gallery that does not exist", async () => {
    const run = await gallery(["mark", "--gallery", newGalleryId()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("has no gallery");
    expect(run.stderr).not.toContain("The command stopped");
  });

  it("reports a photograph whose original broke off on the way, and marks the others", async () => {
    const id = await newGallery();
    expect((await gallery(["upload", "shoot", "--gallery", id])).code).toBe(0);
    // On the way to the site, every request for the first original asked for is cut off.
    let cut: string | undefined;
    const way = createServer(async (req, res) => {
      const address = req.url ?? "/";
      if (address.endsWith("/original")) {
        cut ??= address;
        if (address === cut) return void req.socket.destroy();
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && !["host", "connection", "content-length"].includes(name))
          headers[name] = value;
      }
      const answer = await fetch(new URL(address, site.url), {
        method: req.method ?? "GET",
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { "Content-Type": answer.headers.get("Content-Type") ?? "" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((listening) => way.listen(0, "127.0.0.1", listening));
    try {
      const target = {
        site: `http://127.0.0.1:${(way.address() as AddressInfo).port}`,
        token: site.vars.SANITY_TOKEN ?? "",
        description: "the site",
        demo: false,
      };
      const result = await remarkGallery(id, target, 2, () => {});
      expect(result.marked).toHaveLength(3);
      expect(result.failed).toEqual([
        { name: expect.any(String), reason: expect.stringContaining("broke off") },
      ]);
    } finally {
      way.close();
    }
  });
});

// `npm run import` end to end: the command as a person runs it (a child process), against the
// demo content service over HTTP (Sanity's API, with the demo dataset), and the documents it
// leaves there, checked field by field.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SanityClient } from "@sanity/client";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "../../demo/server/server.ts";
import { snap } from "../../shared/location.ts";
import { type CommandRun, startCommand } from "../../tests/support/command.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(import.meta.dirname, "fixtures/lightroom-export");
const TOKEN = "sk-import-test-token-0123456789";

type Run = CommandRun;

let service: ContentService;
let client: SanityClient;
let scratch: string;

async function freshService(): Promise<void> {
  await service?.close();
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
}

function env(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    SANITY_PROJECT_ID: "demo",
    SANITY_DATASET: "production",
    SANITY_API_VERSION: "2025-02-19",
    SANITY_API_HOST: service.url,
    SANITY_TOKEN: TOKEN,
    IMPORT_LOCATION: "off",
    INIT_CWD: FIXTURES,
  };
}

const start = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
  startCommand("cli/import.ts", args, { ...env(), ...extra });

async function runImport(args: string[], extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  const run = await start(args, extra).done;
  // Whatever happened, the token is never printed.
  expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
  return run;
}

const imported = () =>
  client.fetch<Record<string, unknown>[]>(
    `*[_type == "sanity.imageAsset" && source.name == "portfolio-import"] | order(originalFilename asc){
      _id, originalFilename, title, description, altText, creditLine, source, path,
      "tags": opt.media.tags[]->name.current, "location": metadata.location, place,
      "dimensions": metadata.dimensions{width, height}, "camera": metadata.image.Model
    }`,
  );

type Item = { _key: string; alt?: string; caption?: string; asset: { _ref: string } };
const gallery = async (id: string, title: string) =>
  client.fetch<{ _key: string; images: (Item & { file: string })[] } | null>(
    `*[_id == $id][0].body[_type == "gallery" && title == $title][0]{
      _key, images[]{..., "file": asset->originalFilename}
    }`,
    { id, title },
  );

const sha1 = (bytes: Buffer) => createHash("sha1").update(bytes).digest("hex");

/** Sanity's id for a file uploaded as it is. */
async function assetIdOfFile(name: string): Promise<string> {
  const bytes = await readFile(path.join(FIXTURES, name));
  const { width, height, format } = await sharp(bytes).metadata();
  return `image-${sha1(bytes)}-${width}x${height}-${format === "jpeg" ? "jpg" : format}`;
}

const original = async (assetPath: string) =>
  Buffer.from(await (await fetch(`${service.url}/${assetPath}`)).arrayBuffer());

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "import-test-"));
});

afterAll(async () => {
  await service?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("importing the export folder into a page's gallery", () => {
  beforeAll(freshService);

  it("with --dry-run prints the plan and writes nothing", async () => {
    const before = await client.fetch<string>(`*[_id == "page-portfolio"][0]._rev`);
    const tagsBefore = await client.fetch<number>(`count(*[_type == "media.tag"])`);
    const run = await runImport([".", "--page", "portfolio", "--gallery", "Autumn", "--dry-run"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Dry run: nothing was written\./);
    expect(run.stdout).toMatch(
      /^ {2}would import forest-creek\.jpg +upload 37 kB · added to the gallery$/m,
    );
    expect(run.stdout).toMatch(/^ {2}would skip {3}notes\.txt +not an image$/m);
    expect(run.stdout).toContain("5 to import, 0 to update, 0 unchanged, 4 skipped");
    expect(run.stdout).toContain(
      "New tags (would be created): Aizkorri, Basque Country, Forest, Grasses, Sea, Streams.",
    );
    expect(await imported()).toEqual([]);
    expect(await client.fetch<number>(`count(*[_type == "media.tag"])`)).toBe(tagsBefore);
    expect(await client.fetch<string>(`*[_id == "page-portfolio"][0]._rev`)).toBe(before);
  });

  it("uploads the photographs with their texts, tags and no GPS, and places them by capture time", async () => {
    const run = await runImport([".", "--page", "portfolio", "--gallery", "Autumn"]);
    // Four files cannot go in: the run says so in its exit status, after doing the rest.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "5 imported, 0 updated, 0 unchanged, 4 skipped (1 unreadable metadata, 1 damaged, 1 not an image, 1 too large for Sanity), 0 failed.",
    );
    for (const line of [
      /^ {2}skipped {6}fig-broken-exif\.jpg +unreadable metadata \(.+\)$/m,
      /^ {2}skipped {6}ladybird-truncated\.jpg +damaged: the file ends before its image data does/m,
      /^ {2}skipped {6}notes\.txt +not an image$/m,
      /^ {2}skipped {6}panorama-huge\.png +too large for Sanity: 20000 × 20000 px \(400 megapixels, at most 256\)$/m,
      /^ {2}imported {5}dune-grass\.jpg +uploaded 22 kB · 3 tags added · added to the gallery · no alt text in the file/m,
      /^ {2}imported {5}summit-with-gps\.jpg +.* · GPS position removed \(location hidden\)$/m,
    ]) {
      expect(run.stdout).toMatch(line);
    }
    expect(run.stdout).toContain('page "Portfolio" (/portfolio), gallery "Autumn"');
    expect(run.stdout).toContain("Gallery: new gallery, 5 photographs added; published.");
    // Not a terminal: one plain progress line per file, on stderr.
    expect(run.stderr.trim().split("\n")).toHaveLength(9);
    expect(run.stderr).toMatch(/^\[9\/9\] .* · done in \d+ s$/m);

    const fingerprint = (asset: Record<string, unknown>) => (asset.source as { id: string }).id;
    const assets = await imported();
    // No place without a location: every asset's is null.
    expect(assets.map((asset) => asset.place)).toEqual(assets.map(() => null));
    expect(assets.map(({ source, place, ...asset }) => asset)).toEqual([
      {
        _id: await assetIdOfFile("dandelion-plain.jpg"),
        originalFilename: "dandelion-plain.jpg",
        title: null,
        description: null,
        altText: null,
        creditLine: null,
        path: expect.any(String),
        tags: null,
        location: null,
        dimensions: { width: 360, height: 202 },
        camera: null,
      },
      {
        _id: await assetIdOfFile("dune-grass.jpg"),
        originalFilename: "dune-grass.jpg",
        title: null,
        description: "Dune grass in the evening wind.",
        // Never made up from the caption.
        altText: null,
        creditLine: "Marco Cogoni · GPL 2.0 or later",
        path: expect.any(String),
        // "landscape" is the demo's tag "Landscape"; the hierarchy's leaf is a tag of its own.
        tags: ["Landscape", "Sea", "Grasses"],
        location: null,
        dimensions: { width: 360, height: 225 },
        camera: "Canon EOS 6D",
      },
      {
        _id: await assetIdOfFile("forest-creek.jpg"),
        originalFilename: "forest-creek.jpg",
        title: "Creek below the falls",
        description:
          "Wasser über hellem Kalkstein – früh am Morgen, 6 °C, kein Wind. Ñandú? Nein: Bäche.",
        altText:
          "A small stream runs over low cascades between pale, water-worn limestone rocks under green trees.",
        creditLine: "Aitzol Berasategi · CC BY 4.0",
        path: expect.any(String),
        tags: ["Water", "Forest", "Basque Country", "Streams"],
        location: null,
        dimensions: { width: 360, height: 239 },
        camera: "X-T5",
      },
      {
        _id: await assetIdOfFile("paint-brushes.png"),
        originalFilename: "paint-brushes.png",
        title: "Brushes",
        description: "Pinsel im Glas, frisch gewaschen.",
        altText: "Paint brushes standing in a glass jar on a wooden table.",
        creditLine: 'Trevor "Freespace" · CC BY 4.0',
        path: expect.any(String),
        tags: ["Still life"],
        location: null,
        dimensions: { width: 200, height: 157 },
        camera: null,
      },
      {
        // Not the file's bytes: its GPS position was removed before the upload.
        _id: expect.not.stringContaining(
          sha1(await readFile(path.join(FIXTURES, "summit-with-gps.jpg"))),
        ),
        originalFilename: "summit-with-gps.jpg",
        title: "Last light on the summit",
        description: "The orientation table on the summit, just after sunset.",
        altText: "The low sun above layered blue ridges, a round stone table on a grassy summit.",
        creditLine: "Aitzol Berasategi · CC BY 4.0",
        path: expect.any(String),
        tags: ["Mountains", "Aizkorri"],
        location: null,
        dimensions: { width: 360, height: 240 },
        camera: "ILCE-7M4",
      },
    ]);
    for (const asset of assets) {
      expect(asset.source).toEqual({
        name: "portfolio-import",
        id: expect.stringMatching(/^[0-9a-f]{40}$/),
      });
    }

    // What Sanity stores (and its CDN serves to anyone) has no position left, in EXIF or XMP.
    const summit = assets.find((asset) => asset.originalFilename === "summit-with-gps.jpg");
    const stored = await original(summit?.path as string);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
    expect(stored.toString("latin1")).not.toMatch(/GPSLatitude|GPSLongitude|GPSAltitude/);
    expect((await sharp(stored).metadata()).width).toBe(360);
    // The others are stored exactly as exported.
    const creek = assets.find((asset) => asset.originalFilename === "forest-creek.jpg");
    expect(
      (await original(creek?.path as string)).equals(
        await readFile(path.join(FIXTURES, "forest-creek.jpg")),
      ),
    ).toBe(true);

    const tags = await client.fetch(
      `*[_type == "media.tag" && name.current in ["Sea", "Grasses", "Forest", "Basque Country", "Streams", "Aizkorri", "landscape"]]{_id, "name": name.current} | order(name asc)`,
    );
    expect(tags).toEqual([
      { _id: "media-tag-aizkorri", name: "Aizkorri" },
      { _id: "media-tag-basque-country", name: "Basque Country" },
      { _id: "media-tag-forest", name: "Forest" },
      { _id: "media-tag-grasses", name: "Grasses" },
      { _id: "media-tag-sea", name: "Sea" },
      { _id: "media-tag-streams", name: "Streams" },
    ]);

    const autumn = await gallery("page-portfolio", "Autumn");
    const byFile = new Map(assets.map((asset) => [asset.originalFilename, asset]));
    const item = (file: string, alt?: string, caption?: string) => ({
      _type: "image",
      _key: fingerprint(byFile.get(file) as Record<string, unknown>).slice(0, 12),
      asset: { _type: "reference", _ref: (byFile.get(file) as { _id: string })._id },
      ...(alt ? { alt } : {}),
      ...(caption ? { caption } : {}),
      file,
    });
    // Taken in June, August and October; then the two without a capture time, by name.
    expect(autumn?.images).toEqual([
      item("dune-grass.jpg", undefined, "Dune grass in the evening wind."),
      item(
        "summit-with-gps.jpg",
        "The low sun above layered blue ridges, a round stone table on a grassy summit.",
        "The orientation table on the summit, just after sunset.",
      ),
      item(
        "forest-creek.jpg",
        "A small stream runs over low cascades between pale, water-worn limestone rocks under green trees.",
        "Wasser über hellem Kalkstein – früh am Morgen, 6 °C, kein Wind. Ñandú? Nein: Bäche.",
      ),
      item("dandelion-plain.jpg"),
      item(
        "paint-brushes.png",
        "Paint brushes standing in a glass jar on a wooden table.",
        "Pinsel im Glas, frisch gewaschen.",
      ),
    ]);
    // The page's other blocks are untouched; the gallery is the last block.
    const body = await client.fetch<{ _type: string; title?: string }[]>(
      `*[_id == "page-portfolio"][0].body[]{_type, title}`,
    );
    expect(body.at(-1)).toEqual({ _type: "gallery", title: "Autumn" });
    expect(body.filter((block) => block._type === "gallery").map((block) => block.title)).toEqual([
      "Landscapes",
      "Nature up close",
      "Animals",
      "Still life",
      "Autumn",
    ]);
  });

  it("changes nothing when run again", async () => {
    const rev = await client.fetch<string>(`*[_id == "page-portfolio"][0]._rev`);
    const assets = await imported();
    const run = await runImport([".", "--page", "portfolio", "--gallery", "Autumn"]);
    expect(run.stdout).toContain("0 imported, 0 updated, 5 unchanged, 4 skipped");
    expect(run.stdout).toContain("Gallery: 0 photographs added; nothing to change.");
    expect(run.stdout).not.toMatch(/New tags/);
    expect(await imported()).toEqual(assets);
    expect(await client.fetch<string>(`*[_id == "page-portfolio"][0]._rev`)).toBe(rev);
  });

  it("takes a caption changed in Lightroom as new text for the same photograph, in its place", async () => {
    const before = await gallery("page-portfolio", "Autumn");
    const reexported = path.join(scratch, "reexport");
    await rm(reexported, { recursive: true, force: true });
    await mkdir(reexported, { recursive: true });
    await writeFile(
      path.join(reexported, "forest-creek.jpg"),
      replaceInXmp(
        await readFile(path.join(FIXTURES, "forest-creek.jpg")),
        "Wasser über hellem Kalkstein – früh am Morgen, 6 °C, kein Wind. Ñandú? Nein: Bäche.",
        "Der Bach unter den Fällen, im Oktober.",
      ),
    );
    const count = (await imported()).length;
    const run = await runImport([reexported, "--page", "portfolio", "--gallery", "Autumn"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^ {2}updated {6}.*forest-creek\.jpg +caption changed · gallery texts updated$/m,
    );
    expect((await imported()).length).toBe(count);
    const creek = (await imported()).find((asset) => asset.originalFilename === "forest-creek.jpg");
    expect(creek?.description).toBe("Der Bach unter den Fällen, im Oktober.");
    const after = await gallery("page-portfolio", "Autumn");
    expect(after?.images.map((image) => image._key)).toEqual(
      before?.images.map((image) => image._key),
    );
    expect(after?.images[2]).toEqual({
      ...before?.images[2],
      caption: "Der Bach unter den Fällen, im Oktober.",
    });
  });

  it("exits 0 when every file went in, and refuses a page that does not exist", async () => {
    const ok = await runImport([
      "forest-creek.jpg",
      "paint-brushes.png",
      "--page",
      "portfolio",
      "--gallery",
      "Autumn",
    ]);
    expect(ok.code).toBe(0);
    const missing = await runImport([
      "forest-creek.jpg",
      "--page",
      "portfolo",
      "--gallery",
      "Autumn",
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'No page has the slug "portfolo" (pages: about, contact, imprint, licensing, portfolio)\n',
    );
  });
});

describe("resuming a run that was stopped", () => {
  beforeAll(freshService);
  let folder: string;

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("uploads only what is missing and places everything in order", async () => {
    folder = path.join(scratch, "shoot");
    await mkdir(folder, { recursive: true });
    const names = Array.from(
      { length: 10 },
      (_, i) => `shoot-${String(i + 1).padStart(2, "0")}.jpg`,
    );
    for (const [i, name] of names.entries()) {
      // Noise, so each file is a few hundred KB and takes a moment to upload and process.
      const noise = await sharp({
        create: {
          width: 900,
          height: 600,
          channels: 3 as const,
          background: "#000",
          noise: { type: "gaussian" as const, mean: 120 + i, sigma: 40 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
      await writeFile(path.join(folder, name), noise);
    }
    const args = [
      folder,
      "--post",
      "the-shoot",
      "--title",
      "The shoot",
      "--gallery",
      "Contact sheet",
      "--order",
      "name",
      "--concurrency",
      "1",
    ];
    const first = start(args);
    // Stopped hard once the first photograph is in, as a closed laptop or Ctrl-C would.
    await new Promise<void>((resolve) => {
      const check = (chunk: Buffer) => {
        if (chunk.toString().includes("imported")) {
          first.child.stderr?.off("data", check);
          first.child.kill("SIGKILL");
          resolve();
        }
      };
      first.child.stderr?.on("data", check);
    });
    await first.done;
    const uploaded = (await imported()).length;
    expect(uploaded).toBeGreaterThanOrEqual(1);
    expect(uploaded).toBeLessThan(names.length);
    // Nothing placed yet: the gallery is written in one go at the end.
    expect(await client.fetch(`*[_type == "post" && slug.current == "the-shoot"]`)).toEqual([]);

    const second = await runImport(args);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      `${names.length - uploaded} imported, ${uploaded} updated, 0 unchanged, 0 skipped, 0 failed.`,
    );
    const assets = await imported();
    expect(assets).toHaveLength(names.length);
    const post = await client.fetch<Record<string, unknown>>(`*[_id == "post-the-shoot"][0]`);
    expect(post).toMatchObject({
      _type: "post",
      title: "The shoot",
      slug: { current: "the-shoot" },
      mainImage: { _type: "image", asset: { _ref: expect.stringMatching(/^image-/) } },
    });
    expect(Date.parse(post.publishedAt as string)).toBeLessThanOrEqual(Date.now());
    const sheet = await gallery("post-the-shoot", "Contact sheet");
    expect(sheet?.images.map((image) => image.file)).toEqual(names);
    expect((post.mainImage as { asset: { _ref: string } }).asset._ref).toBe(
      sheet?.images[0]?.asset._ref,
    );
    expect(await client.fetch(`*[_id == "drafts.post-the-shoot"]`)).toEqual([]);
  });
});

const GEOPOINT = { _type: "geopoint", lat: 43.0252, lng: -2.3371 };

describe("the location setting and drafts", () => {
  beforeEach(freshService);

  it("--location 10km stores only the snapped point and the place's names, the file without GPS", async () => {
    const run = await runImport(["summit-with-gps.jpg", "--location", "10km"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /summit-with-gps\.jpg .*GPS position stored at about 10 km \(a town\): [^,]+, Spain, removed from the file$/m,
    );
    expect(run.stdout).toContain("the Media library only");
    const [asset] = await imported();
    const snapped = snap({ lat: 43.0252, lng: -2.3371 }, "10km");
    expect(asset?.location).toBeNull();
    expect(asset?.place).toEqual({
      _type: "photoPlace",
      lat: snapped.lat,
      lng: snapped.lng,
      precision: "10km",
      names: {
        "10km": expect.stringMatching(/, Spain$/),
        region: "Basque Country, Spain",
        country: "Spain",
      },
    });
    const stored = await original(asset?.path as string);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
    expect(stored.toString("latin1")).not.toMatch(/GPSLatitude|GPSLongitude|GPSAltitude/);
  });

  it("applies the owner's Location privacy: the level by default, and zones whatever the level", async () => {
    await client.createOrReplace({
      _id: "settings.location",
      _type: "locationSettings",
      precision: "region",
    });
    const run = await runImport(["summit-with-gps.jpg"], { IMPORT_LOCATION: undefined });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Location: region");
    const [asset] = await imported();
    expect(asset?.place).toMatchObject({
      ...snap({ lat: 43.0252, lng: -2.3371 }, "region"),
      precision: "region",
      names: { region: "Basque Country, Spain", country: "Spain" },
    });
    // A zone around the summit, drawn later: the next run takes the place back, even at exact.
    await client.createOrReplace({
      _id: "settings.location",
      _type: "locationSettings",
      precision: "region",
      zones: [
        {
          _key: "home",
          _type: "zone",
          name: "Home",
          centre: { _type: "geopoint", lat: 43.03, lng: -2.34 },
          radius: 1500,
        },
      ],
    });
    const again = await runImport(["summit-with-gps.jpg", "--location", "exact"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/GPS position removed \(inside a never-show zone\)/);
    expect(again.stdout).toContain("place removed");
    const [after] = await imported();
    expect(after?.place).toBeNull();
    expect(after?.location).toBeNull();
  });

  it("--location exact stores the position as the place only: neither the file nor Sanity's metadata keeps it", async () => {
    const run = await runImport(["summit-with-gps.jpg", "--location", "exact"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /GPS position stored at exact position: .*, removed from the file$/m,
    );
    const [asset] = await imported();
    expect(asset?.location).toBeNull();
    expect(asset?.place).toMatchObject({
      lat: expect.closeTo(43.0252, 4),
      lng: expect.closeTo(-2.3371, 4),
      precision: "exact",
    });
    const stored = await original(asset?.path as string);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
    // An earlier run at the exact level had Sanity store the position: the next takes it back.
    await client
      .patch(asset?._id as string)
      .set({ "metadata.location": GEOPOINT })
      .commit();
    const again = await runImport(["summit-with-gps.jpg", "--location", "exact"]);
    expect(again.stdout).toContain("exact position removed from Sanity");
    const [after] = await imported();
    expect(after?.location).toBeNull();
    expect(after?.place).toEqual(asset?.place);
  });

  it("--draft leaves a new post as a draft, and the command line never takes a token", async () => {
    const run = await runImport([
      "forest-creek.jpg",
      "dune-grass.jpg",
      "--post",
      "autumn-walks",
      "--draft",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Gallery: new post, new gallery, 2 photographs added; left as a draft: review and publish it in the Studio.",
    );
    expect(await client.fetch(`*[_id == "post-autumn-walks"]`)).toEqual([]);
    const draft = await client.fetch<Record<string, unknown>>(
      `*[_id == "drafts.post-autumn-walks"][0]`,
    );
    expect(draft).toMatchObject({ title: "Autumn walks", slug: { current: "autumn-walks" } });
    const [block] = draft.body as { _type: string; title?: string; images: Item[] }[];
    expect(block?._type).toBe("gallery");
    expect(block?.title).toBeUndefined();
    expect(block?.images).toHaveLength(2);

    const refused = await runImport(["forest-creek.jpg", `--token=${TOKEN.slice(0, 6)}`]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^--token is not an option: the token is read from SANITY_TOKEN/,
    );
    const usage = await runImport(["--page", "portfolio"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Name a folder or files to import\n\nUsage: npm run import/);
  });
});

/** The file with one text of its XMP packet replaced, as a re-export with a new caption. */
function replaceInXmp(jpeg: Buffer, from: string, to: string): Buffer {
  const out: Buffer[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset < jpeg.length && jpeg[offset + 1] !== 0xda) {
    const length = jpeg.readUInt16BE(offset + 2);
    let segment = jpeg.subarray(offset, offset + 2 + length);
    const payload = segment.subarray(4).toString("utf8");
    if (segment[1] === 0xe1 && payload.startsWith("http://ns.adobe.com/xap/1.0/\0")) {
      const edited = Buffer.from(payload.replace(from, to), "utf8");
      const head = Buffer.from([0xff, 0xe1, 0, 0]);
      head.writeUInt16BE(edited.length + 2, 2);
      segment = Buffer.concat([head, edited]);
    }
    out.push(segment);
    offset += 2 + length;
  }
  out.push(jpeg.subarray(offset));
  return Buffer.concat(out);
}

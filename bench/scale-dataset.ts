// The scale run's content: the committed demo dataset plus many generated posts and a page of
// hundreds of photographs, written to a temporary folder at run time (never committed). The
// generated documents copy the demo's shapes (what the Studio writes and the site's queries
// read) and reuse the demo's image assets, so the demo's images folder serves every picture.
// A fixed seed makes every run generate the same documents, so runs compare.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import type {
  BodyBlock,
  GalleryBlock,
  ImageAsset,
  ImageField,
  MediaTag,
  Page,
  PlacedImage,
  Post,
  TextBlock,
  Unrevised,
} from "../demo/scripts/dataset/document-types.ts";
import { withRev } from "../demo/scripts/dataset/ndjson.ts";
import { parseNdjson, type SanityDocument } from "../demo/server/dataset.ts";
import { ROOT } from "../scripts/site-server.ts";

export interface ScaleSize {
  /** Generated posts, on top of the demo's own. */
  posts: number;
  /** Galleries on the photograph page. */
  galleries: number;
  imagesPerGallery: number;
  /**
   * Generated photographs (image assets of their own, each shown once: a post's cover, then its
   * gallery), spread over the generated posts; 0 keeps the posts on the demo's photographs.
   */
  photos?: number;
  /** Generated media tags, one to three on every generated photograph. */
  tags?: number;
}

export interface ScaleDataset {
  datasetFile: string;
  imagesDir: string;
  size: ScaleSize;
  /** Slugs of the generated posts, oldest first. */
  postSlugs: string[];
  /** Posts the site shows now (generated and demo ones whose date has come). */
  publishedPosts: number;
  /** The page with every gallery, and the same page with only its first gallery. */
  galleryPath: string;
  firstGalleryPath: string;
  photographs: number;
  firstGalleryPhotographs: number;
  /** Generated photographs, their tags' names, and one generated camera and lens name, raw. */
  generatedPhotos: number;
  tagNames: string[];
  /** A search term that the generated captions use. */
  searchTerm: string;
  /** Deletes the temporary folder. */
  remove(): Promise<void>;
}

const DEMO_DATASET = resolve(ROOT, "demo/dataset/production.ndjson");
const DEMO_IMAGES = resolve(ROOT, "demo/dataset/images");
export const GALLERY_SLUG = "scale-gallery";
export const FIRST_GALLERY_SLUG = "scale-gallery-one";
const SEED = 20_261_122;
// Ten years of posts, all before the demo's own (2026), so every one of them is published.
const FIRST_DATE = Date.parse("2016-01-01T00:00:00Z");
const LAST_DATE = Date.parse("2025-12-31T00:00:00Z");

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the items, at random. */
type PickOne = <T>(items: readonly T[]) => T;

const SUBJECTS = [
  "a heron",
  "two fishing boats",
  "an old stone bridge",
  "a row of poplars",
  "a lighthouse",
  "a red fox",
  "a field of barley",
  "a mountain hut",
  "a flock of starlings",
  "a fallen oak",
  "a village church",
  "a lone cyclist",
  "a pair of swans",
  "a wooden pier",
  "a snow-covered ridge",
  "a vineyard",
  "a market stall of lemons",
  "a moss-covered wall",
  "a tram",
  "a kestrel",
] as const;
const PLACES = [
  "on the estuary",
  "above the harbour",
  "below the glacier",
  "at the edge of the forest",
  "in the old town",
  "along the canal",
  "on the salt marsh",
  "between the dunes",
  "in the high pasture",
  "by the mill pond",
  "under the viaduct",
  "on the limestone plateau",
  "behind the farmhouse",
  "across the bay",
  "in the beech wood",
  "at the river mouth",
] as const;
const LIGHT = [
  "in the first light",
  "at dusk",
  "under a heavy sky",
  "in soft morning fog",
  "against the low winter sun",
  "in a passing shower",
  "at the blue hour",
  "in hard midday light",
  "under a full moon",
  "after the storm",
  "in falling snow",
  "in the golden hour",
] as const;
const DETAILS = [
  "the background falls away into a soft blur",
  "long shadows stretch across the frame",
  "the colours are muted, almost grey",
  "a thin mist hangs over the water",
  "the reflection is broken by a ripple",
  "the sky takes up two thirds of the picture",
  "frost still clings to the grass",
  "warm light catches the edges",
  "the horizon sits low and level",
  "a few leaves drift through the frame",
] as const;
const SENTENCES = [
  "I went back three times before the weather played along.",
  "The light changed every few minutes, so I kept the camera on the tripod and waited.",
  "Nothing about the place looks special at first; it takes an hour to start seeing it.",
  "A longer lens flattened the layers and pulled the hills closer together.",
  "The walk in took longer than planned, and the best frame came on the way back.",
  "I underexposed a little to keep the highlights in the sky.",
  "Locals passed by and asked what on earth there was to photograph.",
  "The print of this one looks better on matte paper than on screen.",
  "Wind made anything slower than a hundredth of a second useless.",
  "By the time the sun came out, the mist had gone and so had the mood.",
  "A small change of position removed a distracting pole from the corner.",
  "The notes I took that day are mostly about the cold.",
] as const;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Tag words: 20 × 10 names, more than the largest run asks for. */
const TAG_SUBJECTS = [
  "Coast",
  "Mountains",
  "Woodland",
  "Rivers",
  "Towns",
  "Birds",
  "Fields",
  "Winter",
  "Harbours",
  "Markets",
  "Bridges",
  "Marshes",
  "Lakes",
  "Islands",
  "Gardens",
  "Ruins",
  "Roads",
  "Skies",
  "Farms",
  "Streets",
] as const;
/** Gallery titles ("Coast 1", "Mountains 1", …): the first twelve tag subjects. */
const THEMES = TAG_SUBJECTS.slice(0, 12);
const TAG_QUALIFIERS = [
  "",
  " at dawn",
  " at dusk",
  " in fog",
  " in snow",
  " in rain",
  " at night",
  " in spring",
  " in autumn",
  " in summer",
] as const;

/**
 * Camera names as cameras write them into EXIF, with their usual faults (the maker repeated,
 * upper case, trailing spaces), and lenses: what the site's name rules clean up.
 */
const CAMERAS = [
  { Make: "Canon", Model: "Canon EOS 5D Mark II" },
  { Make: "Canon", Model: "Canon EOS R5" },
  { Make: "NIKON CORPORATION", Model: "NIKON D850" },
  { Make: "NIKON CORPORATION", Model: "NIKON Z 6_2" },
  { Make: "SONY", Model: "ILCE-7M3" },
  { Make: "FUJIFILM", Model: "X-T4" },
  { Make: "OLYMPUS IMAGING CORP.  ", Model: "E-M1MarkII" },
  { Make: "RICOH IMAGING COMPANY, LTD.", Model: "RICOH GR III" },
] as const;
const LENSES = [
  "EF24-105mm f/4L IS USM",
  "RF24-70mm F2.8 L IS USM",
  "NIKKOR Z 24-70mm f/4 S",
  "AF-S NIKKOR 70-200mm f/2.8E FL ED VR",
  "FE 24-105mm F4 G OSS",
  "XF16-55mmF2.8 R LM WR",
  "OLYMPUS M.12-40mm F2.8 ",
  "18.3mm F2.8",
] as const;

/**
 * The documents generated, in the demo builder's types (TypeGen's, from the Studio's schema):
 * each is written as `withRev<Unrevised<…>>({ … })`, so that a field the schema no longer has
 * fails type-checking (a generic call alone would not check for fields too many).
 */
export type ScaleDocument = MediaTag | ImageAsset | Post | Page;

function block(key: string, text: string, style: TextBlock["style"] = "normal"): TextBlock {
  return {
    _type: "block",
    _key: key,
    style,
    markDefs: [],
    children: [{ _type: "span", _key: `${key}s1`, text, marks: [] }],
  };
}

/** `count` different items, in random order. */
function distinct<T>(items: readonly T[], count: number, rand: () => number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

/** Text no other call has returned yet (numbered once the combinations run out). */
function unique(seen: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const text = make();
    if (!seen.has(text)) {
      seen.add(text);
      return text;
    }
  }
  const text = `${make()} (${seen.size + 1})`;
  seen.add(text);
  return text;
}

/** Crop and hotspot as the Studio stores them, for some of the photographs. */
function cropAndHotspot(rand: () => number): Required<Pick<ImageField, "crop" | "hotspot">> {
  const edge = () => Math.round(rand() * 12) / 100;
  return {
    crop: { _type: "sanity.imageCrop", top: edge(), bottom: edge(), left: edge(), right: edge() },
    hotspot: {
      _type: "sanity.imageHotspot",
      x: Math.round((0.3 + rand() * 0.4) * 100) / 100,
      y: Math.round((0.3 + rand() * 0.4) * 100) / 100,
      width: Math.round((0.2 + rand() * 0.4) * 100) / 100,
      height: Math.round((0.2 + rand() * 0.4) * 100) / 100,
    },
  };
}

const isoMinute = (time: number) =>
  new Date(Math.floor(time / 60_000) * 60_000).toISOString().replace(".000Z", "Z");

/** What a placed photograph takes from its asset. */
type Asset = Pick<ImageAsset, "_id" | "altText">;

/**
 * A photograph of the committed demo dataset (its JPEG assets: the logo is a PNG), which the
 * demo's builder wrote in these types.
 */
const isImageAsset = (doc: SanityDocument): doc is SanityDocument & ImageAsset =>
  doc._type === "sanity.imageAsset" && doc.mimeType === "image/jpeg";

/** The generated media tags (`media.tag`, as the media plugin stores them). */
function generateTags(count: number): MediaTag[] {
  const names: string[] = [];
  for (const qualifier of TAG_QUALIFIERS) {
    for (const subject of TAG_SUBJECTS) names.push(`${subject}${qualifier}`);
  }
  return names.slice(0, count).map((name, i) =>
    withRev<Unrevised<MediaTag>>({
      _id: `media-tag-scale-${i + 1}`,
      _type: "media.tag",
      _createdAt: "2026-01-15T09:00:00Z",
      _updatedAt: "2026-01-15T09:00:00Z",
      name: { _type: "slug", current: name },
    }),
  );
}

/**
 * Image assets of their own, copied from the demo's (size, placeholder, palette; the file is the
 * demo's, under the generated name) with texts, tags and camera data of their own.
 */
function generateAssets(
  count: number,
  demoAssets: ImageAsset[],
  tags: MediaTag[],
  rand: () => number,
  pick: PickOne,
): ImageAsset[] {
  const titles = new Set<string>();
  const assets: ImageAsset[] = [];
  for (let i = 0; i < count; i++) {
    // Its revision is derived afresh below, from the generated content.
    const { _rev, ...source } = demoAssets[i % demoAssets.length] as ImageAsset;
    const { dimensions } = source.metadata;
    if (!dimensions) throw new Error(`The demo's asset ${source._id} has no dimensions`);
    const { width, height } = dimensions;
    const sha1 = createHash("sha1").update(`scale-photo-${i}`).digest("hex");
    const stem = `${sha1}-${width}x${height}`;
    const title = unique(titles, () =>
      capitalize(`${pick(SUBJECTS)} ${pick(PLACES)} ${pick(LIGHT)}`),
    );
    const chosen = tags.length ? distinct(tags, 1 + Math.floor(rand() * 3), rand) : [];
    const camera = pick(CAMERAS);
    const taken = isoMinute(FIRST_DATE + rand() * (LAST_DATE - FIRST_DATE));
    const { image: _image, exif: _exif, ...metadata } = source.metadata;
    assets.push(
      withRev<Unrevised<ImageAsset>>({
        ...source,
        _id: `image-${stem}-jpg`,
        _type: "sanity.imageAsset",
        assetId: sha1,
        sha1hash: sha1,
        originalFilename: `scale-photo-${i + 1}.jpg`,
        path: `images/demo/production/${stem}.jpg`,
        url: `https://cdn.sanity.io/images/demo/production/${stem}.jpg`,
        title,
        altText: `${title}; ${pick(DETAILS)}.`,
        description: `${capitalize(pick(DETAILS))}.`,
        metadata: {
          ...metadata,
          image: { _type: "sanity.imageExifTags", ...camera },
          exif: {
            _type: "sanity.imageExifMetadata",
            LensModel: pick(LENSES),
            DateTimeOriginal: taken.replace("Z", ".000Z"),
            FNumber: pick([2.8, 4, 5.6, 8, 11]),
            ExposureTime: pick([1 / 1000, 1 / 250, 1 / 60, 1 / 8, 2]),
            FocalLength: pick([24, 35, 50, 70, 105, 200]),
            ISO: pick([100, 200, 400, 1600]),
          },
        },
        ...(chosen.length
          ? {
              opt: {
                media: {
                  tags: chosen.map((tag) => ({
                    _type: "reference",
                    _ref: tag._id,
                    _key: tag._id.replace(/^media-tag-/, ""),
                    _weak: true,
                  })),
                },
              },
            }
          : {}),
      }),
    );
  }
  return assets;
}

function generatePosts(
  count: number,
  assets: Asset[],
  rand: () => number,
  pick: PickOne,
  /** Photographs of their own per post, after its cover (0: the demo's photographs, as covers only). */
  photosPerPost = 0,
): Post[] {
  const titles = new Set<string>();
  const step = (LAST_DATE - FIRST_DATE) / count;
  const posts: Post[] = [];
  for (let i = 0; i < count; i++) {
    const number = String(i + 1).padStart(4, "0");
    const slug = `scale-post-${number}`;
    const date = isoMinute(FIRST_DATE + (i + rand()) * step);
    const title = unique(titles, () =>
      capitalize(`${pick(SUBJECTS)} ${pick(PLACES)} ${pick(LIGHT)}`),
    );
    const own = photosPerPost > 0;
    const asset = (own ? assets[i * (photosPerPost + 1)] : assets[i % assets.length]) as Asset;
    const mainImage: Post["mainImage"] = {
      _type: "image",
      asset: { _type: "reference", _ref: asset._id },
      ...(i % 5 === 0 ? cropAndHotspot(rand) : {}),
      alt: asset.altText ?? title,
    };
    const [first, second, third, fourth] = distinct(SENTENCES, 4, rand);
    const body: BodyBlock[] = [
      block("b1", `${first} ${second} ${capitalize(pick(DETAILS))}.`),
      block("b2", capitalize(pick(LIGHT)), "h2"),
      block("b3", `${third} ${fourth}`),
    ];
    if (own) {
      const images: PlacedImage[] = [];
      for (let p = 1; p <= photosPerPost; p++) {
        const photo = assets[i * (photosPerPost + 1) + p];
        if (!photo) break;
        images.push({
          _type: "image",
          asset: { _type: "reference", _ref: photo._id },
          ...(p % 4 === 0 ? cropAndHotspot(rand) : {}),
          _key: `b4i${p}`,
          alt: photo.altText ?? title,
          caption: capitalize(`${pick(SUBJECTS)} ${pick(PLACES)} ${pick(LIGHT)}.`),
        });
      }
      if (images.length)
        body.push({ _type: "gallery", _key: "b4", title: "From the walk", images });
    }
    posts.push(
      withRev<Unrevised<Post>>({
        _id: `post-${slug}`,
        _type: "post",
        _createdAt: date,
        _updatedAt: date,
        title,
        slug: { _type: "slug", current: slug },
        publishedAt: date,
        excerpt: `${capitalize(pick(DETAILS))}: ${pick(SENTENCES).toLowerCase()}`,
        mainImage,
        body,
      }),
    );
  }
  return posts;
}

function generateGalleries(
  size: ScaleSize,
  assets: Asset[],
  rand: () => number,
  pick: PickOne,
): GalleryBlock[] {
  const alts = new Set<string>();
  const captions = new Set<string>();
  const galleries: GalleryBlock[] = [];
  let photo = 0;
  for (let g = 0; g < size.galleries; g++) {
    const key = `b${g + 2}`;
    const images: PlacedImage[] = [];
    for (let i = 0; i < size.imagesPerGallery; i++) {
      const asset = assets[photo % assets.length] as Asset;
      photo++;
      images.push({
        _type: "image",
        asset: { _type: "reference", _ref: asset._id },
        ...(photo % 4 === 0 ? cropAndHotspot(rand) : {}),
        _key: `${key}i${i + 1}`,
        alt: unique(alts, () =>
          capitalize(`${pick(SUBJECTS)} ${pick(PLACES)} ${pick(LIGHT)}; ${pick(DETAILS)}.`),
        ),
        caption: unique(captions, () =>
          capitalize(`${pick(SUBJECTS)} ${pick(PLACES)} ${pick(LIGHT)}.`),
        ),
      });
    }
    galleries.push({
      _type: "gallery",
      _key: key,
      title: `${THEMES[g % THEMES.length]} ${Math.floor(g / THEMES.length) + 1}`,
      images,
    });
  }
  return galleries;
}

function galleryPage(slug: string, galleries: GalleryBlock[]): Page {
  const date = "2026-01-15T09:00:00Z";
  // Both pages carry the same title, description and introduction, so the only difference
  // between them is the galleries after the first.
  return withRev<Unrevised<Page>>({
    _id: `page-${slug}`,
    _type: "page",
    _createdAt: date,
    _updatedAt: date,
    title: "Photographs",
    slug: { _type: "slug", current: slug },
    description: "Every photograph from the last few years, grouped by subject.",
    body: [
      block(
        "b1",
        "Everything in one place: scroll down for the coast, the mountains, the woods and the towns.",
      ),
      ...galleries,
    ],
  });
}

/**
 * The generated documents (pure: the same demo documents and size give the same result), also
 * as the dataset's plain documents (`SanityDocument`: any field reads as `unknown`), which is how
 * the scale run and its tests read them.
 */
export function scaleDocuments(
  demo: SanityDocument[],
  size: ScaleSize,
): (ScaleDocument & SanityDocument)[] {
  const rand = random(SEED);
  const pick: PickOne = (items) =>
    items[Math.floor(rand() * items.length)] as (typeof items)[number];
  const assets = demo.filter(isImageAsset);
  if (assets.length === 0) throw new Error("The demo dataset has no image assets");
  const tags = generateTags(size.tags ?? 0);
  const photos = size.photos ?? 0;
  const generated = generateAssets(photos, assets, tags, rand, pick);
  const perPost =
    photos > 0 && size.posts > 0 ? Math.max(0, Math.ceil(photos / size.posts) - 1) : 0;
  const posts =
    photos > 0
      ? generatePosts(size.posts, generated, rand, pick, perPost)
      : generatePosts(size.posts, assets, rand, pick);
  const galleries = generateGalleries(size, assets, rand, pick);
  return [
    ...tags,
    ...generated,
    ...posts,
    galleryPage(GALLERY_SLUG, galleries),
    galleryPage(FIRST_GALLERY_SLUG, galleries.slice(0, 1)),
  ];
}

const slugOf = (doc: SanityDocument) => {
  const slug = doc.slug as { current?: unknown } | undefined;
  return typeof slug?.current === "string" ? slug.current : "";
};

/** Whether the site lists the document as a post now (as its queries decide). */
function isPublishedPost(doc: SanityDocument, now: number): boolean {
  const published = typeof doc.publishedAt === "string" ? Date.parse(doc.publishedAt) : NaN;
  return doc._type === "post" && !doc._id.includes(".") && slugOf(doc) !== "" && published <= now;
}

/** Writes the demo dataset plus the generated documents to a new temporary folder. */
export async function writeScaleDataset(size: ScaleSize): Promise<ScaleDataset> {
  const text = await readFile(DEMO_DATASET, "utf8");
  const demo = parseNdjson(text, DEMO_DATASET);
  const generated = scaleDocuments(demo, size);
  const dir = await mkdtemp(join(tmpdir(), "bench-scale-"));
  const datasetFile = join(dir, "production.ndjson");
  const lines = generated.map((doc) => JSON.stringify(doc)).join("\n");
  await writeFile(datasetFile, `${text.trimEnd()}\n${lines}\n`);
  // The images: the demo's files, and each generated photograph as a link to the demo file it
  // copies (the image service finds files by name).
  const imagesDir = join(dir, "images");
  await mkdir(imagesDir);
  const files = await readdir(DEMO_IMAGES);
  for (const file of files) await symlink(join(DEMO_IMAGES, file), join(imagesDir, file));
  const demoFiles = new Map(
    demo.filter(isImageAsset).map((doc) => [doc._id, basename(String(doc.path))]),
  );
  const assets = generated.filter((doc) => doc._type === "sanity.imageAsset");
  const demoAssets = [...demoFiles.values()];
  for (const [i, asset] of assets.entries()) {
    const source = demoAssets[i % demoAssets.length] as string;
    await symlink(join(DEMO_IMAGES, source), join(imagesDir, basename(String(asset.path))));
  }

  const now = Date.now();
  const publishedPosts = [...demo, ...generated].filter((doc) => isPublishedPost(doc, now)).length;
  return {
    datasetFile,
    imagesDir,
    size,
    postSlugs: generated.filter((doc) => doc._type === "post").map(slugOf),
    publishedPosts,
    galleryPath: `/${GALLERY_SLUG}`,
    firstGalleryPath: `/${FIRST_GALLERY_SLUG}`,
    photographs: size.galleries * size.imagesPerGallery,
    firstGalleryPhotographs: Math.min(size.galleries, 1) * size.imagesPerGallery,
    generatedPhotos: assets.length,
    tagNames: generated
      .filter((doc) => doc._type === "media.tag")
      .map((doc) => (doc.name as { current: string }).current),
    searchTerm: "lighthouse",
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Stage 2 of the demo content: build the Sanity dataset (NDJSON) from the prepared images.
 *
 * Usage:
 *   node demo/scripts/prepare-photos.ts <folder-with-originals>          # stage 1
 *   node demo/scripts/build-dataset.ts --originals <folder-with-originals>  # stage 2
 *   (or DEMO_ORIGINALS=<folder-with-originals> node demo/scripts/build-dataset.ts)
 *
 * The folder of originals is the same one stage 1 reads (for the Debian packages named in
 * demo/CREDITS.md: <extraction>/usr/share/backgrounds, see prepare-photos.ts). Only this script
 * and stage 1 need it; the committed NDJSON is all the site, the tests and CI use.
 *
 * Inputs:  demo/photos.json (photo manifest), demo/content.ts (settings, pages, posts),
 *          demo/dataset/images.json ({ key: filename }, written by stage 1), the JPEGs in
 *          demo/dataset/images/ and the original files (for their camera metadata).
 * Outputs: demo/dataset/production.ndjson (one document per line, like `sanity dataset export`
 *          but with the raw sanity.imageAsset documents, for project "demo", dataset
 *          "production") and demo/CREDITS.md.
 *
 * All image metadata (sha1, size, dimensions, LQIP, colour palette) is computed from the files
 * with sharp. Camera metadata (EXIF) comes from the originals, because stage 1 strips it from the
 * web-sized copies; it is stored the way Sanity stores it (see exif.ts), never with a location,
 * and only for photographs whose original has it. The output is deterministic: stable order,
 * keys derived from positions and content, fixed dates, so re-running it without changes gives
 * byte-identical files. A "Photo credits" section listing every photo is appended to the body
 * of the `imprint` page.
 *
 * To import into a real Sanity project instead of the demo server, rewrite the project id in the
 * asset `path`/`url` fields or import the images with `sanity dataset import`.
 */
import { createHash } from "node:crypto";
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import {
  type Block,
  type Page,
  type PhotoRef,
  type PhotoUse,
  type Post,
  pages,
  posts,
  siteSettings,
  type Text,
} from "../content.ts";
import { imageMetadata } from "../image-metadata.ts";
import { readSanityExif } from "./exif.ts";

const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATASET_DIR = path.join(DEMO_DIR, "dataset");
const IMAGES_DIR = path.join(DATASET_DIR, "images");
const PROJECT_ID = "demo";
const DATASET = "production";
/** Fixed creation date of assets, settings and pages (posts use their publishedAt). */
const CREATED_AT = "2026-01-15T09:00:00Z";
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Licence {
  name: string;
  url: string;
}

interface Photo {
  key: string;
  file: string;
  package?: string;
  title: string;
  alt: string;
  caption: string;
  photographer: string;
  year?: number;
  licence: string;
  tags: string[];
}

interface Manifest {
  mediaTags: { id: string; name: string }[];
  licences: Record<string, Licence>;
  photos: Photo[];
}

type Doc = Record<string, unknown> & { _id: string; _type: string };

interface Asset {
  photo: Photo;
  id: string;
  doc: Doc;
}

const shortHash = (value: string, length: number) =>
  createHash("sha256").update(value).digest("hex").slice(0, length);

async function readOriginal(originalsDir: string, photo: Photo): Promise<Buffer> {
  const file = path.join(originalsDir, photo.file);
  try {
    return await readFile(file);
  } catch (error) {
    throw new Error(
      `${photo.key}: cannot read the original ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        `--originals must be the folder stage 1 read${photo.package ? ` (it holds the files of the Debian package ${photo.package})` : ""}.`,
    );
  }
}

async function buildAsset(
  photo: Photo,
  filename: string,
  licences: Record<string, Licence>,
  tagIds: Map<string, string>,
  originalsDir: string,
): Promise<Asset> {
  const match = /^([0-9a-f]{40})-(\d+)x(\d+)\.jpg$/.exec(filename);
  if (!match) throw new Error(`${photo.key}: unexpected image file name ${filename}`);
  const filePath = path.join(IMAGES_DIR, filename);
  const file = await readFile(filePath);
  const sha1 = createHash("sha1").update(file).digest("hex");
  const meta = await sharp(file).metadata();
  const { width, height } = meta;
  if (sha1 !== match[1] || `${width}x${height}` !== `${match[2]}x${match[3]}`) {
    throw new Error(`${filename} does not match its content (sha1 ${sha1}, ${width}x${height})`);
  }
  if (meta.format !== "jpeg") throw new Error(`${filename} is not a JPEG`);
  const licence = licences[photo.licence];
  if (!licence) throw new Error(`${photo.key}: unknown licence ${photo.licence}`);

  const camera = await readSanityExif(await readOriginal(originalsDir, photo));

  const stem = `${sha1}-${width}x${height}`;
  const id = `image-${stem}-jpg`;
  const tags = photo.tags.map((name) => {
    const tagId = tagIds.get(name);
    if (!tagId) throw new Error(`${photo.key}: unknown media tag ${name}`);
    return { _type: "reference", _ref: tagId, _key: tagId.replace(/^media-tag-/, ""), _weak: true };
  });

  const doc: Doc = {
    _id: id,
    _type: "sanity.imageAsset",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    assetId: sha1,
    extension: "jpg",
    mimeType: "image/jpeg",
    originalFilename: `${photo.key}.jpg`,
    path: `images/${PROJECT_ID}/${DATASET}/${stem}.jpg`,
    url: `https://cdn.sanity.io/images/${PROJECT_ID}/${DATASET}/${stem}.jpg`,
    sha1hash: sha1,
    size: (await stat(filePath)).size,
    uploadId: shortHash(`upload:${sha1}`, 32),
    title: photo.title,
    altText: photo.alt,
    description: photo.caption,
    creditLine: `${photo.photographer} · ${licence.name}`,
    ...(photo.package
      ? {
          source: {
            name: photo.package,
            id: photo.file,
          },
        }
      : {}),
    metadata: await imageMetadata(file, { lqip: true, palette: true, camera }),
    ...(tags.length > 0 ? { opt: { media: { tags } } } : {}),
  };
  return { photo, id, doc };
}

// ---------------------------------------------------------------------------------------------
// Portable Text

function portableText(blocks: Block[], assets: Map<string, Asset>): unknown[] {
  const asset = (key: string) => {
    const found = assets.get(key);
    if (!found) throw new Error(`Unknown photo key "${key}" in demo/content.ts`);
    return found;
  };
  const imageOf = (use: PhotoUse, blockKey: string, alt?: string, caption?: string) => {
    const { photo } = asset(use.photo);
    return {
      ...imageField(use, assets, `block ${blockKey}`),
      _key: blockKey,
      alt: alt ?? photo.alt,
      caption: caption ?? photo.caption,
    };
  };
  const textBlock = (text: Text, blockKey: string, extra: Record<string, unknown>) => {
    const markDefs: { _type: "link"; _key: string; href: string }[] = [];
    const spans = (typeof text === "string" ? [text] : text).map((span, i) => {
      const { text: value, marks = [], href } = typeof span === "string" ? { text: span } : span;
      const spanMarks: string[] = [...marks];
      if (href) {
        const existing = markDefs.find((def) => def.href === href);
        const linkKey = existing?._key ?? `${blockKey}l${markDefs.length + 1}`;
        if (!existing) markDefs.push({ _type: "link", _key: linkKey, href });
        spanMarks.push(linkKey);
      }
      return { _type: "span", _key: `${blockKey}s${i + 1}`, text: value, marks: spanMarks };
    });
    return { _type: "block", _key: blockKey, style: "normal", ...extra, markDefs, children: spans };
  };

  const out: unknown[] = [];
  const nextKey = () => `b${out.length + 1}`;
  for (const block of blocks) {
    if ("list" in block) {
      for (const item of block.list) {
        out.push(textBlock(item, nextKey(), { listItem: "bullet", level: 1 }));
      }
    } else if ("photo" in block) {
      out.push(imageOf(block, nextKey(), block.alt, block.caption));
    } else if ("gallery" in block) {
      const key = nextKey();
      out.push({
        _type: "gallery",
        _key: key,
        title: block.gallery,
        images: block.photos.map((photo, i) => imageOf(photoUse(photo), `${key}i${i + 1}`)),
      });
    } else {
      out.push(textBlock(block.text, nextKey(), { style: block.style ?? "normal" }));
    }
  }
  return out;
}

const photoUse = (ref: PhotoRef): PhotoUse => (typeof ref === "string" ? { photo: ref } : ref);

const fraction = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;

/**
 * An image field as the Studio stores it: the asset reference, then the editor's crop and
 * hotspot when set. The values are checked the way the Studio's tool constrains them: the crop
 * leaves part of the image, and the hotspot lies inside the crop.
 */
function imageField(ref: PhotoRef, assets: Map<string, Asset>, where: string) {
  const use = photoUse(ref);
  const found = assets.get(use.photo);
  if (!found) throw new Error(`${where}: unknown photo key "${use.photo}" in demo/content.ts`);
  const { crop, hotspot } = use;
  if (crop) {
    const { top, bottom, left, right } = crop;
    if (![top, bottom, left, right].every(fraction) || top + bottom >= 1 || left + right >= 1) {
      throw new Error(`${where}: crop must cut fractions that leave part of the image`);
    }
  }
  if (hotspot) {
    const { x, y, width, height } = hotspot;
    const box = crop ?? { top: 0, bottom: 0, left: 0, right: 0 };
    const eps = 1e-9;
    if (
      ![x, y, width, height].every(fraction) ||
      x - width / 2 < box.left - eps ||
      x + width / 2 > 1 - box.right + eps ||
      y - height / 2 < box.top - eps ||
      y + height / 2 > 1 - box.bottom + eps
    ) {
      throw new Error(`${where}: the hotspot must lie inside the image and its crop`);
    }
  }
  return {
    _type: "image",
    asset: { _type: "reference", _ref: found.id },
    ...(crop ? { crop: { _type: "sanity.imageCrop", ...crop } } : {}),
    ...(hotspot ? { hotspot: { _type: "sanity.imageHotspot", ...hotspot } } : {}),
  };
}

function creditsSection(manifest: Manifest): Block[] {
  return [
    { style: "h2", text: "Photo credits" },
    {
      list: manifest.photos.map((photo) => {
        const licence = manifest.licences[photo.licence];
        if (!licence) throw new Error(`${photo.key}: unknown licence ${photo.licence}`);
        return [
          `${photo.title} — ${photo.photographer}, `,
          { text: licence.name, href: licence.url },
        ];
      }),
    },
  ];
}

function slug(value: string, where: string) {
  if (!SLUG_PATTERN.test(value)) throw new Error(`${where}: invalid slug "${value}"`);
  return { _type: "slug", current: value };
}

function pageDoc(page: Page, body: Block[], assets: Map<string, Asset>): Doc {
  return {
    _id: `page-${page.slug}`,
    _type: "page",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    title: page.title,
    slug: slug(page.slug, `page ${page.title}`),
    description: page.description,
    body: portableText(body, assets),
  };
}

function postDoc(post: Post, assets: Map<string, Asset>): Doc {
  const cover = photoUse(post.mainImage);
  const main = assets.get(cover.photo);
  if (!main) throw new Error(`post ${post.slug}: unknown mainImage "${cover.photo}"`);
  if (Number.isNaN(Date.parse(post.publishedAt))) {
    throw new Error(`post ${post.slug}: invalid publishedAt`);
  }
  return {
    _id: `post-${post.slug}`,
    _type: "post",
    _createdAt: post.publishedAt,
    _updatedAt: post.publishedAt,
    title: post.title,
    slug: slug(post.slug, `post ${post.title}`),
    publishedAt: post.publishedAt,
    excerpt: post.excerpt,
    mainImage: { ...imageField(post.mainImage, assets, `post ${post.slug}`), alt: main.photo.alt },
    body: portableText(post.body, assets),
  };
}

/** A revision id derived from the document's content, so it only changes when the content does. */
function withRev(doc: Doc): Doc {
  const { _id, _type, ...rest } = doc;
  return { _id, _type, _rev: shortHash(JSON.stringify(doc), 22), ...rest };
}

// ---------------------------------------------------------------------------------------------
// CREDITS.md

/** A Markdown table with padded columns (the way the formatter (Biome) writes it). */
function markdownTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, i) =>
    Math.max(3, title.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

function creditsMarkdown(manifest: Manifest): string {
  const cell = (value: string) => value.replace(/\|/g, "\\|");
  const rows = manifest.photos.map((photo) => {
    const licence = manifest.licences[photo.licence];
    const year = photo.year ? ` (${photo.year})` : "";
    return [
      cell(photo.title),
      `${cell(photo.photographer)}${year}`,
      licence ? `[${licence.name}](${licence.url})` : photo.licence,
      photo.package ? `Debian package \`${photo.package}\`` : "",
      `\`${photo.file}\``,
    ];
  });
  return [
    "# Photo credits",
    "",
    "<!-- Generated by demo/scripts/build-dataset.ts from demo/photos.json; do not edit by hand. -->",
    "",
    "The demo photographs are the work of the photographers below and are used under the licences",
    "named. They were taken from Debian packages (file names relative to `/usr/share/backgrounds/`),",
    "downscaled to at most 2400 px on the long side, some cropped to a portrait format, and",
    "re-encoded as JPEG by `demo/scripts/prepare-photos.ts`. Camera data shown with a photograph",
    "comes from the EXIF tags of its original file, where it has them. Titles, captions and alt",
    "texts were written for this demo. The people, places and stories on the demo site (Jane Doe",
    "Photography) are invented.",
    "",
    ...markdownTable(["Title", "Photographer", "Licence", "Debian package", "Original file"], rows),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------

const USAGE =
  "Usage: node demo/scripts/build-dataset.ts --originals <folder-with-originals>\n" +
  "       (or set DEMO_ORIGINALS). The folder is the one demo/scripts/prepare-photos.ts read;\n" +
  "       see demo/scripts/prepare-photos.ts for how to get the Debian packages' files.";

/** The folder of original photographs, from `--originals` or DEMO_ORIGINALS; exits if unusable. */
async function originalsFolder(): Promise<string> {
  let values: { originals?: string };
  try {
    values = parseArgs({ options: { originals: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const dir = values.originals ?? process.env.DEMO_ORIGINALS;
  if (!dir) {
    console.error(`Missing the folder of original photographs.\n${USAGE}`);
    process.exit(2);
  }
  const resolved = path.resolve(dir);
  const isDir = await stat(resolved).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (!isDir) {
    console.error(`Not a folder: ${resolved}\n${USAGE}`);
    process.exit(2);
  }
  return resolved;
}

function siteSettingsDoc(assets: Map<string, Asset>): Doc {
  const { socialImage } = siteSettings;
  const socialAsset = assets.get(socialImage.photo);
  if (!socialAsset) throw new Error(`siteSettings: unknown socialImage "${socialImage.photo}"`);
  for (const item of siteSettings.navigation) {
    if (!/^\/[a-z0-9-]*$/.test(item.path)) throw new Error(`navigation: bad path ${item.path}`);
  }
  // Array items need a stable _key; derived from the content so re-runs give the same keys.
  const key = (kind: string, value: string) => shortHash(`${kind}:${value}`, 12);
  return {
    _id: "siteSettings",
    _type: "siteSettings",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    title: siteSettings.title,
    brand: siteSettings.brand,
    description: siteSettings.description,
    ownerName: siteSettings.ownerName,
    email: siteSettings.email,
    socialLinks: siteSettings.socialLinks.map((link) => ({
      _key: key("social", link.url),
      _type: "socialLink",
      label: link.label,
      url: link.url,
    })),
    navigation: siteSettings.navigation.map((item) => ({
      _key: key("nav", item.path),
      _type: "navItem",
      label: item.label,
      path: item.path,
    })),
    intro: portableText(siteSettings.intro, assets),
    socialImage: {
      ...imageField(socialImage, assets, "siteSettings.socialImage"),
      alt: socialImage.alt ?? socialAsset.photo.alt,
    },
  };
}

async function main(): Promise<void> {
  const originalsDir = await originalsFolder();
  const manifest = JSON.parse(
    await readFile(path.join(DEMO_DIR, "photos.json"), "utf8"),
  ) as Manifest;
  const images = JSON.parse(
    await readFile(path.join(DATASET_DIR, "images.json"), "utf8"),
  ) as Record<string, string>;

  const tagIds = new Map(manifest.mediaTags.map((tag) => [tag.name, tag.id]));
  const docs: Doc[] = manifest.mediaTags.map((tag) => ({
    _id: tag.id,
    _type: "media.tag",
    _createdAt: CREATED_AT,
    _updatedAt: CREATED_AT,
    // sanity-plugin-media stores the tag's display name in a slug field.
    name: { _type: "slug", current: tag.name },
  }));

  const assets = new Map<string, Asset>();
  for (const photo of manifest.photos) {
    if (assets.has(photo.key)) throw new Error(`Duplicate photo key ${photo.key}`);
    const filename = images[photo.key];
    if (!filename) {
      throw new Error(`No prepared image for "${photo.key}": run demo/scripts/prepare-photos.ts`);
    }
    const asset = await buildAsset(photo, filename, manifest.licences, tagIds, originalsDir);
    assets.set(photo.key, asset);
    docs.push(asset.doc);
  }

  docs.push(siteSettingsDoc(assets));
  for (const page of pages) {
    const body = page.slug === "imprint" ? [...page.body, ...creditsSection(manifest)] : page.body;
    docs.push(pageDoc(page, body, assets));
  }
  const dates = new Set<string>();
  for (const post of posts) {
    if (dates.has(post.publishedAt)) throw new Error(`Two posts published at ${post.publishedAt}`);
    dates.add(post.publishedAt);
    docs.push(postDoc(post, assets));
  }

  const ids = new Set<string>();
  for (const doc of docs) {
    if (ids.has(doc._id)) throw new Error(`Duplicate document id ${doc._id}`);
    ids.add(doc._id);
  }

  const ndjson = `${docs.map((doc) => JSON.stringify(withRev(doc))).join("\n")}\n`;
  await writeFile(path.join(DATASET_DIR, "production.ndjson"), ndjson);
  await writeFile(path.join(DEMO_DIR, "CREDITS.md"), creditsMarkdown(manifest));
  console.log(
    `Wrote ${docs.length} documents (${assets.size} images) to demo/dataset/production.ndjson (${ndjson.length} bytes) and demo/CREDITS.md`,
  );
}

await main();

// The demo's client gallery (docs/galleries.md): made by `npm start` once the site is ready, so
// a newcomer sees the whole flow. A gallery document at a new random id, written to the demo
// content service as the Studio would save it (its password made afresh and hashed with the
// Studio's own code), and a handful of the demo photographs uploaded by the upload command
// itself, run as a process (cli/ builds on scripts/, never the other way). Nothing of it is
// committed or kept: the content service forgets the document when it stops, and the next
// start makes another gallery with another password.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { mutate } from "../demo/publish.ts";
import { galleryDocumentId, galleryLink, newGalleryId } from "../studio/galleries/ids.ts";
import { memorablePassword } from "../studio/galleries/memorable.ts";
import { hashGalleryPassword } from "../studio/galleries/password.ts";
import { ROOT, type RunningSite } from "./site-server.ts";

const DATASET = resolve(ROOT, "demo/dataset");

/**
 * The photographs: small files of both orientations, under the names a camera gives (what the
 * gallery shows, and what its favourites copy for Lightroom); the originals of those the demo
 * shows publicly as smaller copies.
 */
export const DEMO_GALLERY_PHOTOS: readonly { file: string; name: string }[] = [
  { file: "images/506b40b143c309918fffd2de5ce3de6913dd556c-1920x1280.jpg", name: "DSC_0142.jpg" },
  {
    file: "originals/fc646a6af68a26917dbc908ce5bad031670937ba-1365x2048.jpg",
    name: "DSC_0147.jpg",
  },
  {
    file: "originals/5eb8802360952a1e1d972713a9a30b0590467b0c-1638x2048.jpg",
    name: "DSC_0150.jpg",
  },
  {
    file: "originals/f4ea8318ba01dd43c003babd4449f1b32d3ef113-2048x1152.jpg",
    name: "DSC_0156.jpg",
  },
  { file: "images/7068a6affc4fb961969c143bde382a52bff20067-1920x1200.jpg", name: "DSC_0163.jpg" },
  {
    file: "originals/562458e426f794464f2391b192584cf329c8b411-2048x1280.jpg",
    name: "DSC_0171.jpg",
  },
];

/** A photograph to upload, and the name the gallery shows for it. */
export interface GalleryFile {
  path: string;
  name: string;
}

/** The demo gallery's photographs as files to upload. */
export const demoGalleryFiles = (): GalleryFile[] =>
  DEMO_GALLERY_PHOTOS.map(({ file, name }) => ({ path: resolve(DATASET, file), name }));

/**
 * `count` small distinct JPEGs (each a colour of its own, portrait and landscape) named as a
 * camera names them, in a new folder: a gallery of any size for the tests and the benchmark.
 */
export async function generatedGalleryFiles(
  count: number,
): Promise<{ dir: string; files: GalleryFile[] }> {
  const dir = await mkdtemp(join(tmpdir(), "generated-gallery-"));
  for (let i = 0; i < count; i++) {
    const name = `DSC_${String(1000 + i).padStart(5, "0")}.jpg`;
    const [width, height] = i % 3 === 0 ? [200, 300] : [300, 200];
    await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
      },
    })
      .jpeg({ quality: 80 })
      .toFile(join(dir, name));
  }
  const files = (await readdir(dir)).sort().map((name) => ({ path: join(dir, name), name }));
  return { dir, files };
}

export interface DemoGallery {
  id: string;
  /** The gallery's link on `site` (the address given, e.g. http://localhost:8787). */
  link: string;
  password: string;
}

/**
 * Writes a client gallery's document to the demo content service, as the Studio saves it (with
 * the fields of docs/galleries.md; the gallery is open and offers originals unless told).
 */
export async function saveGalleryDocument(
  site: RunningSite,
  id: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const token = site.vars.SANITY_TOKEN;
  if (!site.content || !token) throw new Error("A gallery needs the demo content service");
  await mutate(site.content.url, token, [
    {
      create: {
        _id: galleryDocumentId(id),
        _type: "clientGallery",
        enabled: true,
        downloads: "original",
        ...fields,
      },
    },
  ]);
}

/**
 * Uploads `files` into gallery `id` of the running site with `npm run gallery -- upload`, and
 * fails, with the command's report, unless every one went in.
 */
export async function uploadGalleryPhotos(
  site: RunningSite,
  id: string,
  files: readonly GalleryFile[],
  concurrency = 3,
): Promise<void> {
  const token = site.vars.SANITY_TOKEN;
  if (!site.content || !token) throw new Error("A gallery needs the demo content service");
  // The command names each photograph by its file: links named as the gallery shows them.
  const folder = await mkdtemp(join(tmpdir(), "gallery-upload-"));
  try {
    await Promise.all(files.map((file) => symlink(resolve(file.path), join(folder, file.name))));
    const args = ["upload", folder, "--gallery", id, "--remote", site.url];
    await promisify(execFile)(
      process.execPath,
      [resolve(ROOT, "cli/gallery.ts"), ...args, "--concurrency", String(concurrency)],
      { env: { PATH: process.env.PATH ?? "", SANITY_TOKEN: token }, maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `The gallery's photographs did not all go in: ${stdout.trim() || stderr.trim() || error}`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Makes the demo gallery on the running site (which must run on the demo content service).
 * `siteAddress` is how the link is printed (the site listens on 127.0.0.1, people type
 * localhost).
 */
export async function createDemoGallery(
  site: RunningSite,
  siteAddress = site.url,
  // The demo's gallery is proofing (watermarked) until the owner delivers it in the Studio.
  stage: "proofing" | "delivered" = "proofing",
): Promise<DemoGallery> {
  const id = newGalleryId();
  const password = memorablePassword();
  await saveGalleryDocument(site, id, {
    title: "Ana & Luis, 14 June",
    clientName: "Ana Ruiz",
    password: await hashGalleryPassword(password),
    favouritesLimit: 3,
    stage,
    // The client orders prints of their photographs: two of the store's, one at the gallery's
    // own price, and a size none of them has the pixels for (the page names it).
    prints: true,
    printList: [
      { _key: "p1", _type: "galleryPrint", product: "fine-art-8x10", price: 39 },
      { _key: "p2", _type: "galleryPrint", product: "signed-a5" },
      { _key: "p3", _type: "galleryPrint", product: "fine-art-16x20" },
    ],
  });
  await uploadGalleryPhotos(site, id, demoGalleryFiles());
  return { id, link: galleryLink(siteAddress, id), password };
}

/** The line `npm start` prints. */
export const demoGalleryLine = (gallery: DemoGallery) =>
  `Client gallery: ${gallery.link} password: ${gallery.password}`;

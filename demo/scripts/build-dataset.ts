/**
 * Stage 2 of the demo content: build the Sanity dataset (NDJSON) from the prepared images.
 *
 * Usage:
 *   node demo/scripts/prepare-photos.ts <folder-with-originals>          # stage 1
 *   node demo/scripts/build-dataset.ts --originals <folder-with-originals>  # stage 2
 *   (or DEMO_ORIGINALS=<folder-with-originals> node demo/scripts/build-dataset.ts)
 *   node demo/scripts/build-dataset.ts      # stage 2 again after editing demo/content.ts
 *
 * The folder of originals is the same one stage 1 reads (for the Debian packages named in
 * demo/CREDITS.md: <extraction>/usr/share/backgrounds, see prepare-photos.ts). The camera data
 * is read from it, because stage 1 strips it from the web-sized copies; without it, each
 * photograph keeps the camera data the committed dataset has for it, which is enough after a
 * change to the texts (a new photograph needs its original). The committed NDJSON is all the
 * site, the tests and CI use.
 *
 * Inputs:  demo/photos.json (photo manifest), demo/content.ts (settings, pages, posts),
 *          demo/dataset/images.json ({ key: filename }, written by stage 1), the JPEGs in
 *          demo/dataset/images/, the original files (for their camera metadata) and the
 *          logo's SVG (demo/logo/, drawn for this project).
 * Outputs: demo/dataset/production.ndjson (one document per line, like `sanity dataset export`
 *          but with the raw sanity.imageAsset documents, for project "demo", dataset
 *          "production"), demo/CREDITS.md and the logo's PNG in demo/dataset/images/.
 *
 * All image metadata (sha1, size, dimensions, LQIP, colour palette) is computed from the files
 * with sharp. Camera metadata (EXIF) is stored the way Sanity stores it (see exif.ts), never
 * with a location, and only for photographs whose original has it. The output is
 * deterministic: stable order, keys derived from positions and content, fixed dates, so
 * re-running it without changes gives byte-identical files (dataset/build.test.ts checks that
 * the committed files are what this builds). A "Photo credits" section listing every photo is
 * appended to the body of the `imprint` page.
 *
 * The work is done in demo/scripts/dataset/, one module per job: the photo index (assets' ids
 * from the prepared files' names), the image assets, the camera data, Portable Text, the other
 * documents, the credits and the NDJSON; build.ts puts them together.
 *
 * To import into a real Sanity project instead of the demo server, rewrite the project id in the
 * asset `path`/`url` fields or import the images with `sanity dataset import`.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseNdjson } from "../server/dataset.ts";
import { buildDataset } from "./dataset/build.ts";
import { fromDataset, fromOriginals } from "./dataset/camera.ts";
import { CREDITS_FILE, DATASET_FILE } from "./manifest.ts";

const USAGE =
  "Usage: node demo/scripts/build-dataset.ts [--originals <folder-with-originals>]\n" +
  "       (or set DEMO_ORIGINALS). The folder is the one demo/scripts/prepare-photos.ts read;\n" +
  "       see demo/scripts/prepare-photos.ts for how to get the Debian packages' files.\n" +
  "       Without it, the camera data of the committed dataset is kept.";

/** The folder of original photographs, from `--originals` or DEMO_ORIGINALS; exits if unusable. */
async function originalsFolder(): Promise<string | undefined> {
  let values: { originals?: string };
  try {
    values = parseArgs({ options: { originals: { type: "string" } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const dir = values.originals ?? process.env.DEMO_ORIGINALS;
  if (!dir) return undefined;
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

const originals = await originalsFolder();
if (!originals) console.log("No folder of originals: keeping the committed camera data.");
const camera = originals
  ? fromOriginals(originals)
  : fromDataset(parseNdjson(await readFile(DATASET_FILE, "utf8"), DATASET_FILE));
const { docs, ndjson, credits, logo } = await buildDataset(camera);
await writeFile(DATASET_FILE, ndjson);
await writeFile(CREDITS_FILE, credits);
await writeFile(logo.file, logo.png);
const images = docs.filter((doc) => doc._type === "sanity.imageAsset").length;
console.log(
  `Wrote ${docs.length} documents (${images} images) to demo/dataset/production.ndjson (${ndjson.length} bytes) and demo/CREDITS.md`,
);

// The command line of `npm run import`, checked before anything is read or written.
import path from "node:path";
import { isPrecision, PRECISIONS, type Precision } from "../../shared/location.ts";
import { isSlug } from "../../shared/slug.ts";
import { parseCommandLine, UsageError, wholeNumber } from "../lib/usage.ts";

export const USAGE = `Usage: npm run import -- <folder or files…> [options]
       npm run import -- --originals [--remote <site>] [--dry-run]

Uploads the photographs with their titles, captions, alt texts and keywords (IPTC/XMP, as
Lightroom exports them) and places them in a gallery. Publishes, unless --draft. A photograph
larger than the public size (Site settings, 2048 px by default) goes to Sanity as a copy of
that size, its original to the site's private bucket (--remote).

Where they go (without either, they go to the Media library only):
  --page <slug>         a gallery of this page (it must exist), named by --gallery
  --post <slug>         a gallery of this post; the post is created when there is none
  --gallery <title>     the gallery (created at the end of the body when there is none);
                        needed with --page; with --post default the post's first gallery
  --title <title>       the title of a post created by --post (default: from its slug)

How:
  --order capture|name  the order new photographs are added in (default capture: the time
                        they were taken, then the file name)
  --location exact|1km|10km|region|country|hidden
                        how precisely the map may show where each photograph was made
                        (default: IMPORT_LOCATION in .dev.vars or the environment, else
                        the Studio's Location privacy, else hidden). Never-show zones apply
                        whatever it says. Only the point at that level and its place names
                        are stored; the files never keep their GPS position.
  --min-rating <0-5>    only photographs rated at least this many stars in Lightroom
  --draft               leave the page or post as a draft to review in the Studio
  --dry-run             print what would be done, change nothing
  --concurrency <n>     files handled at once (default 3, at most 16)
  --remote <site>       the site whose private bucket takes the originals (default SITE_URL
                        in .dev.vars or the environment; the demo's with \`npm start\`)
  --originals           no files: every photograph already in Sanity larger than the public
                        size (uploaded in the Studio, imported before) replaced by its copy,
                        its original sent to the site
  --help

The Sanity project comes from SANITY_PROJECT_ID / SANITY_DATASET / SANITY_TOKEN in .dev.vars
or the environment; without them, the demo of a running \`npm start\`. See docs/import.md.`;

export interface PlacementOption {
  kind: "page" | "post";
  slug: string;
  /** The title of a post the run creates. */
  title: string | undefined;
}

export interface ImportOptions {
  /** Absolute paths of the folders and files given. */
  paths: string[];
  placement: PlacementOption | undefined;
  gallery: string | undefined;
  order: "capture" | "name";
  /** The level asked for; undefined: the owner's, from the Studio's Location privacy. */
  location: Precision | undefined;
  minRating: number | undefined;
  draft: boolean;
  dryRun: boolean;
  concurrency: number;
  /** The site for originals (--remote); undefined: SITE_URL, or the running demo's. */
  remote: string | undefined;
  /** `--originals`: the dataset's photographs larger than the public size, not files. */
  originals: boolean;
}

/** Earlier settings' names: `off` is hidden, `city` about 10 km. */
const LEGACY_LEVELS: Record<string, Precision> = { off: "hidden", city: "10km" };

function locationLevel(name: string, value: string | undefined): Precision | undefined {
  if (value === undefined) return undefined;
  const level = LEGACY_LEVELS[value] ?? value;
  if (!isPrecision(level)) {
    throw new UsageError(`${name} must be one of ${PRECISIONS.join(", ")}, not "${value}"`);
  }
  return level;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[]) {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(", ")}, not "${value}"`);
  }
  return value as T;
}

/**
 * `cwd` is where the person typed the command (npm runs scripts from the project's folder and
 * says where it was started in INIT_CWD); `defaults.location` the IMPORT_LOCATION setting.
 */
export function parseImportArgs(
  argv: readonly string[],
  cwd: string,
  defaults: { location?: string } = {},
): ImportOptions | "help" {
  const { values, positionals } = parseCommandLine(argv, OPTIONS);
  if (values.help) return "help";
  const originals = values.originals ?? false;
  if (originals && positionals.length > 0) {
    throw new UsageError("--originals works on what Sanity has: name no files with it");
  }
  if (!originals && positionals.length === 0) {
    throw new UsageError("Name a folder or files to import");
  }
  const remote = values.remote;
  if (remote !== undefined && !/^https?:\/\/[^/]+\/?$/.test(remote)) {
    throw new UsageError(`--remote must be the site's address, such as https://photos.example.com`);
  }
  if (values.page && values.post) throw new UsageError("Give --page or --post, not both");
  const kind = values.page ? "page" : values.post ? "post" : undefined;
  const slug = values.page ?? values.post;
  if (slug !== undefined && !isSlug(slug)) {
    throw new UsageError(
      `--${kind} "${slug}" is not a slug (lowercase letters, digits and single dashes, as in the page's address)`,
    );
  }
  if (kind === "page" && !values.gallery) {
    throw new UsageError('--page needs --gallery "<title>": the gallery of the page to add to');
  }
  if (values.title && kind !== "post")
    throw new UsageError("--title names a new post: use it with --post");
  if (values.gallery !== undefined && !values.gallery.trim()) {
    throw new UsageError("--gallery needs a title");
  }
  if (values.gallery && !kind) {
    throw new UsageError("--gallery needs --page or --post: the document the gallery is in");
  }
  const location =
    locationLevel("--location", values.location) ??
    locationLevel("IMPORT_LOCATION", defaults.location);
  return {
    paths: [...new Set(positionals.map((p) => path.resolve(cwd, p)))],
    placement: kind && slug ? { kind, slug, title: values.title?.trim() || undefined } : undefined,
    gallery: values.gallery?.trim(),
    order: oneOf("order", values.order, ["capture", "name"] as const) ?? "capture",
    location,
    minRating: wholeNumber("min-rating", values["min-rating"], 0, 5),
    draft: values.draft ?? false,
    dryRun: values["dry-run"] ?? false,
    concurrency: wholeNumber("concurrency", values.concurrency, 1, 16) ?? 3,
    remote,
    originals,
  };
}

const OPTIONS = {
  page: { type: "string" },
  post: { type: "string" },
  gallery: { type: "string" },
  title: { type: "string" },
  order: { type: "string" },
  location: { type: "string" },
  "min-rating": { type: "string" },
  draft: { type: "boolean" },
  "dry-run": { type: "boolean" },
  concurrency: { type: "string" },
  remote: { type: "string" },
  originals: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

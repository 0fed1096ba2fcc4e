// The command line of `npm run gallery`, checked before anything is read or sent.
import path from "node:path";
import { isGalleryId } from "../../worker/galleries/ids.ts";
import { parseCommandLine, UsageError, wholeNumber } from "../lib/usage.ts";

export const USAGE = `Usage: npm run gallery -- upload <folder or files…> --gallery <id> [options]
       npm run gallery -- remove <files…> --gallery <id> [options]
       npm run gallery -- mark --gallery <id> [options]

upload   puts the photographs (JPEG, PNG or WebP, at most 100 MB each) into a client gallery,
         without their GPS position. What is there already is not sent again, so running the
         same command again finishes an interrupted upload.
remove   takes the photographs made from these files out of the gallery.
mark     makes every photograph's watermarked proofs again with the watermark of the site
         settings (after changing it); upload makes them for each photograph it sends.

  --gallery <id>        the gallery: the last part of its link, /g/<id> (the Studio shows it)
  --remote <site URL>   the deployed site, e.g. https://photos.example.com; the token is
                        SANITY_TOKEN from .dev.vars or the environment. Without it: the site
                        of a running \`npm start\` (its local bucket)
  --concurrency <n>     files sent at once (default 3, at most 16)
  --dry-run             say what would be sent or removed, change nothing
  --help

See docs/galleries.md, "For the owner".`;

export interface GalleryOptions {
  command: "upload" | "remove" | "mark";
  /** Absolute paths of the folders and files given. */
  paths: string[];
  gallery: string;
  /** The deployed site's origin; undefined: the running `npm start`. */
  remote: string | undefined;
  concurrency: number;
  dryRun: boolean;
}

const OPTIONS = {
  gallery: { type: "string" },
  remote: { type: "string" },
  concurrency: { type: "string" },
  "dry-run": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** The site's origin from --remote: http(s) only, no path (the worker answers at the root). */
function siteOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--remote must be the site's address, e.g. https://photos.example.com`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UsageError(`--remote must be an http(s) address, not "${value}"`);
  }
  if (url.username || url.password) {
    throw new UsageError("--remote may not carry a user name or password");
  }
  return url.origin;
}

/** `cwd` is where the person typed the command (npm says where it was started in INIT_CWD). */
export function parseGalleryArgs(argv: readonly string[], cwd: string): GalleryOptions | "help" {
  const { values, positionals } = parseCommandLine(argv, OPTIONS);
  if (values.help) return "help";
  const [command, ...paths] = positionals;
  if (command !== "upload" && command !== "remove" && command !== "mark") {
    throw new UsageError(
      command
        ? `Unknown command "${command}": upload, remove or mark`
        : "Say upload, remove or mark",
    );
  }
  if (paths.length === 0 && command !== "mark") {
    throw new UsageError(`Name the folder or files to ${command}`);
  }
  const gallery = values.gallery?.trim().replace(/^.*\/g\//, "");
  if (!gallery) throw new UsageError("--gallery <id> is required: the last part of its link");
  if (!isGalleryId(gallery)) {
    throw new UsageError(
      `--gallery "${gallery}" is not a gallery id (26 characters, a to z and 2 to 7: the last part of the gallery's link)`,
    );
  }
  return {
    command,
    paths: [...new Set(paths.map((p) => path.resolve(cwd, p)))],
    gallery,
    remote: values.remote === undefined ? undefined : siteOrigin(values.remote),
    concurrency: wholeNumber("concurrency", values.concurrency, 1, 16) ?? 3,
    dryRun: values["dry-run"] ?? false,
  };
}

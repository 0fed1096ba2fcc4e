/**
 * One run of `npm run gallery`: the files, a few at a time, each described (photo-file.ts), then
 * asked for (HEAD) and sent (PUT) or taken out (DELETE) through the site's signed upload
 * endpoint. The site keeps what it has, so a run that was stopped is continued by running it
 * again: what arrived is found and not sent twice. A file that cannot be sent is reported and
 * the run goes on; what no file can get past (a refused signature, no such gallery, no site)
 * stops it at once.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { tooLargeToTransform, transformable } from "../../shared/image-service-limits.ts";
import { MARKED_FILES } from "../../worker/galleries/ids.ts";
import type { FileEntry } from "../lib/files.ts";
import { formatBytes } from "../lib/format.ts";
import { mapPool } from "../lib/pool.ts";
import { Progress } from "../lib/progress.ts";
import { loadMark, type Mark, type MarkSettings, markedFiles } from "./mark.ts";
import {
  CONTENT_TYPES,
  galleryFormat,
  MAX_PHOTO_BYTES,
  type ScannedPhoto,
  scanPhoto,
  strippedStream,
} from "./photo-file.ts";
import { photoPath, type SiteAnswer, SiteClient, UnreachableSite } from "./site-client.ts";
import type { UploadTarget } from "./target.ts";

/** A file to send: the gallery shows it under its own file name. */
export type GalleryFile = Pick<FileEntry, "path" | "name" | "size"> & { named?: boolean };

export type Outcome =
  | { status: "uploaded"; bytes: number }
  | { status: "present" }
  | { status: "would upload"; bytes: number }
  | { status: "removed" }
  | { status: "would remove" }
  | { status: "absent" }
  | {
      status: "skipped";
      reason: string;
      /** Counts as a failure (exit status 1): a photograph that should have gone in did not. */
      failure: boolean;
    }
  | { status: "failed"; reason: string };

/** How an outcome is named in the progress lines and the report. */
export const STATUS_WORDS: Record<Outcome["status"], string> = {
  uploaded: "uploaded",
  present: "already there",
  "would upload": "would upload",
  removed: "removed",
  "would remove": "would remove",
  absent: "not in the gallery",
  skipped: "skipped",
  failed: "failed",
};

export interface FileResult {
  file: GalleryFile;
  outcome: Outcome;
  /** The photo id, once the file was read. */
  photo?: string;
}

export interface RunSettings {
  command: "upload" | "remove";
  gallery: string;
  concurrency: number;
  dryRun: boolean;
}

export interface RunResult {
  results: FileResult[];
  /** Why the run stopped before its end, when it did. */
  stopped: string | undefined;
}

/** What stops the run: no file can get past it. */
export class StopRun extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StopRun";
  }
}

interface Context {
  settings: RunSettings;
  target: UploadTarget;
  client: SiteClient;
  progress: Progress;
  /** The owner's watermark, asked for (and its image fetched) once per run. */
  mark?: Promise<Mark>;
}

/** What the site says of a gallery's proofing (`/_app/galleries/{id}/proofing`). */
export interface Proofing {
  stage: "proofing" | "delivered";
  watermark: MarkSettings;
  photos: { id: string; name: string; type: string }[];
}

/** The gallery's proofing settings from the site (signed). */
export async function proofingOf(client: SiteClient, gallery: string): Promise<Proofing> {
  const res = await client.get(`/_app/galleries/${gallery}/proofing`);
  if (res.status === 401) {
    throw new StopRun(
      "The site refused the signature (401): the token here is not the site's, or this machine's clock is more than 5 minutes off.",
    );
  }
  if (res.status === 404) throw new StopRun(`The site has no gallery ${gallery}`);
  if (!res.ok) throw new StopRun(`The site answered ${res.status} for the gallery's proofing`);
  return (await res.json()) as Proofing;
}

/** The owner's watermark ready to draw: its image fetched, or why not (the run stops). */
export async function markOf(proofing: Proofing): Promise<Mark> {
  try {
    return await loadMark(proofing.watermark);
  } catch (error) {
    throw new StopRun(`${(error as Error).message}: no proof is made without the whole mark`);
  }
}

/**
 * Makes and sends a photograph's watermarked files (cli/gallery/mark.ts): every size the worker
 * serves while the gallery is proofing. Sent again each time: re-marking overwrites.
 */
export async function sendMarked(
  client: SiteClient,
  gallery: string,
  photo: string,
  input: string | Buffer,
  mark: Mark,
): Promise<Outcome | undefined> {
  for (const output of await markedFiles(input, mark)) {
    const sha256 = createHash("sha256").update(output.bytes).digest("hex");
    const answer = await client.send({
      method: "PUT",
      path: `${photoPath(gallery, photo)}/marked/${output.file}`,
      sha256,
      length: output.bytes.length,
      headers: { "Content-Type": output.type, "X-Photo-SHA256": sha256 },
      body: () => Readable.from([output.bytes]),
    });
    if (answer.status !== 201) return failure(answer, `watermarked ${output.file}`);
  }
  return undefined;
}

/** The file sent last: once it is there, every watermarked file of the photograph is. */
const LAST_MARKED = MARKED_FILES[MARKED_FILES.length - 1];

/** Marks a photograph just sent (or found there) unless its watermarked files are there. */
async function mark(context: Context, file: GalleryFile, photo: string, fresh: boolean) {
  const { client, settings } = context;
  if (!fresh) {
    const head = await client.send({
      method: "HEAD",
      path: `${photoPath(settings.gallery, photo)}/marked/${LAST_MARKED}`,
    });
    if (head.status === 200) return undefined;
  }
  context.mark ??= proofingOf(client, settings.gallery).then(markOf);
  return sendMarked(client, settings.gallery, photo, file.path, await context.mark);
}

/** The answers that mean no other request will do better. */
function checkAnswer(context: Context, answer: SiteAnswer, method: string): void {
  const { target, settings } = context;
  if (answer.status === 401) {
    throw new StopRun(
      `${target.description} refused the upload's signature (401): the token here is not the site's` +
        (target.demo
          ? ", or `npm start` was restarted (each start makes a new token)"
          : " (SANITY_TOKEN in .dev.vars or the environment must be the site's secret)") +
        ", or this machine's clock is more than 5 minutes off.",
    );
  }
  if (answer.status === 404 && method !== "HEAD") {
    throw new StopRun(
      `${target.description} has no gallery ${settings.gallery}: create it in the Studio (Client galleries) and copy its id from its link.`,
    );
  }
}

const failure = (answer: SiteAnswer, what: string): Outcome => ({
  status: "failed",
  reason: `the site answered ${answer.status} to the ${what}${answer.text ? `: ${answer.text}` : ""}`,
});

export const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

async function describe(file: GalleryFile): Promise<{ scan: ScannedPhoto } | { outcome: Outcome }> {
  if (file.size > MAX_PHOTO_BYTES) {
    return {
      outcome: {
        status: "skipped",
        reason: `${formatBytes(file.size)}: over the 100 MB a photograph may have`,
        failure: true,
      },
    };
  }
  // A file gone or unreadable since it was listed is this file's failure, not the run's.
  try {
    const kind = await galleryFormat(file.path);
    // An image the gallery cannot take, or a file named that is none, did not go in; a folder's
    // other files (notes, sidecars) are no photographs.
    if ("reason" in kind) {
      const failure = kind.image || file.named === true;
      return { outcome: { status: "skipped", reason: kind.reason, failure } };
    }
    const scan = await scanPhoto(file.path, kind.format);
    if (!transformable(scan)) {
      return { outcome: { status: "skipped", reason: tooLargeToTransform(scan), failure: true } };
    }
    return { scan };
  } catch (error) {
    return { outcome: { status: "failed", reason: `cannot be read: ${reasonOf(error)}` } };
  }
}

async function upload(context: Context, file: GalleryFile, scan: ScannedPhoto): Promise<Outcome> {
  const { client, progress, settings } = context;
  const target = photoPath(settings.gallery, scan.photo);
  const head = await client.send({ method: "HEAD", path: target });
  checkAnswer(context, head, "HEAD");
  if (head.status === 200) {
    progress.addBytes(file.size);
    if (!settings.dryRun) {
      const marking = await mark(context, file, scan.photo, false);
      if (marking) return marking;
    }
    return { status: "present" };
  }
  if (head.status !== 404) return failure(head, "question whether it is there");
  if (settings.dryRun) {
    progress.addBytes(file.size);
    return { status: "would upload", bytes: scan.length };
  }
  const put = await client.send({
    method: "PUT",
    path: target,
    sha256: scan.sha256,
    length: scan.length,
    headers: {
      "Content-Type": CONTENT_TYPES[scan.format],
      "X-Photo-SHA256": scan.sha256,
      "X-Photo-Name": encodeURIComponent(path.basename(file.path)),
      "X-Photo-Width": String(scan.width),
      "X-Photo-Height": String(scan.height),
      ...(scan.taken ? { "X-Photo-Taken": scan.taken } : {}),
    },
    // Progress counts the first attempt's bytes only.
    body: (attempt) =>
      strippedStream(file.path, scan.format, (count) => {
        if (attempt === 1) progress.addBytes(count);
      }),
  });
  checkAnswer(context, put, "PUT");
  if (put.status === 201 || put.status === 200) {
    const marking = await mark(context, file, scan.photo, true);
    if (marking) return marking;
  }
  if (put.status === 201) return { status: "uploaded", bytes: scan.length };
  if (put.status === 200) return { status: "present" };
  if (put.status === 409) {
    return { status: "failed", reason: "the file changed while it was being sent: run again" };
  }
  return failure(put, "upload");
}

async function remove(context: Context, file: GalleryFile, scan: ScannedPhoto): Promise<Outcome> {
  const { client, progress, settings } = context;
  const target = photoPath(settings.gallery, scan.photo);
  progress.addBytes(file.size);
  const head = await client.send({ method: "HEAD", path: target });
  checkAnswer(context, head, "HEAD");
  if (head.status === 404) return { status: "absent" };
  if (head.status !== 200) return failure(head, "question whether it is there");
  if (settings.dryRun) return { status: "would remove" };
  const deleted = await client.send({ method: "DELETE", path: target });
  checkAnswer(context, deleted, "DELETE");
  return deleted.status === 204 ? { status: "removed" } : failure(deleted, "removal");
}

/** Runs the command over `files`; progress goes to `stream` (default: stderr). */
export async function runGallery(
  files: readonly GalleryFile[],
  settings: RunSettings,
  target: UploadTarget,
  stream?: ConstructorParameters<typeof Progress>[0]["stream"],
): Promise<RunResult> {
  const label =
    settings.command === "remove" ? "Removing" : settings.dryRun ? "Checking" : "Uploading";
  const progress = new Progress({
    label,
    total: files.length,
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
    ...(stream ? { stream } : {}),
  });
  const client = new SiteClient(target, settings.concurrency);
  const context: Context = { settings, target, client, progress };
  const results: FileResult[] = [];
  let stopped: string | undefined;
  try {
    await mapPool(files, settings.concurrency, async (file) => {
      const described = await describe(file);
      let result: FileResult;
      if ("outcome" in described) result = { file, outcome: described.outcome };
      else {
        const work = settings.command === "remove" ? remove : upload;
        try {
          result = {
            file,
            photo: described.scan.photo,
            outcome: await work(context, file, described.scan),
          };
        } catch (error) {
          if (error instanceof StopRun || error instanceof UnreachableSite) throw error;
          result = {
            file,
            photo: described.scan.photo,
            outcome: { status: "failed", reason: reasonOf(error) },
          };
        }
      }
      results.push(result);
      const why = "reason" in result.outcome ? `: ${result.outcome.reason}` : "";
      progress.itemDone(`${STATUS_WORDS[result.outcome.status]} ${file.name}${why}`);
    });
  } catch (error) {
    if (!(error instanceof StopRun || error instanceof UnreachableSite)) throw error;
    stopped = error.message;
  } finally {
    progress.finish();
    client.close();
  }
  const order = new Map(files.map((file, index) => [file, index]));
  results.sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0));
  return { results, stopped };
}

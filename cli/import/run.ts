/**
 * One run of `npm run import`: the files, a few at a time, each to its asset (photo.ts), then
 * the placement in the gallery (placement.ts), the demo's webhook, and the report. Everything a
 * run decides is stored in Sanity itself, so a run that was stopped is continued by starting it
 * again: what was uploaded is found, not uploaded twice.
 */
import type { SanityClient } from "@sanity/client";
import { resolveVars } from "../../scripts/site-server.ts";
import {
  HIDE_EVERYTHING,
  LOCATION_SETTINGS_ID,
  type LocationRule,
  parseLocationRule,
} from "../../shared/location.ts";
import { SiteClient } from "../gallery/site-client.ts";
import { findUploadTarget } from "../gallery/target.ts";
import { listFiles } from "../lib/files.ts";
import { mapPool } from "../lib/pool.ts";
import { Progress } from "../lib/progress.ts";
import { type SanityTarget, sanityClientFor, TargetError } from "../lib/sanity-target.ts";
import { notifyDemoSite } from "./demo-webhook.ts";
import type { ImportOptions } from "./options.ts";
import { oversizedAssets, publicize, readPublicSize } from "./originals.ts";
import {
  type ChangedDocuments,
  describeError,
  type FileResult,
  importFile,
  type PhotoContext,
} from "./photo.ts";
import { checkTarget, orderPhotos, type PlacementResult, placePhotos } from "./placement.ts";
import { failures, renderReport, statusWord } from "./report.ts";
import { TagBook } from "./tags.ts";

export interface RunIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Where the command was typed: file names in the report are relative to it. */
  cwd: string;
}

/** Sanity cannot be reached or refuses the token: no point in reading a single file. */
export class ConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectionError";
  }
}

async function firstContact(client: SanityClient, target: SanityTarget): Promise<TagBook> {
  try {
    return await TagBook.load(client);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401 || status === 403) {
      throw new ConnectionError(
        `${target.description} refused the token (${status}): it needs a token that may write (role Editor)`,
      );
    }
    throw new ConnectionError(
      `Cannot reach ${target.description}: ${describeError(error)}${target.demo ? "\n  Is `npm start` still running?" : ""}`,
    );
  }
}

/**
 * The owner's level and never-show zones (the Studio's Location privacy, a private document the
 * token may read), with the level --location or IMPORT_LOCATION asks for instead. Zones always
 * apply; settings that cannot be read hide every position.
 */
async function locationRule(client: SanityClient, options: ImportOptions): Promise<LocationRule> {
  const stored = await client.fetch<unknown>(`*[_id == $id][0]{precision, zones}`, {
    id: LOCATION_SETTINGS_ID,
  });
  if (stored === null || stored === undefined) {
    return { precision: options.location ?? "hidden", zones: [] };
  }
  const owner = parseLocationRule(stored);
  if (owner === HIDE_EVERYTHING) return owner;
  return { ...owner, precision: options.location ?? owner.precision };
}

/**
 * The site whose private bucket takes originals: --remote (or SITE_URL), signed with the token;
 * with the demo of `npm start`, its site. None: photographs larger than the public size cannot
 * go in (each says so).
 */
function originalsSite(options: ImportOptions, target: SanityTarget): SiteClient | undefined {
  const remote = options.remote ?? (target.demo ? undefined : resolveVars({}).SITE_URL);
  if (!remote && !target.demo) return undefined;
  return new SiteClient(findUploadTarget(remote), options.concurrency);
}

export async function runImport(
  options: ImportOptions,
  target: SanityTarget,
  io: RunIo,
): Promise<number> {
  const client = sanityClientFor(target);
  const tags = await firstContact(client, target);
  const publicSize = await readPublicSize(client);
  const site = originalsSite(options, target);
  try {
    return options.originals
      ? await replaceOversized(client, site, publicSize, options, target, io)
      : await importFiles({ client, tags, publicSize, site }, options, target, io);
  } finally {
    site?.close();
  }
}

/**
 * `--originals`: every asset of the dataset larger than the public size replaced by its public
 * copy, its original sent to the site (originals.ts), one line each.
 */
async function replaceOversized(
  client: SanityClient,
  site: SiteClient | undefined,
  publicSize: number,
  options: ImportOptions,
  target: SanityTarget,
  io: RunIo,
): Promise<number> {
  const oversized = await oversizedAssets(client, publicSize);
  if (oversized.length > 0 && !site && !options.dryRun) {
    throw new TargetError(
      "Name the site whose private bucket takes the originals: --remote https://… (or SITE_URL in .dev.vars)",
    );
  }
  const changed: ChangedDocuments = new Map();
  let failed = 0;
  const word = options.dryRun ? "would replace" : "replaced";
  io.stdout.write(
    `${oversized.length} photograph${oversized.length === 1 ? "" : "s"} in ${target.description} larger than the public size (${publicSize} px).\n`,
  );
  for (const asset of oversized) {
    const name = `${asset.originalFilename ?? asset._id} (${asset.width} × ${asset.height})`;
    try {
      if (site && !options.dryRun) {
        const { assetId, documents } = await publicize(client, site, publicSize, asset);
        for (const doc of documents) changed.set(doc._id, { ...doc, operation: "update" });
        io.stdout.write(`  ${word} ${name}: by ${assetId}, the original sent to the site\n`);
      } else {
        io.stdout.write(`  ${word} ${name}\n`);
      }
    } catch (error) {
      failed++;
      io.stdout.write(`  failed ${name}: ${describeError(error)}\n`);
    }
  }
  const problems = options.dryRun ? [] : await notifyDemoSite(target, changed);
  for (const problem of problems) io.stdout.write(`  ${problem}\n`);
  return failed > 0 || problems.length > 0 ? 1 : 0;
}

async function importFiles(
  { client, tags, publicSize, site }: Pick<PhotoContext, "client" | "tags" | "publicSize" | "site">,
  options: ImportOptions,
  target: SanityTarget,
  io: RunIo,
): Promise<number> {
  const files = await listFiles(options.paths, io.cwd);
  const rule = await locationRule(client, options);
  // Before any upload: a page that does not exist stops the run here.
  if (options.placement) await checkTarget(client, options.placement);

  const progress = new Progress({
    label: options.dryRun ? "Checking" : "Importing",
    total: files.length,
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
    stream: io.stderr,
  });
  const changed: ChangedDocuments = new Map();
  const context: PhotoContext = {
    client,
    options,
    rule,
    tags,
    progress,
    seen: new Map<string, string>(),
    changed,
    publicSize,
    site,
  };
  const results = await mapPool(files, options.concurrency, async (file) => {
    const result = await importFile(context, file);
    const why =
      result.status === "skipped" || result.status === "failed" ? `: ${result.reason}` : "";
    progress.itemDone(`${statusWord(result.status, options.dryRun)} ${file.name}${why}`);
    return result;
  });
  progress.finish();

  const placed = results.flatMap((result) =>
    result.status === "skipped" || result.status === "failed" ? [] : [result],
  );
  let placement: PlacementResult | undefined;
  let placementError: string | undefined;
  if (options.placement) {
    try {
      const photos = orderPhotos(
        placed.map((result) => result.photo),
        options.order,
      );
      placement = await placePhotos(client, options, options.placement, photos, changed);
    } catch (error) {
      placementError = describeError(error);
    }
  }
  const final = placement ? withPlacement(results, placement) : results;
  const webhookProblems = options.dryRun ? [] : await notifyDemoSite(target, changed);

  io.stdout.write(
    renderReport({
      results: final,
      placement,
      placementError,
      newTags: tags.created,
      location: rule,
      dryRun: options.dryRun,
      draft: options.draft,
      destination: target.description,
      webhookProblems,
    }),
  );
  return failures(final).length > 0 || placementError || webhookProblems.length > 0 ? 1 : 0;
}

/** A file whose asset did not change but whose gallery item did is "updated" too. */
function withPlacement(results: readonly FileResult[], placement: PlacementResult): FileResult[] {
  return results.map((result) => {
    if (result.status === "skipped" || result.status === "failed") return result;
    const status = placement.status.get(result.photo.assetId);
    if (status === "added" || status === "texts updated") {
      const change = status === "added" ? "added to the gallery" : "gallery texts updated";
      return {
        ...result,
        status: result.status === "unchanged" ? "updated" : result.status,
        changes: [...result.changes, change],
      };
    }
    return result;
  });
}

/**
 * One run of `npm run import`: the files, a few at a time, each to its asset (photo.ts), then
 * the placement in the gallery (placement.ts), the demo's webhook, and the report. Everything a
 * run decides is stored in Sanity itself, so a run that was stopped is continued by starting it
 * again: what was uploaded is found, not uploaded twice.
 */
import type { SanityClient } from "@sanity/client";
import {
  HIDE_EVERYTHING,
  LOCATION_SETTINGS_ID,
  type LocationRule,
  parseLocationRule,
} from "../../shared/location.ts";
import { listFiles } from "../lib/files.ts";
import { mapPool } from "../lib/pool.ts";
import { Progress } from "../lib/progress.ts";
import { type SanityTarget, sanityClientFor } from "../lib/sanity-target.ts";
import { notifyDemoSite } from "./demo-webhook.ts";
import type { ImportOptions } from "./options.ts";
import { type ChangedDocuments, describeError, type FileResult, importFile } from "./photo.ts";
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

export async function runImport(
  options: ImportOptions,
  target: SanityTarget,
  io: RunIo,
): Promise<number> {
  const client = sanityClientFor(target);
  const files = await listFiles(options.paths, io.cwd);
  const tags = await firstContact(client, target);
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
  const context = {
    client,
    options,
    rule,
    tags,
    progress,
    seen: new Map<string, string>(),
    changed,
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

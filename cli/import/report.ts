// The run's answer on stdout: one line per file, what happened to it and why, then the totals,
// the new tags, the location setting and where the photographs went.
import { type LocationRule, PRECISION_LABELS } from "../../shared/location.ts";
import type { FileResult } from "./photo.ts";
import type { PlacementResult } from "./placement.ts";

export interface RunSummary {
  results: readonly FileResult[];
  placement: PlacementResult | undefined;
  placementError: string | undefined;
  newTags: readonly string[];
  location: LocationRule;
  dryRun: boolean;
  draft: boolean;
  destination: string;
  webhookProblems: readonly string[];
}

const WOULD: Record<FileResult["status"], string> = {
  imported: "would import",
  updated: "would update",
  unchanged: "unchanged",
  skipped: "would skip",
  failed: "failed",
};

/** How a file's status reads: what happened, or in a dry run what would. */
export const statusWord = (status: FileResult["status"], dryRun: boolean): string =>
  dryRun ? WOULD[status] : status;

/** The categories of skipped files the totals name. */
function skipCategory(reason: string): string {
  if (reason.startsWith("not an image")) return "not an image";
  if (reason.startsWith("too large")) return "too large for Sanity";
  if (reason.startsWith("unreadable metadata")) return "unreadable metadata";
  if (reason.startsWith("damaged")) return "damaged";
  if (reason.startsWith("rated")) return "below --min-rating";
  if (reason.startsWith("the same photograph")) return "duplicate";
  return "not a format the importer takes";
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Files that make the exit status 1. */
export const failures = (results: readonly FileResult[]) =>
  results.filter((r) => r.status === "failed" || (r.status === "skipped" && r.failure));

export function renderReport(summary: RunSummary): string {
  const { results, dryRun } = summary;
  const lines: string[] = [];
  const target = summary.placement?.description;
  lines.push(
    `${dryRun ? "Dry run: nothing was written. Importing" : "Imported"} into ${summary.destination}${target ? `, ${target}` : ", the Media library only"}.`,
    "",
  );
  const width = Math.max(0, ...results.map((r) => r.file.name.length));
  for (const result of results) {
    const word = statusWord(result.status, dryRun);
    const detail =
      result.status === "skipped" || result.status === "failed"
        ? [result.reason]
        : [...(result.changes.length ? result.changes : ["no change"]), ...result.notes];
    lines.push(`  ${word.padEnd(12)} ${result.file.name.padEnd(width)}  ${detail.join(" · ")}`);
  }
  const count = (status: FileResult["status"]) => results.filter((r) => r.status === status).length;
  const skipped = results.filter((r) => r.status === "skipped");
  const categories = new Map<string, number>();
  for (const result of skipped) {
    if (result.status !== "skipped") continue;
    const category = skipCategory(result.reason);
    categories.set(category, (categories.get(category) ?? 0) + 1);
  }
  const skippedText = `${count("skipped")} skipped${categories.size ? ` (${[...categories].map(([name, n]) => `${n} ${name}`).join(", ")})` : ""}`;
  lines.push(
    "",
    `${count("imported")} ${dryRun ? "to import" : "imported"}, ${count("updated")} ${dryRun ? "to update" : "updated"}, ${count("unchanged")} unchanged, ${skippedText}, ${count("failed")} failed.`,
  );
  if (summary.newTags.length) {
    // In alphabetical order: files are read a few at a time, so the order they were met in varies.
    const tags = [...summary.newTags].sort((a, b) => a.localeCompare(b));
    lines.push(`New tags${dryRun ? " (would be created)" : ""}: ${tags.join(", ")}.`);
  }
  const located = results.filter(
    (r) =>
      r.status !== "skipped" && r.status !== "failed" && r.notes.some((n) => n.startsWith("GPS")),
  ).length;
  const { precision, zones } = summary.location;
  const locationWhat =
    precision === "hidden"
      ? "removed"
      : `stored at ${PRECISION_LABELS[precision].toLowerCase()}, removed from the files`;
  const zoneWhat = zones.length > 0 ? `, ${plural(zones.length, "never-show zone")}` : "";
  lines.push(
    `Location: ${precision} (GPS positions ${locationWhat}${zoneWhat}; ${plural(located, "photograph")} had one).`,
  );
  const placement = summary.placement;
  if (placement) {
    const added = [...placement.status.values()].filter((s) => s === "added").length;
    const what = [
      placement.createdPost ? "new post" : undefined,
      placement.createdGallery ? "new gallery" : undefined,
      `${plural(added, "photograph")} added`,
    ].filter(Boolean);
    const state = summary.draft
      ? "left as a draft: review and publish it in the Studio"
      : placement.written.some((id) => id.startsWith("drafts."))
        ? "published, and added to your unpublished draft too"
        : "published";
    lines.push(
      `Gallery: ${what.join(", ")}${placement.written.length ? `; ${state}` : "; nothing to change"}.`,
    );
  }
  if (summary.placementError) {
    lines.push(
      `Placing the photographs failed: ${summary.placementError}. Run the import again to place them.`,
    );
  }
  for (const problem of summary.webhookProblems) lines.push(`Webhook: ${problem}`);
  return `${lines.join("\n")}\n`;
}

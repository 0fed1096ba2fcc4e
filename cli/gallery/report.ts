// What `npm run gallery` prints when it is done (stdout): each file that did not simply go in,
// with why, then one line of counts and where the gallery is.
import { formatBytes } from "../lib/format.ts";
import type { FileResult, Outcome, RunResult, RunSettings } from "./run.ts";
import type { UploadTarget } from "./target.ts";

const count = (results: readonly FileResult[], status: Outcome["status"]) =>
  results.filter((result) => result.outcome.status === status).length;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The exit status: 2 the run was stopped, 1 a file failed or a photograph was skipped, else 0. */
export function exitStatus(run: RunResult): number {
  if (run.stopped) return 2;
  const failed = run.results.some(
    ({ outcome }) =>
      outcome.status === "failed" || (outcome.status === "skipped" && outcome.failure),
  );
  return failed ? 1 : 0;
}

export function renderReport(run: RunResult, settings: RunSettings, target: UploadTarget): string {
  const { results } = run;
  const lines: string[] = [];
  for (const { file, outcome } of results) {
    if (outcome.status === "skipped" || outcome.status === "failed") {
      lines.push(`  ${outcome.status.padEnd(8)} ${file.name}: ${outcome.reason}`);
    }
  }
  const bytes = results.reduce(
    (sum, { outcome }) =>
      sum +
      (outcome.status === "uploaded" || outcome.status === "would upload" ? outcome.bytes : 0),
    0,
  );
  const parts =
    settings.command === "upload"
      ? settings.dryRun
        ? [
            `Would upload ${plural(count(results, "would upload"), "photograph")} (${formatBytes(bytes)})`,
          ]
        : [`Uploaded ${plural(count(results, "uploaded"), "photograph")} (${formatBytes(bytes)})`]
      : settings.dryRun
        ? [`Would remove ${plural(count(results, "would remove"), "photograph")}`]
        : [`Removed ${plural(count(results, "removed"), "photograph")}`];
  if (settings.command === "upload") parts.push(`${count(results, "present")} already there`);
  else parts.push(`${count(results, "absent")} not in the gallery`);
  parts.push(`${count(results, "skipped")} skipped`, `${count(results, "failed")} failed`);
  lines.push(`${parts.join(", ")}.`);
  if (run.stopped) {
    const left = results.length;
    lines.push(`Stopped after ${plural(left, "file")}: ${run.stopped}`);
  } else {
    const where = target.demo ? " (on the site of `npm start`)" : "";
    lines.push(`Gallery: ${target.site}/g/${settings.gallery}${where}`);
  }
  return `${lines.join("\n")}\n`;
}

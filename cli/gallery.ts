// `npm run gallery -- upload <folder or files…> --gallery <id> [--remote <site URL>]`: puts
// photographs into a client gallery's private bucket through the site (cli/gallery/;
// docs/galleries.md). `remove` takes them out again.
// Exit status: 0 everything went in (or out); 1 a file failed or a photograph was skipped (the
// report says which; running again continues); 2 the command or a setting is wrong, or the site
// refused or cannot be reached.

import { parseGalleryArgs, USAGE } from "./gallery/options.ts";
import { remarkGallery } from "./gallery/remark.ts";
import { exitStatus, renderReport } from "./gallery/report.ts";
import { runGallery, StopRun } from "./gallery/run.ts";
import { UnreachableSite } from "./gallery/site-client.ts";
import { findUploadTarget } from "./gallery/target.ts";
import { listFiles } from "./lib/files.ts";
import { TargetError } from "./lib/sanity-target.ts";
import { UsageError } from "./lib/usage.ts";

async function main(): Promise<number> {
  // npm runs scripts from the project's folder; paths are meant from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    const options = parseGalleryArgs(process.argv.slice(2), cwd);
    if (options === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const target = findUploadTarget(options.remote);
    if (options.command === "mark") {
      const result = await remarkGallery(options.gallery, target, options.concurrency);
      process.stdout.write(
        `${result.marked.length} photographs marked${result.failed.length ? `; ${result.failed.length} failed:\n${result.failed.map((f) => `  ${f.name}: ${f.reason}`).join("\n")}` : ""}\n`,
      );
      return result.failed.length ? 1 : 0;
    }
    const files = await listFiles(options.paths, cwd);
    const settings = { ...options, command: options.command };
    const run = await runGallery(files, settings, target);
    const report = renderReport(run, settings, target);
    (run.stopped ? process.stderr : process.stdout).write(report);
    return exitStatus(run);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    // A setting, the site's refusal (the signature, no such gallery) or the site out of reach,
    // as `mark` meets them before any photograph (an upload's run reports them itself).
    if (
      error instanceof TargetError ||
      error instanceof StopRun ||
      error instanceof UnreachableSite
    ) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    // Unexpected: one line, never a stack trace (and no message carries the token).
    process.stderr.write(`The command stopped: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();

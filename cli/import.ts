// `npm run import -- <folder or files…> [options]`: photographs from a Lightroom export folder
// to Sanity, with their texts and keywords, into a gallery (cli/import/; docs/import.md).
// Exit status: 0 everything went in; 1 a file or the placement failed (the report says which;
// running again continues); 2 the command or a setting is wrong, or Sanity cannot be reached.
import { readDotenv } from "../scripts/site-server.ts";
import { parseImportArgs, USAGE } from "./import/options.ts";
import { PlacementError } from "./import/placement.ts";
import { ConnectionError, runImport } from "./import/run.ts";
import { findSanityTarget, TargetError } from "./lib/sanity-target.ts";
import { UsageError } from "./lib/usage.ts";

async function main(): Promise<number> {
  // npm runs scripts from the project's folder; paths are meant from where the command was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  try {
    const options = parseImportArgs(process.argv.slice(2), cwd, {
      location: process.env.IMPORT_LOCATION || readDotenv().IMPORT_LOCATION || undefined,
    });
    if (options === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const target = findSanityTarget();
    return await runImport(options, target, {
      stdout: process.stdout,
      stderr: process.stderr,
      cwd,
    });
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (
      error instanceof TargetError ||
      error instanceof ConnectionError ||
      error instanceof PlacementError
    ) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    // Unexpected: one line, never a stack trace (and no message carries the token).
    process.stderr.write(`The import stopped: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();

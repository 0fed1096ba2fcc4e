// A check of `npm test` whose inputs seldom change (the Studio's build, the content types) is
// run again only when one of them has changed since it last passed on this machine, as `tsc -b`
// skips what is up to date. What passed is kept in node_modules/.cache, so a fresh clone (and
// CI, which starts from one) always runs the check in full.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./studio-cli.ts";

const RECORDS = join(ROOT, "node_modules/.cache/passed-checks");

/** The files under `paths` (tracked, or new and not ignored) with their contents, as one hash. */
function fingerprint(paths: string[]): string {
  const files = execFileSync(
    "git",
    ["ls-files", "-co", "--exclude-standard", "-z", "--", ...paths],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter(Boolean)
    .sort();
  const hash = createHash("sha256").update(process.version);
  for (const file of files) {
    hash.update(`\0${file}\0`);
    try {
      hash.update(readFileSync(join(ROOT, file)));
    } catch {
      hash.update("(deleted)");
    }
  }
  return hash.digest("hex");
}

/**
 * Runs `check` unless it passed on exactly these inputs before; true when it passed (now or
 * then). `--force` among the script's arguments runs it whatever is recorded.
 */
export function unlessPassedBefore(name: string, inputs: string[], check: () => boolean): boolean {
  const record = join(RECORDS, name);
  const print = fingerprint(inputs);
  let before = "";
  try {
    before = readFileSync(record, "utf8");
  } catch {
    // Never passed here.
  }
  if (before === print && !process.argv.includes("--force")) {
    console.log(`${name}: passed before on the same files (--force runs it again).`);
    return true;
  }
  rmSync(record, { force: true });
  if (!check()) return false;
  mkdirSync(RECORDS, { recursive: true });
  writeFileSync(record, print);
  return true;
}

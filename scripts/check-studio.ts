// `npm run check:studio` (part of `npm test`): the Studio type-checks and builds, so a schema or
// configuration change that breaks it fails CI although the site itself never imports it. The
// build goes to a temporary folder and is thrown away; it needs no network. Run again only when
// a file of the Studio has changed since it last passed (scripts/unchanged-check.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STUDIO, sanity } from "./studio-cli.ts";
import { unlessPassedBefore } from "./unchanged-check.ts";

function typeCheck(): boolean {
  const run = spawnSync(join(STUDIO, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], {
    cwd: STUDIO,
    stdio: "inherit",
  });
  return run.status === 0;
}

function build(): boolean {
  const scratch = mkdtempSync(join(tmpdir(), "studio-build-"));
  try {
    return sanity(["build", join(scratch, "dist"), "--yes"]);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (!unlessPassedBefore("studio", ["studio"], () => typeCheck() && build())) process.exitCode = 1;

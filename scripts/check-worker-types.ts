// `npm test` runs this: the committed worker/worker-configuration.d.ts must be exactly what
// `npm run types` generates from wrangler.toml and .dev.vars.example today. Wrangler's own
// `--check` compares only a hash of the configuration, so an edited or stale file body would
// pass it; this regenerates the file in a copy of the configuration and the worker's source and
// compares bytes.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const TYPES = "worker/worker-configuration.d.ts";
const ARGS = ["types", "--env-file=.dev.vars.example", "--strict-vars=false", TYPES];

const scratch = mkdtempSync(join(tmpdir(), "worker-types-"));
try {
  // Wrangler reads the main module too (its format and exports shape the generated types).
  cpSync(join(ROOT, "worker"), join(scratch, "worker"), { recursive: true });
  for (const file of ["wrangler.toml", ".dev.vars.example"]) {
    copyFileSync(join(ROOT, file), join(scratch, file));
  }
  const run = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ARGS, {
    cwd: scratch,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(run.status ?? 1);
  }
  const expected = readFileSync(join(scratch, TYPES), "utf8");
  const committed = readFileSync(join(ROOT, TYPES), "utf8");
  if (expected !== committed) {
    console.error(`${TYPES} is out of date: run \`npm run types\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${TYPES} is up to date.`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

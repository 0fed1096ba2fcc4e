// The Studio's own Sanity CLI (installed in studio/, see scripts/install-locked.sh), run for
// the checks `npm test` makes: the schema extract, TypeGen and the Studio build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");
export const STUDIO = join(ROOT, "studio");

const BIN = join(STUDIO, "node_modules/.bin/sanity");

/**
 * studio/env.ts refuses to start without a project id, but none of these commands contacts the
 * project, so a placeholder keeps them working offline and independent of a developer's
 * studio/.env. DO_NOT_TRACK turns the CLI's telemetry off.
 */
const OFFLINE = { SANITY_STUDIO_PROJECT_ID: "offline-check", DO_NOT_TRACK: "1" };

/** Runs `sanity …` in studio/; false (after the CLI's own output) when it fails. */
export function sanity(args: string[], env: Record<string, string> = {}): boolean {
  if (!existsSync(BIN)) {
    console.error("The Studio's dependencies are not installed: run `npm run studio:install`.");
    return false;
  }
  const run = spawnSync(BIN, args, {
    cwd: STUDIO,
    stdio: "inherit",
    env: { ...process.env, ...OFFLINE, ...env },
  });
  return run.status === 0;
}

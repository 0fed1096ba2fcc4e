// The repository's files, as git knows them, in a new folder sharing the installed packages: a
// command run there builds or serves without touching this checkout's dist/ (which other suites
// serve meanwhile) and reads no file git does not have (a developer's .dev.vars or .env).
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export async function copyOfRepository(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  for (const file of files.split("\0").filter(Boolean)) {
    await mkdir(join(dir, file, ".."), { recursive: true });
    // Timestamps kept: the lockfile must not look newer than the shared install (a re-install).
    await cp(join(ROOT, file), join(dir, file), { preserveTimestamps: true });
  }
  await symlink(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

// The files a run of a command looks at (npm run import, npm run gallery): each file named, and
// the files of each folder named (not its subfolders: an export folder is flat, and a folder of
// originals below it is not for the site).
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "./usage.ts";

export interface FileEntry {
  path: string;
  /** How the report names it: relative to where the command was typed, when below it. */
  name: string;
  size: number;
  /** Named on the command line rather than found in a folder. */
  named: boolean;
}

const hidden = (name: string) => name.startsWith(".");

export async function listFiles(paths: readonly string[], cwd: string): Promise<FileEntry[]> {
  const entries = new Map<string, FileEntry>();
  const nameOf = (file: string) => {
    const relative = path.relative(cwd, file);
    return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
  };
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) throw new UsageError(`No such file or folder: ${nameOf(given)}`);
    if (info.isFile()) {
      entries.set(given, { path: given, name: nameOf(given), size: info.size, named: true });
      continue;
    }
    if (!info.isDirectory()) throw new UsageError(`Not a file or folder: ${nameOf(given)}`);
    const names = (await readdir(given)).filter((name) => !hidden(name)).sort();
    for (const name of names) {
      const file = path.join(given, name);
      const fileInfo = await stat(file).catch(() => undefined);
      if (!fileInfo?.isFile() || entries.has(file)) continue;
      entries.set(file, { path: file, name: nameOf(file), size: fileInfo.size, named: false });
    }
  }
  return [...entries.values()];
}

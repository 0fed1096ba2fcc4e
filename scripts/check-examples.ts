// `npm test` runs this: every `@example` in worker/ is a ```ts block that type-checks, so an
// example cannot name something that no longer exists. Each block is written out as a module of
// its own (its relative imports resolved from the file it documents) and checked with the
// worker's compiler settings.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "node_modules/.tmp/examples");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The code of each `@example` of a file, or an error for one that is not a ```ts block. */
function examplesOf(text: string): (string | Error)[] {
  return text
    .split(/^\s*\* @example$/m)
    .slice(1)
    .map((after) => {
      const block = /^\s*\* ```tsx?\n((?:\s*\*.*\n)*?)\s*\* ```$/m.exec(after);
      if (!block || after.indexOf(block[0]) > after.search(/\S/) + 2) {
        return new Error("an @example must be a ```ts block");
      }
      return (block[1] ?? "").replace(/^\s*\* ?/gm, "");
    });
}

rmSync(OUT, { recursive: true, force: true });
const problems: string[] = [];
const written: string[] = [];
for (const file of sources(join(ROOT, "worker"))) {
  for (const [i, example] of examplesOf(readFileSync(file, "utf8")).entries()) {
    const name = `${relative(ROOT, file)}#${i + 1}`;
    if (example instanceof Error) {
      problems.push(`${name}: ${example.message}`);
      continue;
    }
    const code = example.replace(/from "(\.{1,2}\/[^"]+)"/g, (_, spec: string) => {
      return `from "${resolve(dirname(file), spec)}"`;
    });
    const out = join(OUT, `${relative(ROOT, file).replace(/[/.]/g, "_")}_${i + 1}.ts`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `// ${name}\n${code}\nexport {};\n`);
    written.push(out);
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
const config = join(OUT, "tsconfig.json");
writeFileSync(
  config,
  JSON.stringify({
    extends: relative(OUT, join(ROOT, "tsconfig.worker.json")),
    compilerOptions: {
      tsBuildInfoFile: join(OUT, "tsbuildinfo"),
      // Type libraries resolve from this configuration's folder: name the worker's by path.
      types: [join(ROOT, "worker/worker-configuration.d.ts"), "@cloudflare/vitest-plugin/types"],
    },
    references: [{ path: relative(OUT, join(ROOT, "tsconfig.client.json")) }],
    // The worker's own declarations: the virtual modules' (virtual:build-info) and those of the
    // modules that bring no types (modules.d.ts).
    include: [
      relative(OUT, join(ROOT, "worker/build-info.d.ts")),
      relative(OUT, join(ROOT, "worker/modules.d.ts")),
      ...written.map((path) => relative(OUT, path)),
    ],
  }),
);
const run = spawnSync(join(ROOT, "node_modules/.bin/tsc"), ["-b", config], {
  cwd: ROOT,
  stdio: "inherit",
});
if (run.status !== 0) {
  console.error(`@example blocks in worker/ that do not type-check (${OUT})`);
  process.exit(1);
}
console.log(`${written.length} @example blocks in worker/ type-check`);

// `npm test`: every check and every suite. Steps that share nothing run side by side (most of a
// suite's time is spent waiting on a server, a browser or a timer, not on the CPU), each after
// the steps it needs; a step's output is shown when it fails, with one line per step otherwise.
// The first failure stops the run. TEST_JOBS sets how many steps run at once (default 4);
// `npm test -- browser fuzz` runs only the steps named (after a build of their own, if needed).
// Every install comes first (the root's is scripts/with-node.sh's): on a new machine the Studio's,
// about 600 MB, would otherwise share the cores with suites that wait on servers and browsers.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");

interface Step {
  name: string;
  /** An npm script, or arguments for `vitest run`. */
  command: string[];
  after?: string[];
  /** The Studio's own dependencies (studio/), installed before any step starts. */
  studio?: true;
}

const vitest = (config: string, ...args: string[]) => [
  "node_modules/.bin/vitest",
  "run",
  `--config=${config}`,
  ...args,
];
const nodeProject = (...projects: string[]) =>
  vitest("vitest.node.config.ts", ...projects.map((project) => `--project=${project}`));
const npm = (script: string) => ["npm", "run", "--silent", script];

// In the order they start when a slot is free: the longest first, the build before the suites
// that serve the site, the quick checks where they fit.
const STEPS: Step[] = [
  { name: "build", command: npm("build") },
  // The owner's dashboard is shown with the Studio's own React (tests/browser/studio-dashboard.ts).
  { name: "browser", command: npm("test:browser"), after: ["build"], studio: true },
  { name: "bench smoke", command: nodeProject("bench"), after: ["build"] },
  { name: "worker tests", command: npm("test:worker"), after: ["build"] },
  { name: "node tests", command: nodeProject("node"), after: ["build"] },
  // The demo's, cli's and client's own tests; they start no site.
  { name: "module tests", command: nodeProject("demo", "cli", "client") },
  { name: "fuzz", command: npm("test:fuzz"), after: ["build"] },
  { name: "soak", command: npm("test:soak"), after: ["build"] },
  { name: "Studio", command: npm("check:studio"), studio: true },
  { name: "content types", command: npm("check:content-types"), studio: true },
  { name: "lint", command: npm("lint") },
  { name: "types", command: npm("typecheck") },
  { name: "examples", command: npm("check:examples") },
  { name: "imports", command: npm("check:imports") },
  { name: "worker types", command: npm("check:worker-types") },
];

const named = process.argv.slice(2);
const unknown = named.filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(
    `No step named ${unknown.join(", ")}; the steps: ${STEPS.map((s) => s.name).join(", ")}`,
  );
  process.exit(2);
}
const chosen = new Set(named.length === 0 ? STEPS.map((step) => step.name) : named);
for (const step of STEPS)
  if (chosen.has(step.name)) for (const need of step.after ?? []) chosen.add(need);
const selected = STEPS.filter((step) => chosen.has(step.name));

const jobs = Number(process.env.TEST_JOBS ?? 4);
if (!Number.isInteger(jobs) || jobs < 1) {
  // Anything else would start no step and end green with nothing tested.
  console.error(
    `TEST_JOBS must be a whole number of steps at once, 1 or more; got ${process.env.TEST_JOBS}`,
  );
  process.exit(2);
}
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

const done = new Set<string>();
const running = new Map<string, ChildProcess>();
const waiting = [...selected];
let failed = false;

function ready(step: Step): boolean {
  return (step.after ?? []).every((name) => done.has(name));
}

function start(step: Step): void {
  const since = Date.now();
  const [command = "", ...args] = step.command;
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  running.set(step.name, child);
  child.once("close", (code) => {
    running.delete(step.name);
    if (failed) return;
    if (code === 0) {
      console.log(`✓ ${step.name} (${seconds(since)})${summary(output)}`);
      done.add(step.name);
      next();
      return;
    }
    failed = true;
    console.log(`✗ ${step.name} (${seconds(since)}), exit ${code}:\n\n${output}`);
    stopAll();
    process.exitCode = 1;
  });
}

/** Vitest's count of tests, when the step ran tests. */
function summary(output: string): string {
  const tests = /^\s*Tests\s+(.+)$/m.exec(output)?.[1]?.trim();
  return tests ? `: ${tests}` : "";
}

/** Every process below `root`: the servers a suite started run in process groups of their own. */
function descendants(root: number): number[] {
  const table = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map<number, number[]>();
  for (const line of table.trim().split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

function stopAll(): void {
  for (const child of running.values()) {
    if (!child.pid) continue;
    for (const pid of [child.pid, ...descendants(child.pid)]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}

function next(): void {
  while (running.size < jobs) {
    const index = waiting.findIndex(ready);
    if (index < 0) break;
    const [step] = waiting.splice(index, 1);
    if (step) start(step);
  }
  if (running.size === 0 && waiting.length === 0 && !failed) {
    console.log(`\nAll ${selected.length} steps passed in ${seconds(started)}.`);
  }
}

if (selected.some((step) => step.studio)) {
  const install = spawnSync("sh", ["scripts/install-locked.sh", "studio"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    failed = true;
    stopAll();
    process.exit(130);
  });
}

next();

import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** How a command ended, and all it printed. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCommand {
  child: ChildProcess;
  done: Promise<CommandRun>;
  /** What it has written to stderr so far (progress lines, for a test that interrupts it). */
  output: () => string;
}

/**
 * Starts one of the project's Node commands (`script`, from the repository's root) as a person
 * would, with only the environment given: never the developer's own settings.
 */
export function startCommand(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): RunningCommand {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<CommandRun>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done, output: () => stderr };
}

// What the worker logs, for tests of any kind (whole-worker tests get it through harness.ts;
// module tests import it from here, without loading the whole worker).
import { vi } from "vitest";

/** One JSON log line of the worker (worker/lib/log.ts). */
export interface LogLine {
  level: string;
  message: string;
  [field: string]: unknown;
}

export interface CapturedLogs {
  /** The JSON log lines written since the capture began, in order; only one level's if given. */
  lines(level?: string): LogLine[];
  /** The messages of those lines. */
  messages(level?: string): string[];
  /** Everything written to the console, one call a line, as written; only one level's if given. */
  text(level?: string): string;
}

const CONSOLE_METHODS = ["error", "warn", "log", "info", "debug"] as const;

interface Written {
  method: string;
  text: string;
  line?: LogLine;
}

/** Every capture of the running test, each with what was written since it began. */
let captures: Written[][] = [];

/**
 * Silences the console and records what is written to it from now on, until the test ends
 * (vitest.worker.config.ts restores the console before each test).
 */
export function captureLogs(): CapturedLogs {
  if (!vi.isMockFunction(console.error)) {
    // The first capture of this test.
    captures = [];
    for (const method of CONSOLE_METHODS) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        const text = args.map(String).join(" ");
        const entry = { method, text, line: parseLine(text) };
        for (const written of captures) written.push(entry);
      });
    }
  }
  const written: Written[] = [];
  captures.push(written);
  const levelOf = (entry: Written) => entry.line?.level ?? entry.method;
  const matching = (level?: string) =>
    written.filter((entry) => level === undefined || levelOf(entry) === level);
  const lines = (level?: string) =>
    matching(level).map((entry) => {
      if (!entry.line) {
        throw new Error(
          `console.${entry.method} wrote a line that is not a JSON log line: ${entry.text.slice(0, 200)}`,
        );
      }
      return entry.line;
    });
  return {
    lines,
    messages: (level) => lines(level).map((line) => line.message),
    text: (level) =>
      matching(level)
        .map((entry) => entry.text)
        .join("\n"),
  };
}

function parseLine(text: string): LogLine | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      typeof (parsed as LogLine).level === "string" &&
      typeof (parsed as LogLine).message === "string"
    ) {
      return parsed as LogLine;
    }
  } catch {
    // Not JSON: `lines` refuses it, `text` keeps it.
  }
  return undefined;
}

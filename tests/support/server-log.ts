// What the local server's log says beyond the worker's own lines. The worker logs JSON
// (worker/lib/log.ts); everything else that reports an error came from the runtime or from
// Miniflare on their own: an exception nobody caught, a rejection nobody awaited, I/O handed from
// one request to another, a request that never answered. Each is a bug even when every answer
// looked right, so the suites that drive the real server fail on any of them.

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape codes of coloured output
const ANSI = /\u001b\[[0-9;]*m/g;

/** What the runtime writes on its own when something went wrong that no code handled. */
const RUNTIME_TROUBLE =
  /Uncaught|Cannot perform I\/O|will never generate a response|Unhandled|uncaught exception|kj::|Fatal|Broken pipe|disconnected:|Internal error|workerd\/|\[mf:error\]/i;

/**
 * The local trace collector (on with `traces`, scripts/site-server.ts) losing one of its
 * own sessions under load: "The destination execution context for this tail session was
 * canceled". The destination is the collector, not the site; the deployed worker has no such
 * collector. Not counted, so that the traces stay on where they make the runtime report a
 * request touching another's I/O.
 */
const COLLECTOR_SESSION_LOST =
  /trace-stream\.c\+\+.*destination execution context for this tail session/;

/** An error line of the log, as the site's server prints one: `✘ [ERROR] …`. */
const ERROR_LINE = /^\s*✘?\s*\[ERROR\]\s*(.*)$/;

/** The worker's own log line: one JSON object with a level. */
const isWorkerLine = (text: string) => /^\{"level":"(?:debug|info|warn|error)"/.test(text.trim());

/**
 * The lines of `output` (a local server's log) that report an error the runtime or Miniflare
 * found on its own, without colour codes; empty when the log is clean. The worker's own JSON log
 * lines (a failed content refresh, a bot's 404) are its handling, not trouble.
 */
export function runtimeErrors(output: string): string[] {
  return output
    .replace(ANSI, "")
    .split(/\r?\n/)
    .filter((line) => {
      if (COLLECTOR_SESSION_LOST.test(line)) return false;
      const error = ERROR_LINE.exec(line);
      if (error) return !isWorkerLine(error[1] ?? "");
      return (
        RUNTIME_TROUBLE.test(line) && !isWorkerLine(line.replace(/^\s*[▲✘]?\s*\[\w+\]\s*/, ""))
      );
    })
    .map((line) => line.trim().slice(0, 400));
}

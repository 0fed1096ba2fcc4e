/**
 * One JSON line per event, so `wrangler tail` and Workers Logs can filter by field.
 * Callers pass only what is safe to log: never a token or a request body.
 */
export type Fields = Record<string, string | number | boolean | undefined>;

function write(level: "info" | "warn" | "error", message: string, fields: Fields): void {
  const line = JSON.stringify({ level, message, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** An error for a log field: its class and message ("TypeError: …"), or whatever was thrown. */
export const errorText = (error: unknown): string =>
  withoutQueries(error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * An error's text with the query of every address in it cut off: a client's error names the
 * address it asked (`@sanity/client`'s "GET-request to https://…?query=…&$secret=…"), whose
 * parameters may be a secret (the preview's) or what a visitor typed, neither for the logs.
 */
const withoutQueries = (text: string) => text.replace(/(https?:\/\/[^\s?#]*)[?#][^\s]*/g, "$1?…");

export const log = {
  info: (message: string, fields: Fields = {}) => write("info", message, fields),
  warn: (message: string, fields: Fields = {}) => write("warn", message, fields),
  error: (message: string, fields: Fields = {}) => write("error", message, fields),
};

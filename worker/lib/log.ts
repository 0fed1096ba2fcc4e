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
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export const log = {
  info: (message: string, fields: Fields = {}) => write("info", message, fields),
  warn: (message: string, fields: Fields = {}) => write("warn", message, fields),
  error: (message: string, fields: Fields = {}) => write("error", message, fields),
};

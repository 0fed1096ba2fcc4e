import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Longest path echoed back to a visitor; longer ones are cut so errors stay readable. */
const MAX_ECHOED_PATH = 160;

export function echoPath(path: string): string {
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

/**
 * An error meant for the visitor: its message is shown on the error page (escaped by React).
 * Fatal errors replace the page's content (a failed validity check, a missing document);
 * non-fatal ones are shown inside the normal layout (an unmatched path).
 */
export class PageError extends HTTPException {
  readonly fatal: boolean;
  readonly statusMessage: string | undefined;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { fatal: boolean; statusMessage?: string; cause?: unknown },
  ) {
    super(status, { message, cause: options.cause });
    this.fatal = options.fatal;
    this.statusMessage = options.statusMessage;
  }
}

/** No route pattern matches. The message echoes the path with its query string. */
export const unmatchedPath = (fullPath: string) =>
  new PageError(404, `Page not found: ${echoPath(fullPath)}`, { fatal: false });

/** The route matched but its validity check failed or there is no such document. */
export const pageNotFound = (path: string, status: ContentfulStatusCode = 404) =>
  new PageError(status, `Page Not Found: ${echoPath(path)}`, { fatal: true });

/** The status lines the site answers with; any other is "Bad Request" or "Internal Server Error". */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Page Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

/** The default status line of an error page. */
export const defaultStatusMessage = (status: number): string =>
  STATUS_MESSAGES[status] ?? (status < 500 ? "Bad Request" : "Internal Server Error");

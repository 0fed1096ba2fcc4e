import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type MessageKey, type Phrase, phrase } from "../../shared/i18n/messages.ts";
import { english } from "../i18n/translator.ts";

/** Longest path echoed back to a visitor; longer ones are cut so errors stay readable. */
const MAX_ECHOED_PATH = 160;

export function echoPath(path: string): string {
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

/**
 * An error meant for the visitor: its description is shown on the error page, in the page's
 * language (escaped by React); its message, in English, is what the log reads. Fatal errors
 * replace the page's content (a failed validity check, a missing document); non-fatal ones are
 * shown inside the normal layout (an unmatched path).
 */
export class PageError extends HTTPException {
  readonly fatal: boolean;
  readonly description: Phrase;
  readonly statusMessage: Phrase | undefined;

  constructor(
    status: ContentfulStatusCode,
    description: Phrase,
    options: { fatal: boolean; statusMessage?: Phrase; cause?: unknown },
  ) {
    super(status, { message: english().phrase(description), cause: options.cause });
    this.fatal = options.fatal;
    this.description = description;
    this.statusMessage = options.statusMessage;
  }
}

/** No route pattern matches. The message echoes the path with its query string. */
export const unmatchedPath = (fullPath: string) =>
  new PageError(404, phrase("error.notFoundPath", { path: echoPath(fullPath) }), { fatal: false });

/** The route matched but its validity check failed or there is no such document. */
export const pageNotFound = (path: string, status: ContentfulStatusCode = 404) =>
  new PageError(status, phrase("error.notFound", { path: echoPath(path) }), { fatal: true });

/** The status lines the site answers with; any other is "Bad Request" or "Internal Server Error". */
const STATUS_MESSAGES = {
  400: "status.400",
  401: "status.401",
  403: "status.403",
  404: "status.404",
  405: "status.405",
  409: "status.409",
  410: "status.410",
  413: "status.413",
  422: "status.422",
  429: "status.429",
  500: "status.500",
  503: "status.503",
} as const satisfies Record<number, MessageKey>;

/** The default status line of an error page. */
export const defaultStatusMessage = (status: number): MessageKey =>
  STATUS_MESSAGES[status as keyof typeof STATUS_MESSAGES] ??
  (status < 500 ? "status.400" : "status.500");

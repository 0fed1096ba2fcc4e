// Bearer tokens, the way Sanity's API treats them: no token means anonymous (public documents
// only), the service's token unlocks private documents and writes, and any other token is
// refused with 401 rather than quietly downgraded.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { HttpError } from "./http.ts";
import type { Access } from "./perspective.ts";

/** What the request's credentials amount to. */
export type Credentials = "anonymous" | "valid" | "invalid";

/** Sanity's answer to an unknown or malformed token. */
export function unauthorized(): HttpError {
  return new HttpError(401, {
    error: "Unauthorized",
    message: "Session not found",
    statusCode: 401,
    errorCode: "SIO-401-ANF",
  });
}

/** Constant-time comparison: hashing first gives both sides the same length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function credentialsOf(req: IncomingMessage, token: string | undefined): Credentials {
  const header = req.headers.authorization;
  if (header === undefined) return "anonymous";
  const match = /^Bearer ([\x21-\x7e]+)$/.exec(header.trim());
  if (!match?.[1] || token === undefined) return "invalid";
  return sameSecret(match[1], token) ? "valid" : "invalid";
}

/**
 * Read access for a query or document lookup. A wrong token is a 401, like Sanity. A service
 * started without a token has nothing to check a token against and no private reads to grant,
 * so there a token is ignored: sites configured with a token for real Sanity keep working on
 * the demo.
 */
export function readAccess(req: IncomingMessage, token: string | undefined): Access {
  const credentials = credentialsOf(req, token);
  if (credentials === "valid") return "private";
  if (credentials === "invalid" && token !== undefined) throw unauthorized();
  return "public";
}

/**
 * Writes need the service's token: none at all is Sanity's 403 for missing permissions, a
 * wrong one its 401.
 */
export function requireWriteAccess(
  req: IncomingMessage,
  token: string | undefined,
  permission: string,
): void {
  const credentials = credentialsOf(req, token);
  if (credentials === "valid") return;
  if (credentials === "invalid") throw unauthorized();
  throw new HttpError(403, {
    error: {
      description: `transaction failed: Insufficient permissions; permission "${permission}" required`,
      type: "mutationError",
    },
  });
}

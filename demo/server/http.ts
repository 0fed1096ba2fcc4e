// Small HTTP helpers shared by the handlers: JSON responses, typed HTTP errors,
// bounded body reading and raw URL splitting. Only node: built-ins.
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/**
 * An error that maps to a specific HTTP response. Handlers throw it; the server
 * turns it into JSON. Anything that is not an HttpError becomes a 500 without details.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === "string" ? body : `HTTP ${status}`);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  500: "Internal Server Error",
};

/** The `{error, message, statusCode}` shape Sanity's API gateway uses for routing-level errors. */
export function gatewayError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    { error: REASONS[status] ?? "Error", message, statusCode: status },
    headers,
  );
}

/** The `{error: {description, type}}` shape Sanity's query API uses for bad requests. */
export function badRequest(description: string, type = "httpBadRequest"): HttpError {
  return new HttpError(400, { error: { description, type } });
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "access-control-allow-origin": "*",
    ...headers,
  });
  // HEAD gets the same headers (including the length) and no body.
  res.end(req.method === "HEAD" ? undefined : text);
}

/**
 * Reads the request body, refusing more than `limit` bytes with 413. The declared
 * Content-Length is checked first so oversized uploads are refused before reading.
 * Event-based rather than `for await`: leaving an async iterator early destroys the
 * socket, and then the 413 could not be delivered.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = () => {
      // Keep draining (not destroying) so the 413 can still be written; the
      // connection is closed after the reply.
      req.resume();
      reject(gatewayError(413, `Request body exceeds ${limit} bytes`, { connection: "close" }));
    };
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      tooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (error) => {
      if (!failed) reject(error);
    });
  });
}

/** Reads the request body as JSON (at most `limit` bytes): 400 when it is not JSON. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = await readBody(req, limit);
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("Request body must be JSON");
  }
}

/**
 * Splits the request target into the still-encoded path and the query string.
 * Deliberately not `new URL()`: WHATWG URL parsing resolves `..` and `%2e%2e`
 * segments, which would hide traversal attempts from the path validation.
 */
export function splitTarget(target: string | undefined): { path: string; search: URLSearchParams } {
  const raw = target ?? "/";
  if (!raw.startsWith("/")) throw gatewayError(400, "Request target must be an absolute path");
  const q = raw.indexOf("?");
  return {
    path: q < 0 ? raw : raw.slice(0, q),
    search: new URLSearchParams(q < 0 ? "" : raw.slice(q + 1)),
  };
}

/**
 * workerd keeps a connection to a server for the next request and closes it after 5 s idle,
 * which is also when Node's server closes its side: a request sent on it in that moment is
 * lost, and the worker's fetch throws "Network connection lost." (a busy machine meets that
 * moment often). A server that waits a minute leaves the closing to the client, which never
 * sends on a connection it has closed itself.
 */
export function leaveIdleClosingToClients<S extends Server>(server: S): S {
  server.keepAliveTimeout = 60_000;
  // Node counts a kept connection's wait for the next request's headers against this.
  server.headersTimeout = 61_000;
  return server;
}

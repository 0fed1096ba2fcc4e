// Sends the fuzz cases over real sockets with node:http, which sends the request-target as it
// is given (fetch() would normalise `\`, `..` and tabs away before the server saw them).
import http from "node:http";
import zlib from "node:zlib";
import { type Case, USER_AGENTS, XSS_MARKER } from "./cases.ts";

/** What came back for one case. */
export interface Answer {
  /** 0 when there was no answer. */
  status: number;
  headers: Headers;
  /** Raw header values by lower-case name, as the server sent them (Headers trims them). */
  raw: Map<string, string[]>;
  body: string;
  /** Why there was no answer: a socket error or the time-out. */
  error?: string;
  /** The answer ended before its body did (the connection broke mid-body). */
  cutOff?: boolean;
  ms: number;
}

/** No answer within this time is a failure: a page answers within 10 s even when Sanity hangs. */
export const TIMEOUT_MS = 10_000;
/** Bodies are read up to this size; nothing the site answers comes near it. */
const MAX_BODY = 4 * 1024 * 1024;

/** A body of the given size, repeating a markup payload (a reflected body would show it). */
const CHUNK = Buffer.from(
  `<script>${XSS_MARKER}()</script>&a=1\r\n`.repeat(Math.ceil(65536 / 33)).slice(0, 65536),
);

function writeBody(req: http.ClientRequest, size: number) {
  let left = size;
  const write = () => {
    while (left > 0) {
      const n = Math.min(left, CHUNK.length);
      left -= n;
      if (!req.write(CHUNK.subarray(0, n))) {
        req.once("drain", write);
        return;
      }
    }
    req.end();
  };
  write();
}

function decode(encoding: string | undefined, body: Buffer): Buffer {
  try {
    if (encoding === "gzip") return zlib.gunzipSync(body);
    if (encoding === "br") return zlib.brotliDecompressSync(body);
    if (encoding === "deflate") return zlib.inflateSync(body);
  } catch {
    // Cut short: judge what arrived.
  }
  return body;
}

export interface Server {
  host: string;
  port: number;
}

/**
 * Sends one case. `agent: false` opens a connection of its own (the 10 MiB uploads, so that
 * what one does to its connection is not blamed on the next request).
 */
export function send(server: Server, c: Case, agent: http.Agent | false): Promise<Answer> {
  const started = Date.now();
  const headers: Record<string, string> = { "User-Agent": USER_AGENTS[c.ua], ...c.headers };
  if (c.ua === "browser") headers.Accept ??= "text/html,application/xhtml+xml,*/*;q=0.8";
  if (c.bodySize > 0) {
    headers["Content-Length"] = String(c.bodySize);
    headers["Content-Type"] = c.contentType ?? "application/octet-stream";
  }
  if (agent === false) headers.Connection = "close";

  const attempt = (retry: boolean): Promise<Answer> =>
    new Promise((done) => {
      let settled = false;
      let answered = false;
      const finish = (answer: Omit<Answer, "ms">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done({ ...answer, ms: Date.now() - started });
      };
      const noAnswer = (error: string) =>
        finish({ status: 0, headers: new Headers(), raw: new Map(), body: "", error });
      const req = http.request(
        { host: server.host, port: server.port, method: c.method, path: c.path, headers, agent },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size <= MAX_BODY) chunks.push(chunk);
          });
          let broken = false;
          res.on("aborted", () => {
            broken = true;
          });
          const complete = () => {
            const raw = new Map<string, string[]>();
            const parsed = new Headers();
            const { rawHeaders } = res;
            for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
              const name = (rawHeaders[i] as string).toLowerCase();
              const value = rawHeaders[i + 1] as string;
              raw.set(name, [...(raw.get(name) ?? []), value]);
              try {
                parsed.append(name, value);
              } catch {
                // Not a valid header for fetch(): the raw value is still checked.
              }
            }
            const encoding = res.headers["content-encoding"];
            finish({
              status: res.statusCode ?? 0,
              headers: parsed,
              raw,
              body: decode(encoding, Buffer.concat(chunks)).toString("utf8"),
              ...(broken || !res.complete ? { cutOff: true } : {}),
            });
          };
          // "close" also comes when the connection breaks mid-body: judge what arrived.
          res.on("end", complete);
          res.on("close", complete);
          res.on("error", complete);
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        noAnswer(`no answer within ${TIMEOUT_MS / 1000} s`);
      }, TIMEOUT_MS);
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (answered) return;
        // A kept-alive connection the server had just closed: Node's documented retry case.
        if (retry && req.reusedSocket && error.code === "ECONNRESET") {
          settled = true;
          clearTimeout(timer);
          attempt(false).then(done);
          return;
        }
        noAnswer(error.code ?? error.message);
      });
      if (c.bodySize > 0) writeBody(req, c.bodySize);
      else req.end();
    });
  return attempt(true);
}

/** Runs `work` over `items` with at most `limit` in flight; results in the items' order. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

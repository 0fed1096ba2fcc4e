/**
 * The requests `npm run gallery` makes to the site's upload endpoint
 * (`/_app/galleries/{id}/photos/{photo}`), each signed (signature.ts). Over node:http(s) rather
 * than fetch: a file's body is piped into the request with backpressure and an exact
 * Content-Length, so a 100 MB photograph costs a few chunks of memory, never its size.
 */
import http from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";
import { gallerySignature, SIGNATURE_HEADER, type SignedRequest } from "./signature.ts";
import type { UploadTarget } from "./target.ts";

export interface SiteAnswer {
  status: number;
  /** The answer's text (the worker's refusals say why), at most a few hundred characters. */
  text: string;
}

/** The site cannot be reached at all: nothing else will work either. */
export class UnreachableSite extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreachableSite";
  }
}

const NETWORK_ERRORS = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
/** A connection that went away midway: the next one may well work. */
const DROPPED = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT"]);
/** Tries of one request, and the wait before the second (the third waits twice as long). */
const ATTEMPTS = 3;
const RETRY_MS = 1000;

export const photoPath = (gallery: string, photo: string) =>
  `/_app/galleries/${gallery}/photos/${photo}`;

export class SiteClient {
  readonly #target: UploadTarget;
  readonly #agent: http.Agent;

  constructor(target: UploadTarget, concurrency: number) {
    this.#target = target;
    const Agent = target.site.startsWith("https:") ? https.Agent : http.Agent;
    this.#agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  }

  /**
   * Sends one signed request, with the body `body()` makes piped in when there is one. An answer
   * the site or the way to it may not give a moment later (a 5xx, a connection dropped midway)
   * is asked again, twice at most: every request the command makes may be repeated (a photograph
   * is named by its hash, and putting it again changes nothing). `body(attempt)` makes the body
   * afresh for each attempt (1 first).
   */
  async send(
    request: SignedRequest & {
      headers?: Record<string, string>;
      body?: (attempt: number) => Readable;
    },
  ): Promise<SiteAnswer> {
    for (let attempt = 1; ; attempt++) {
      const last = attempt === ATTEMPTS;
      try {
        const answer = await this.#sendOnce(request, request.body?.(attempt));
        if (answer.status < 500 || last) return answer;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (last || error instanceof UnreachableSite || !code || !DROPPED.has(code)) throw error;
      }
      await new Promise((wait) => setTimeout(wait, RETRY_MS * attempt));
    }
  }

  #sendOnce(
    request: SignedRequest & { headers?: Record<string, string> },
    body: Readable | undefined,
  ): Promise<SiteAnswer> {
    const url = new URL(request.path, this.#target.site);
    const headers: Record<string, string> = {
      ...request.headers,
      [SIGNATURE_HEADER]: gallerySignature(this.#target.token, request),
    };
    if (body) headers["Content-Length"] = String(request.length ?? 0);
    const transport = url.protocol === "https:" ? https : http;
    return new Promise<SiteAnswer>((resolve, reject) => {
      const req = transport.request(
        url,
        { method: request.method, headers, agent: this.#agent },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (text.length < 500) text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: text.trim() }));
          res.on("error", reject);
        },
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        reject(
          error.code && NETWORK_ERRORS.has(error.code)
            ? new UnreachableSite(`Cannot reach ${this.#target.description} (${error.code})`)
            : error,
        );
      });
      if (!body) {
        req.end();
        return;
      }
      // A file that cannot be read (or is not the image it seemed) ends the request with its error.
      body.on("error", (error) => req.destroy(error));
      body.pipe(req);
    });
  }

  /** A signed GET (the gallery's proofing settings, an original to re-mark), its whole answer. */
  async get(path: string): Promise<Response> {
    const url = new URL(path, this.#target.site);
    try {
      return await fetch(url, {
        headers: {
          [SIGNATURE_HEADER]: gallerySignature(this.#target.token, { method: "GET", path }),
        },
      });
    } catch (error) {
      // A connection dropped midway fails this request alone; anything else stops the run.
      const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
      if (cause?.code && (DROPPED.has(cause.code) || cause.code === "UND_ERR_SOCKET")) {
        throw new Error(`the connection broke off (${cause.message})`);
      }
      throw new UnreachableSite(
        `Cannot reach ${this.#target.description} (${(error as Error).message})`,
      );
    }
  }

  close(): void {
    this.#agent.destroy();
  }
}

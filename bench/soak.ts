// The soak: many visitors at once for a while, over every route, while the content keeps
// expiring and the content service is slow at times, with a publish in the middle. Shared by
// the soak test (tests/soak/, which fails on any broken answer or runtime error in the server's
// log) and `npm run bench` (which reports its throughput, latencies and content calls).
import http from "node:http";
import { ROUTE_SAMPLES } from "../tests/support/route-samples.ts";
import { prng, type Random } from "../tests/support/seeded-random.ts";
import { ATTEMPT_TIMEOUT_MS } from "../worker/content/sanity-client.ts";
import { percentile } from "./load.ts";

export const SOAK_SEED = 0x50a4;

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** One request of the soak. */
export interface SoakRequest {
  kind: string;
  method: "GET" | "HEAD" | "POST";
  path: string;
  bot: boolean;
  /** A form body (the contact form's POST). */
  form?: Record<string, string>;
}

/** Every route sample (tests/support/route-samples.ts) with a concrete path (no query template). */
const ROUTES = Object.entries(ROUTE_SAMPLES).flatMap(([name, samples]) =>
  samples.map((sample) => ({ name, path: sample.path })),
);
const FEEDS = ["/rss.xml", "/sitemap.xml", "/robots.txt", "/_app/builds/latest.json"];
const WORDS = ["mountain", "sea", "autumn", "light", "forest", "rain", "coast", "portrait"];

/** Rolls of the mix below that pick a search, a miss, a feed and the contact form's POST. */
const OTHER_KINDS = [0.75, 0.85, 0.9, 0.99];
/** The requests that open every soak: each route once, then one of each other kind. */
export const COVERING = ROUTES.length + OTHER_KINDS.length;

/**
 * The mix of a real burst, after one request of every kind (each route, a search, a miss, a
 * feed, the contact form): mostly page views of every route (cache hits once warm), as a browser
 * or a bot, GET or HEAD, some with a query string the page ignores; searches for changing words
 * and made-up addresses (cache misses); feeds; and now and then the contact form.
 */
export function nextRequest(random: Random, sequence: number): SoakRequest {
  const method = random.chance(0.25) ? "HEAD" : "GET";
  const bot = random.chance(0.2);
  const first = sequence < ROUTES.length;
  const roll = first ? 0 : (OTHER_KINDS[sequence - ROUTES.length] ?? random.next());
  if (roll < 0.7) {
    const route = first ? (ROUTES[sequence] ?? random.pick(ROUTES)) : random.pick(ROUTES);
    const query = random.chance(0.1)
      ? `${route.path.includes("?") ? "&" : "?"}utm=${sequence}`
      : "";
    return { kind: route.name, method, path: `${route.path}${query}`, bot };
  }
  if (roll < 0.8) {
    const words = [
      random.pick(WORDS),
      random.chance(0.5) ? `${random.pick(WORDS)}${sequence % 50}` : "",
    ];
    return {
      kind: "search",
      method,
      path: `/search?q=${encodeURIComponent(words.join(" ").trim())}`,
      bot,
    };
  }
  if (roll < 0.87) {
    const unknown = random.chance(0.5)
      ? `/no-such-page-${sequence % 200}`
      : `/tag/no-such-tag-${sequence % 200}`;
    return { kind: "miss", method, path: unknown, bot };
  }
  if (roll < 0.98) return { kind: "feed", method, path: random.pick(FEEDS), bot };
  return {
    kind: "contact-post",
    method: "POST",
    path: "/contact",
    bot: false,
    form: {
      name: "Soak Visitor",
      email: "soak@example.com",
      subject: "print",
      message: `A message from the soak, number ${sequence}.`,
      website: "",
      started: "",
    },
  };
}

/** What the soak saw that must never happen; each with the request that showed it. */
export interface SoakProblem {
  kind: "no answer" | "incomplete" | "5xx";
  request: string;
  detail: string;
}

export interface SoakResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Requests by kind of request. */
  kinds: Record<string, number>;
  problems: SoakProblem[];
}

interface Answered {
  status: number;
  ms: number;
  problem?: Omit<SoakProblem, "request">;
}

/** How long a visitor waits for an answer at most: a page answers within 10 s whatever Sanity does. */
const TIMEOUT_MS = 15_000;

function send(url: URL, request: SoakRequest, agent: http.Agent): Promise<Answered> {
  const started = performance.now();
  const body = request.form ? new URLSearchParams(request.form).toString() : undefined;
  const headers: Record<string, string> = {
    "User-Agent": request.bot ? BOT : BROWSER,
    Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    "Accept-Encoding": "gzip, br",
  };
  if (body !== undefined) {
    Object.assign(headers, {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: url.origin,
      "Sec-Fetch-Site": "same-origin",
    });
  }
  const attempt = (retry: boolean): Promise<Answered> =>
    new Promise((done) => {
      let settled = false;
      const finish = (answer: Omit<Answered, "ms">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done({ ...answer, ms: performance.now() - started });
      };
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers,
          agent,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          let bytes = 0;
          res.on("data", (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on("end", () => {
            const declared = Number(res.headers["content-length"] ?? Number.NaN);
            if (!res.complete) {
              finish({
                status,
                problem: { kind: "incomplete", detail: `${status}, cut off after ${bytes} bytes` },
              });
            } else if (
              request.method !== "HEAD" &&
              Number.isFinite(declared) &&
              declared !== bytes
            ) {
              finish({
                status,
                problem: { kind: "incomplete", detail: `${status}, ${bytes} of ${declared} bytes` },
              });
            } else if (status >= 500) {
              finish({ status, problem: { kind: "5xx", detail: String(status) } });
            } else {
              finish({ status });
            }
          });
          res.on("aborted", () =>
            finish({
              status,
              problem: { kind: "incomplete", detail: `${status}, aborted after ${bytes} bytes` },
            }),
          );
          res.on("error", (error) =>
            finish({
              status,
              problem: { kind: "incomplete", detail: `${status}, ${error.message}` },
            }),
          );
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        finish({
          status: 0,
          problem: { kind: "no answer", detail: `none within ${TIMEOUT_MS / 1000} s` },
        });
      }, TIMEOUT_MS);
      req.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as it was reused: Node's documented retry case.
        if (retry && req.reusedSocket && error.code === "ECONNRESET") {
          settled = true;
          clearTimeout(timer);
          attempt(false).then(done);
          return;
        }
        // A malformed answer (the HTTP parser's HPE_* codes) lands here too.
        finish({ status: 0, problem: { kind: "no answer", detail: error.code ?? error.message } });
      });
      req.end(body);
    });
  return attempt(true);
}

export interface SoakOptions {
  url: string;
  seed?: number;
  connections: number;
  seconds: number;
  /** Runs once, half-way through (a publish), while the visitors go on. */
  midway?: () => Promise<void>;
}

/** `connections` visitors, each sending the next request of the seeded mix as soon as the last one is answered. */
export async function soak(options: SoakOptions): Promise<SoakResult> {
  const url = new URL(options.url);
  const random = prng(options.seed ?? SOAK_SEED);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  const problems: SoakProblem[] = [];
  const started = performance.now();
  const end = started + options.seconds * 1000;
  let sequence = 0;

  // Until the time is up and every kind has been asked for, however slow the machine.
  const visitor = async () => {
    while (performance.now() < end || sequence < COVERING) {
      const request = nextRequest(random, sequence++);
      kinds[request.kind] = (kinds[request.kind] ?? 0) + 1;
      const answer = await send(url, request, agent);
      latencies.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.problem) {
        const bot = request.bot ? " (bot)" : "";
        problems.push({ ...answer.problem, request: `${request.method} ${request.path}${bot}` });
      }
    }
  };
  const midway = options.midway
    ? new Promise<void>((done) => setTimeout(done, (options.seconds * 1000) / 2)).then(
        options.midway,
      )
    : Promise.resolve();
  try {
    await Promise.all([...Array.from({ length: options.connections }, visitor), midway]);
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses,
    kinds,
    problems,
  };
}

/**
 * The content service's delay for the soak: usually a few milliseconds, and now and then (one
 * query in ten) between 0.3 s and half of the worker's deadline for one attempt, as a real
 * service has bad moments it still answers within. Up to 2 s of a 3 s deadline left a busy
 * two-core machine (the service evaluating GROQ between the other suites) too little, and an
 * answer past the deadline is a 500 by design when nothing older is cached.
 */
export function slowAtTimes(seed = SOAK_SEED): () => number {
  const random = prng(seed ^ 0x51047);
  const slowest = ATTEMPT_TIMEOUT_MS / 2;
  return () => (random.chance(0.1) ? 300 + random.int(slowest - 300) : random.int(15));
}

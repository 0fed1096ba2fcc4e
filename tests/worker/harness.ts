// The one way whole-worker tests talk to the worker: `request` sends a request through the real
// worker, `captureLogs` reads what it logged, the fault controls switch the stand-in for the
// content service (tests/support/fault-server.ts), and the constants name what tests share.
// A module's own tests (beside it under worker/) mount it alone and call `app.request` instead.
import {
  createExecutionContext,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import worker from "../../worker/index.ts";

import { TEST_TOKEN as TEST_TOKEN_VALUE } from "./test-token.ts";

export { type CapturedLogs, captureLogs, type LogLine } from "./logs.ts";
export { TEST_TOKEN } from "./test-token.ts";

/** A desktop Chrome user agent: isbot() treats unknown agents (curl, fetch) as bots. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** What the worker logs when the content has no photographs for the slideshow. */
export const NO_IMAGES = "Background images not found for tag: Slideshow Image";

/** A post of the demo content. */
export const POST_PATH = "/post/autumn-in-the-basque-mountains";

/** Where a path is requested. */
export const ORIGIN = "http://localhost";

export interface RequestOptions {
  /** The worker's environment; the test bindings (vitest.worker.config.ts) by default. */
  env?: Env;
  method?: string;
  headers?: Record<string, string>;
  /** A desktop browser by default; `headers` may still set its own User-Agent. */
  userAgent?: string;
  body?: BodyInit;
  /** What Cloudflare's edge says of the request (`request.cf`): a visitor's place, their zone. */
  cf?: Partial<IncomingRequestCfProperties>;
  /**
   * The runtime may refuse to build some requests (an unknown or forbidden method): such a
   * request never reaches a worker, so it resolves to undefined instead of throwing.
   */
  refusable?: boolean;
}

/** The worker's answer, its body read. */
export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** The body's bytes (a photograph, a ZIP). */
  bytes: Uint8Array;
}

/**
 * Runs the worker's Cron Trigger `cron` (wrangler.toml's) as Cloudflare does, at `at` (now
 * unless said), with the site's environment or another, until all its work is done.
 */
export async function runCron(
  cron: string,
  { at = Date.now(), siteEnv = env }: { at?: number; siteEnv?: Env } = {},
) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: at }), siteEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * One request through the real worker, with redirects left unfollowed. `target` is a path on
 * http://localhost (taken as it is, so "//x" is a path there, not another host) or a whole URL.
 * Resolves once the body is read and the request's background work (cache refreshes) is done.
 */
export function request(
  target: string,
  options: RequestOptions & { refusable: true },
): Promise<Answer | undefined>;
export function request(
  target: string,
  options?: RequestOptions & { refusable?: false },
): Promise<Answer>;
export async function request(
  target: string,
  options: RequestOptions = {},
): Promise<Answer | undefined> {
  const { env: testEnv = env, userAgent = BROWSER_UA, headers, refusable, ...init } = options;
  let built: Request;
  try {
    built = new Request(target.startsWith("/") ? `${ORIGIN}${target}` : target, {
      ...init,
      redirect: "manual",
      headers: { "User-Agent": userAgent, ...headers },
    });
  } catch (error) {
    if (refusable) return undefined;
    throw error;
  }
  const ctx = createExecutionContext();
  const res = await worker.fetch(built, testEnv, testEnv === env ? ctx : withoutExports(ctx));
  const bytes = new Uint8Array(await res.arrayBuffer());
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, body: new TextDecoder().decode(bytes), bytes };
}

/**
 * The gateway hands public page views to the cached entrypoint through `ctx.exports`, which
 * runs with the configured bindings. A test that brings an environment of its own must keep
 * it, so its requests are answered by the gateway's app directly, as where no cached
 * entrypoint exists.
 */
function withoutExports(ctx: ExecutionContext): ExecutionContext {
  return {
    waitUntil: (promise) => ctx.waitUntil(promise),
    passThroughOnException: () => ctx.passThroughOnException(),
    props: ctx.props,
    exports: undefined as unknown as ExecutionContext["exports"],
    tracing: ctx.tracing,
    abort: (reason) => ctx.abort(reason),
  };
}

/** The text of the first element matching a tag, for assertions on what a visitor reads. */
export function textOf(html: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

let faultEnvs = 0;

/**
 * An environment that reads content through the fault stand-in, with a dataset name of its
 * own so no other test's edge-cache entries are seen (the stand-in forwards to the demo).
 */
export function faultEnv(overrides: Partial<Env> = {}): Env {
  faultEnvs += 1;
  return {
    ...env,
    SANITY_API_HOST: env.FAULT_URL,
    SANITY_DATASET: `t${Date.now().toString(36)}-${faultEnvs}`,
    ...overrides,
  };
}

/** Makes the stand-in fail in `mode` (see tests/support/fault-server.ts), for `times` queries. */
export async function setFault(mode: string, times?: number): Promise<void> {
  const res = await fetch(`${env.FAULT_CONTROL_URL}/_fault`, {
    method: "POST",
    body: JSON.stringify({ mode, times }),
  });
  if (!res.ok) throw new Error(`fault stand-in: ${res.status}`);
}

/** Makes the stand-in forward again and zeroes its query count (after each test: setup.ts). */
export async function resetFaults(): Promise<void> {
  await fetch(`${env.FAULT_CONTROL_URL}/_fault/reset`, { method: "POST" });
}

/** Queries the stand-in has received since it was last reset. */
export async function contentCalls(): Promise<number> {
  const stats = (await (await fetch(`${env.FAULT_CONTROL_URL}/_fault/stats`)).json()) as {
    queries: number;
  };
  return stats.queries;
}

let mutableEnvs = 0;

/**
 * An environment on the changeable copy of the demo content, reading with the test token.
 * Each gets a project id of its own: the edge cache keys on it (the demo service ignores it),
 * so no test sees another's cached results.
 */
export function mutableEnv(overrides: Partial<Env> = {}): Env {
  mutableEnvs += 1;
  return {
    ...env,
    SANITY_API_HOST: env.MUTABLE_CONTENT_URL,
    SANITY_PROJECT_ID: `m${Date.now().toString(36)}-${mutableEnvs}`,
    SANITY_TOKEN: TEST_TOKEN_VALUE,
    ...overrides,
  };
}

/** A document of the changeable copy as it is now, without its revision (to write it back). */
export async function mutableDocument(id: string): Promise<Record<string, unknown>> {
  const query = encodeURIComponent(`*[_id == "${id}"][0]`);
  const res = await fetch(
    `${env.MUTABLE_CONTENT_URL}/v2025-02-19/data/query/production?query=${query}`,
    { headers: { Authorization: `Bearer ${TEST_TOKEN_VALUE}` } },
  );
  const { result } = (await res.json()) as { result?: Record<string, unknown> };
  if (!result) throw new Error(`no document ${id} in the changeable copy`);
  const { _rev, ...document } = result;
  return document;
}

/** Applies Sanity mutations (create, createOrReplace, patch, delete, …) to the changeable copy. */
export async function mutate(...mutations: Record<string, unknown>[]): Promise<void> {
  const res = await fetch(`${env.MUTABLE_CONTENT_URL}/v2025-02-19/data/mutate/production`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_TOKEN_VALUE}`, "Content-Type": "application/json" },
    body: JSON.stringify({ mutations }),
  });
  if (!res.ok) throw new Error(`mutation refused: ${res.status} ${await res.text()}`);
}

/** An ISO date `seconds` from now (negative: in the past). */
export const isoFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

/** A Portable Text paragraph. */
export const paragraph = (key: string, text: string) => ({
  _key: key,
  _type: "block",
  style: "normal",
  markDefs: [],
  children: [{ _key: `${key}s`, _type: "span", text, marks: [] }],
});

/**
 * Returns at the start of a rate-limit window when the current one has less than `needMs` left:
 * the local rate limiter (miniflare's) counts in windows of the wall clock (a minute's begins at
 * :00), so the requests of a test that must be counted together cannot straddle the end of one.
 */
export async function inOneRateWindow(needMs = 15_000, periodMs = 60_000): Promise<void> {
  const left = periodMs - (Date.now() % periodMs);
  if (left < needMs) await new Promise((wait) => setTimeout(wait, left + 50));
}

/**
 * Spends what is left of a visitor's rate limit for the minute (`ZOOM_LIMIT`, `SEARCH_LIMIT`)
 * through the binding the worker counts with, as that many requests would: their next is past
 * it. Returns how many it spent.
 */
export async function spendLimit(limit: RateLimit, visitor: string): Promise<number> {
  let spent = 0;
  while ((await limit.limit({ key: visitor })).success) {
    spent += 1;
    if (spent > 1_000) throw new Error("The rate limit never refused");
  }
  return spent;
}

/** Runs `run` while Sanity answers every mutation 503 (its reads go on). */
export async function whileSanityRefusesWrites(run: () => Promise<unknown>): Promise<void> {
  const fetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const asked = new Request(input, init);
    if (asked.method === "POST" && asked.url.includes("/data/mutate/")) {
      return new Response('{"error":"Service Unavailable"}', { status: 503 });
    }
    return fetch(input, init);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
}

/**
 * Runs `run`, and `meanwhile` at the moment the worker first fetches an address containing
 * `part` (or a request `part` says yes to), before that fetch goes on (with `answered`, once it
 * has its answer, before the worker sees it): what happens at that very moment of its work (an
 * event that lands, an editor's change). True when that moment came.
 */
export async function atFirstFetch(
  part: string | ((request: Request) => Promise<boolean>),
  meanwhile: () => Promise<unknown>,
  run: () => Promise<unknown>,
  { answered = false } = {},
): Promise<boolean> {
  const fetch = globalThis.fetch;
  let came = false;
  const isTheOne = (request: Request) =>
    typeof part === "string" ? request.url.includes(part) : part(request);
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const first = !came && (await isTheOne(new Request(input, init))) && !came;
    if (first) came = true;
    if (first && !answered) await meanwhile();
    const response = await fetch(input, init);
    if (first && answered) await meanwhile();
    return response;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return came;
}

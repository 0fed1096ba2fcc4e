// Sanity's HTTP query API, evaluated locally with groq-js:
//   GET  /v{version}/data/query/{dataset}?query=...&$param=<JSON>&perspective=...&returnQuery=...
//   POST /v{version}/data/query/{dataset}   body {"query": "...", "params": {...}}
//   GET  /v{version}/data/doc/{dataset}/{id,id,...}   (what client.getDocument(s) calls)
// Response and error shapes follow api.sanity.io so @sanity/client works unchanged. Without the
// service's token a request sees only public documents (auth.ts, perspective.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import * as groq from "groq-js";
import { readAccess } from "./auth.ts";
import { type DataContext, type DataRoute, openDataRoute, safeDecode } from "./data-route.ts";
import type { SanityDocument } from "./dataset.ts";
import { badRequest, gatewayError, HttpError, readJsonBody, sendJson } from "./http.ts";
import { type Perspective, parsePerspective } from "./perspective.ts";

// groq-js 2.0.0 ships without the declaration file for its evaluator chunk, so
// `evaluate` is untyped; this is the part of its API we rely on.
type Evaluate = (
  tree: unknown,
  options: {
    dataset: unknown;
    params: Record<string, unknown>;
    sanity: { projectId: string; dataset: string };
    timestamp?: Date;
    dereference?: (ref: { _ref: string }) => unknown;
  },
) => Promise<{ get(): Promise<unknown> }>;
const evaluate = groq.evaluate as unknown as Evaluate;
const evaluateSync = groq.evaluateSync as unknown as (
  ...args: Parameters<Evaluate>
) => Parameters<typeof groq.toJS>[0];

/** POST bodies above this are refused with 413 (Sanity's own limit is far larger). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** `/data/query` and `/data/doc`: reads, seen through the request's perspective and access. */
export async function handleDataRequest(
  req: IncomingMessage,
  res: ServerResponse,
  route: DataRoute,
  search: URLSearchParams,
  ctx: DataContext,
): Promise<void> {
  const opened = openDataRoute(req, res, route, ctx, route.endpoint === "doc");
  if (!opened) return;
  const { views, datasetName, ids } = opened;
  const method = req.method ?? "GET";

  if (route.endpoint === "doc") {
    if (method !== "GET" && method !== "HEAD") {
      throw gatewayError(405, `Method ${method} not allowed`, { allow: "GET, HEAD, OPTIONS" });
    }
    if (ids.length !== 1 || ids[0] === "") throw gatewayError(404, "Not Found");
    const access = readAccess(req, ctx.token);
    ctx.stats.queries++;
    await delay(ctx.latencyMs());
    // The doc endpoint fetches documents by their exact ids ("drafts.x" included, for those
    // allowed to see it) unless a perspective is asked for.
    const perspective = search.has("perspective") ? perspectiveOf(search) : "raw";
    const docs = views.get(perspective, access);
    sendJson(req, res, 200, getDocuments(docs, safeDecode(ids[0] ?? "")));
    return;
  }

  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    throw gatewayError(405, `Method ${method} not allowed`, { allow: "GET, HEAD, POST, OPTIONS" });
  }
  const access = readAccess(req, ctx.token);
  // Counted once the request has reached a known dataset's query endpoint,
  // whatever the outcome: benchmarks use this to see how often the origin is hit.
  ctx.stats.queries++;
  const { query, params } =
    method === "POST"
      ? await postedQuery(req)
      : { query: search.get("query"), params: urlParams(search) };
  const perspective = perspectiveOf(search);
  await delay(ctx.latencyMs());
  const started = performance.now();
  const docs = views.get(perspective, access);
  const result = await answerOnce(docs, query, params, (at) =>
    runQuery(query, params, docs, {
      projectId: ctx.projectId,
      dataset: datasetName,
      timestamp: at,
    }),
  );
  const ms = Math.round(performance.now() - started);
  const body = search.get("returnQuery") === "false" ? { result, ms } : { query, result, ms };
  sendJson(req, res, 200, body);
}

interface Answer {
  result: unknown;
  at: number;
  /** How many of the documents' moments had come when it was given. */
  moment: number;
}

/** The answers given about one state of the documents, by query and params. */
const answered = new WeakMap<SanityDocument[], Map<string, Answer>>();
/** Distinct questions kept per state: enough for every page of the site in every language. */
const ANSWERS_KEPT = 512;
/** Every date and time the documents hold, in order (a post's publishedAt, say). */
const moments = new WeakMap<SanityDocument[], number[]>();

function momentsOf(docs: SanityDocument[]): number[] {
  let found = moments.get(docs);
  if (!found) {
    const times: number[] = [];
    const visit = (value: unknown): void => {
      if (typeof value === "string") {
        if (/^\d{4}-\d{2}-\d{2}T/.test(value)) times.push(Date.parse(value));
      } else if (typeof value === "object" && value !== null) {
        for (const item of Object.values(value)) visit(item);
      }
    };
    visit(docs);
    found = times.filter((time) => !Number.isNaN(time)).sort((a, b) => a - b);
    moments.set(docs, found);
  }
  return found;
}

/** How many of `sorted` are at or before `time`. */
function countUpTo(sorted: number[], time: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A query asked again about the same documents is answered from the first answer, as Sanity's
 * API CDN answers a repeated query: most of the demo service's CPU is GROQ evaluation, which a
 * test suite's many page views would otherwise repeat. A query that asks for `now()` keeps its
 * answer for a second at most, and never past one of the documents' own moments (a scheduled
 * post's time), so what compares `now()` with them is answered as at the moment asked. A
 * mutation replaces the documents, and with them every answer given about the old ones.
 */
async function answerOnce(
  docs: SanityDocument[],
  query: string | null,
  params: Record<string, unknown>,
  evaluate: (at: Date) => Promise<unknown>,
): Promise<unknown> {
  const now = Date.now();
  const timed = query?.includes("now()") ?? false;
  const moment = timed ? countUpTo(momentsOf(docs), now) : 0;
  const key = JSON.stringify([query, params]);
  let answers = answered.get(docs);
  if (!answers) {
    answers = new Map();
    answered.set(docs, answers);
  }
  const known = answers.get(key);
  if (known && known.moment === moment && (!timed || now - known.at < 1000)) {
    return known.result;
  }
  const result = await evaluate(new Date(now));
  if (answers.size >= ANSWERS_KEPT) answers.clear();
  answers.set(key, { result, at: now, moment });
  return result;
}

/** Parses, checks and evaluates a GROQ query; GROQ errors become Sanity-shaped 400s. */
export async function runQuery(
  query: string | null,
  params: Record<string, unknown>,
  docs: SanityDocument[],
  sanity: { projectId: string; dataset: string; timestamp?: Date },
): Promise<unknown> {
  if (query === null || query.trim() === "") {
    throw new HttpError(400, { error: { description: "Missing query", type: "queryParseError" } });
  }
  let tree: unknown;
  try {
    tree = groq.parse(query, { params });
  } catch (error) {
    if (error instanceof groq.GroqSyntaxError) {
      const start = Math.min(error.position, query.length);
      throw queryError(
        query,
        syntaxDetail(error.message),
        start,
        Math.min(start + 1, query.length),
      );
    }
    throw queryError(query, (error as Error).message);
  }
  // groq-js silently evaluates an unknown $param to null; Sanity refuses the query.
  for (const name of parameterNames(tree)) {
    if (!Object.hasOwn(params, name)) {
      const at = query.search(new RegExp(`\\$${name}(?![A-Za-z0-9_])`));
      throw queryError(
        query,
        `param $${name} referenced, but not provided`,
        at < 0 ? undefined : at,
        at < 0 ? undefined : at + name.length + 1,
      );
    }
  }
  const { timestamp, ...project } = sanity;
  const options = {
    dataset: docs,
    params,
    sanity: project,
    dereference: byId(docs),
    ...(timestamp ? { timestamp } : {}),
  };
  try {
    // groq-js's synchronous evaluator is several times faster over an array in memory (a search
    // over 5,000 photographs: 130 ms instead of 560); what it does not support yet it refuses
    // with a plain Error, and the query is then evaluated the usual way.
    try {
      return groq.toJS(evaluateSync(tree, options));
    } catch (error) {
      if (error instanceof Error && error.name === "GroqQueryError") throw error;
    }
    const value = await evaluate(tree, options);
    return await value.get();
  } catch (error) {
    // Evaluation errors (unknown function, bad argument types) are the query's
    // fault, not the server's; Sanity reports them as query errors too.
    if (error instanceof Error && error.name === "GroqQueryError") {
      throw queryError(query, error.message);
    }
    throw error;
  }
}

const indexes = new WeakMap<SanityDocument[], Map<string, SanityDocument>>();

/**
 * `->` as Sanity answers it, by a lookup of the referenced id rather than groq-js's default scan
 * of the whole dataset for every reference (which makes a query over thousands of photographs
 * take seconds). One index per view of the dataset, built on its first dereference.
 */
function byId(docs: SanityDocument[]): (ref: { _ref: string }) => SanityDocument | null {
  return ({ _ref }) => {
    let index = indexes.get(docs);
    if (!index) {
      index = new Map(docs.map((doc) => [doc._id, doc]));
      indexes.set(docs, index);
    }
    return index.get(_ref) ?? null;
  };
}

function queryError(query: string, description: string, start?: number, end?: number): HttpError {
  return new HttpError(400, {
    error: {
      description,
      query,
      ...(start === undefined ? {} : { start, end }),
      type: "queryParseError",
    },
  });
}

/** groq-js prefixes "Syntax error in GROQ query at position N: "; Sanity reports just the detail. */
function syntaxDetail(message: string): string {
  return message.replace(/^Syntax error in GROQ query at position \d+: /, "");
}

/** Names of every `$param` node in a parsed query tree. */
function parameterNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) parameterNames(item, names);
  } else if (typeof node === "object" && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.type === "Parameter" && typeof record.name === "string") names.add(record.name);
    for (const value of Object.values(record)) parameterNames(value, names);
  }
  return names;
}

/** GET form: every `$name=<JSON>` search parameter, as Sanity (and @sanity/client) encode them. */
function urlParams(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of search) {
    if (!key.startsWith("$")) continue;
    try {
      params[key.slice(1)] = JSON.parse(value);
    } catch {
      throw badRequest(
        `Unable to parse value of "${key}=${value}". Please quote string values.`,
        "queryParseError",
      );
    }
  }
  return params;
}

async function postedQuery(
  req: IncomingMessage,
): Promise<{ query: string | null; params: Record<string, unknown> }> {
  const body = await readJsonBody(req, MAX_BODY_BYTES);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object like {"query": "...", "params": {}}');
  }
  const { query, params } = body as { query?: unknown; params?: unknown };
  if (query !== undefined && typeof query !== "string")
    throw badRequest("`query` must be a string");
  if (
    params !== undefined &&
    (typeof params !== "object" || params === null || Array.isArray(params))
  ) {
    throw badRequest("`params` must be an object");
  }
  return { query: query ?? null, params: (params as Record<string, unknown> | undefined) ?? {} };
}

function perspectiveOf(search: URLSearchParams): Perspective {
  try {
    return parsePerspective(search.get("perspective"));
  } catch (error) {
    throw badRequest((error as Error).message);
  }
}

/** `/data/doc/{dataset}/{ids}`: the documents by id, in the requested order. */
function getDocuments(
  docs: SanityDocument[],
  idList: string,
): { documents: SanityDocument[]; omitted: { id: string; reason: string }[] } {
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const documents: SanityDocument[] = [];
  const omitted: { id: string; reason: string }[] = [];
  for (const id of idList.split(",")) {
    const doc = byId.get(id);
    if (doc) documents.push(doc);
    else omitted.push({ id, reason: "existence" });
  }
  return { documents, omitted };
}

async function delay(ms: number): Promise<void> {
  if (ms > 0) await sleep(ms);
}

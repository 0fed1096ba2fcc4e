// Sanity's mutation API over HTTP, in memory:
//   POST /v{version}/data/mutate/{dataset}?returnIds=…&returnDocuments=…&visibility=…&dryRun=…
//   Authorization: Bearer <token>          body {"mutations": [ … ]}
// Answers {transactionId, results: [{id, operation}]}, each result with its `document` when
// returnDocuments=true (what @sanity/client reads). Every later read sees the change: the
// transaction replaces the dataset's documents, which drops the cached perspective views.
// Writes last until the service stops; the NDJSON file is never written.
import type { IncomingMessage, ServerResponse } from "node:http";
import { requireWriteAccess } from "./auth.ts";
import { type DataContext, type DataRoute, openDataRoute } from "./data-route.ts";
import { badRequest, gatewayError, HttpError, readJsonBody, sendJson } from "./http.ts";
import {
  applyMutations,
  MutationError,
  newRevision,
  type Transaction,
  timestamp,
} from "./mutations.ts";
import type { PerspectiveViews } from "./perspective.ts";
import { MAX_BODY_BYTES } from "./query.ts";

const VISIBILITY = new Set(["sync", "async", "deferred"]);

/**
 * Transactions on one dataset run one after another (a delete by query awaits GROQ), so none
 * is computed from documents another is about to replace.
 */
const queues = new WeakMap<PerspectiveViews, Promise<unknown>>();

function oneAtATime<T>(views: PerspectiveViews, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(views) ?? Promise.resolve()).then(work, work);
  queues.set(
    views,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Applies the mutations to the dataset as one transaction (after any transaction already
 * running) and, unless it is a dry run, makes it what every later read sees. A refused
 * mutation becomes Sanity's error answer. Also what an asset upload writes its document with.
 */
export function commitTransaction(
  views: PerspectiveViews,
  mutations: readonly unknown[],
  context: { projectId: string; dataset: string; dryRun?: boolean },
): Promise<Transaction> {
  return oneAtATime(views, async () => {
    try {
      const applied = await applyMutations(views.documents, mutations, {
        transactionId: newRevision(),
        now: timestamp(),
        projectId: context.projectId,
        dataset: context.dataset,
      });
      // Every visibility is "sync" here: the change is in memory before the answer goes out.
      if (!context.dryRun) views.replace(applied.documents);
      return applied;
    } catch (error) {
      if (error instanceof MutationError) throw mutationFailure(error);
      throw error;
    }
  });
}

function flag(search: URLSearchParams, name: string): boolean {
  const value = search.get(name);
  if (value === null || value === "false") return false;
  if (value === "true" || value === "") return true;
  throw badRequest(`Invalid value for ${name}: "${value}" (true or false)`);
}

async function mutationsOf(req: IncomingMessage): Promise<unknown[]> {
  const body = await readJsonBody(req, MAX_BODY_BYTES);
  const mutations = (body as { mutations?: unknown } | null)?.mutations;
  if (typeof body !== "object" || Array.isArray(body) || !Array.isArray(mutations)) {
    throw badRequest('Request body must be a JSON object like {"mutations": [...]}');
  }
  if (mutations.length === 0) throw badRequest("No mutations given");
  return mutations;
}

/** Sanity's shape for a failed transaction: the first failing mutation as the only item. */
function mutationFailure(error: MutationError): HttpError {
  return new HttpError(error.status, {
    error: {
      description: `The mutation(s) failed: ${error.message}`,
      items: [
        {
          error: {
            description: error.message,
            ...(error.id === undefined ? {} : { id: error.id }),
            type: error.type,
          },
          index: error.index,
        },
      ],
      type: "mutationError",
    },
  });
}

export async function handleMutate(
  req: IncomingMessage,
  res: ServerResponse,
  route: DataRoute,
  search: URLSearchParams,
  ctx: DataContext,
): Promise<void> {
  const opened = openDataRoute(req, res, route, ctx, false);
  if (!opened) return;
  if (req.method !== "POST") {
    throw gatewayError(405, `Method ${req.method} not allowed`, { allow: "POST, OPTIONS" });
  }
  try {
    requireWriteAccess(req, ctx.token, "update");
  } catch (error) {
    // Refused before the body is read: drain it so the answer still reaches the client.
    req.resume();
    throw error;
  }
  const visibility = search.get("visibility") ?? "sync";
  if (!VISIBILITY.has(visibility)) {
    throw badRequest(`Invalid visibility "${visibility}" (sync, async or deferred)`);
  }
  // Ids are always in the results; returnIds is accepted for clients that send it.
  flag(search, "returnIds");
  const returnDocuments = flag(search, "returnDocuments");
  const dryRun = flag(search, "dryRun");
  const mutations = await mutationsOf(req);

  const { views, datasetName } = opened;
  const transaction = await commitTransaction(views, mutations, {
    projectId: ctx.projectId,
    dataset: datasetName,
    dryRun,
  });
  sendJson(req, res, 200, {
    transactionId: transaction.transactionId,
    results: transaction.results.map(({ id, operation, document }) =>
      returnDocuments && document ? { id, operation, document } : { id, operation },
    ),
  });
}

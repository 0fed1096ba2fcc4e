// Sanity's mutation kinds applied to the in-memory documents as one transaction: every mutation
// in the list succeeds, or none is applied. No HTTP here (see mutate.ts).
//   create             the document, _id optional (a trailing "." makes it a prefix)
//   createOrReplace    the document, replacing one with the same _id
//   createIfNotExists  the document, unless one with the same _id exists
//   delete             {id} or {query, params?}
//   patch              {id, set?, setIfMissing?, unset?, insert?, ifRevisionID?}
import { randomInt, randomUUID } from "node:crypto";
import type { SanityDocument } from "./dataset.ts";
import {
  type InsertPosition,
  insertAt,
  parsePath,
  type Segment,
  setAt,
  unsetAt,
} from "./patch-path.ts";
import { runQuery } from "./query.ts";

export type Operation = "create" | "update" | "delete" | "none";

export interface MutationResult {
  id: string;
  operation: Operation;
  /** The document as stored after the transaction (absent once deleted). */
  document?: SanityDocument;
}

export interface Transaction {
  transactionId: string;
  results: MutationResult[];
  /** The dataset after the transaction, in storage order. */
  documents: SanityDocument[];
}

/**
 * One mutation that cannot be applied. `status` is 400 for input Sanity would refuse outright
 * and 409 when the input is fine but the dataset's state conflicts with it.
 */
export class MutationError extends Error {
  readonly status: 400 | 409;
  readonly type: string;
  readonly index: number;
  readonly id: string | undefined;

  constructor(status: 400 | 409, type: string, description: string, index: number, id?: string) {
    super(description);
    this.name = "MutationError";
    this.status = status;
    this.type = type;
    this.index = index;
    this.id = id;
  }
}

const MAX_ID_LENGTH = 128;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/**
 * Sanity's rule: letters, digits, `_`, `-` and `.`, where the dots separate path segments that
 * must not be empty or start with a dash.
 */
export function isValidDocumentId(id: string): boolean {
  return id.length <= MAX_ID_LENGTH && id.split(".").every((segment) => SEGMENT.test(segment));
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A revision / transaction id like Sanity's: 22 random letters and digits. */
export function newRevision(): string {
  let id = "";
  for (let i = 0; i < 22; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/** Sanity's timestamp format: UTC to the second. */
export const timestamp = (date = new Date()): string =>
  date.toISOString().replace(/\.\d{3}Z$/, "Z");

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const KINDS = ["create", "createOrReplace", "createIfNotExists", "delete", "patch"] as const;
type Kind = (typeof KINDS)[number];
const PATCH_KEYS = new Set(["id", "set", "setIfMissing", "unset", "insert", "ifRevisionID"]);
const IMMUTABLE = new Set(["_id", "_type"]);

interface Context {
  transactionId: string;
  now: string;
  projectId: string;
  dataset: string;
}

class Working {
  readonly docs: Map<string, SanityDocument>;
  /** First operation per document id, in the order they were touched. */
  readonly operations = new Map<string, Operation>();

  constructor(docs: readonly SanityDocument[]) {
    this.docs = new Map(docs.map((doc) => [doc._id, doc]));
  }

  /** A later write keeps the first operation (create, then patch: "create"), unless it deletes. */
  record(id: string, operation: Operation): void {
    const earlier = this.operations.get(id);
    if (
      operation === "delete" ||
      earlier === undefined ||
      earlier === "none" ||
      earlier === "delete"
    ) {
      this.operations.set(id, operation);
    }
  }
}

/** Applies the mutations to a copy of `current`; throws a MutationError for the first failure. */
export async function applyMutations(
  current: readonly SanityDocument[],
  mutations: readonly unknown[],
  context: Context,
): Promise<Transaction> {
  const work = new Working(current);
  for (const [index, mutation] of mutations.entries()) {
    const [kind, body] = kindOf(mutation, index);
    if (kind === "delete") await applyDelete(work, body, index, context);
    else if (kind === "patch") applyPatch(work, body, index);
    else applyCreate(work, kind, body, index, context);
  }

  const results: MutationResult[] = [];
  for (const [id, operation] of work.operations) {
    const doc = work.docs.get(id);
    if (doc && operation !== "none") {
      // Every document the transaction wrote carries its id as revision, as in Sanity.
      const { _id, _type, _rev, _createdAt, _updatedAt, ...rest } = doc;
      const stamped = {
        _id,
        _type,
        _rev: context.transactionId,
        _createdAt: _createdAt ?? context.now,
        _updatedAt: context.now,
        ...rest,
      } as SanityDocument;
      work.docs.set(id, stamped);
      results.push({ id, operation, document: stamped });
    } else {
      results.push({ id, operation, ...(doc ? { document: doc } : {}) });
    }
  }
  return { transactionId: context.transactionId, results, documents: [...work.docs.values()] };
}

function kindOf(mutation: unknown, index: number): [Kind, Record<string, unknown>] {
  const keys = isRecord(mutation) ? Object.keys(mutation) : [];
  const kind = keys[0] as Kind | undefined;
  if (keys.length !== 1 || kind === undefined || !KINDS.includes(kind)) {
    throw new MutationError(
      400,
      "invalidMutationError",
      `Mutation must be an object with exactly one of ${KINDS.join(", ")}`,
      index,
    );
  }
  const body = (mutation as Record<string, unknown>)[kind];
  if (!isRecord(body)) {
    throw new MutationError(400, "invalidMutationError", `"${kind}" must be an object`, index);
  }
  return [kind, body];
}

function checkId(id: unknown, index: number): string {
  if (typeof id !== "string" || !isValidDocumentId(id)) {
    throw new MutationError(
      400,
      "invalidDocumentIdError",
      `Malformed document ID: ${JSON.stringify(id)}`,
      index,
      typeof id === "string" ? id : undefined,
    );
  }
  return id;
}

function applyCreate(
  work: Working,
  kind: Exclude<Kind, "delete" | "patch">,
  body: Record<string, unknown>,
  index: number,
  context: Context,
): void {
  if (typeof body._type !== "string" || body._type === "") {
    throw new MutationError(400, "invalidMutationError", "Document is missing _type", index);
  }
  if (body._id !== undefined && typeof body._id !== "string") checkId(body._id, index);
  const given = body._id as string | undefined;

  // No id: Sanity generates one; an id ending in "." is a prefix for a generated one.
  const id =
    given === undefined || given === ""
      ? randomUUID()
      : given.endsWith(".")
        ? `${given}${randomUUID()}`
        : given;
  checkId(id, index);
  if (kind === "create" && given !== undefined && given !== "" && work.docs.has(id)) {
    throw new MutationError(
      409,
      "documentAlreadyExistsError",
      `Document by ID "${id}" already exists`,
      index,
      id,
    );
  }

  const existing = work.docs.get(id);
  if (kind === "createIfNotExists" && existing) {
    work.record(id, "none");
    return;
  }
  const { _rev: _ignoredRev, _updatedAt: _ignoredUpdated, ...content } = structuredClone(body);
  // A replacement of the same type is the same document, so it keeps its creation time; a
  // change of type is a delete and a create.
  const createdAt = existing && existing._type === body._type ? existing._createdAt : context.now;
  work.docs.delete(id);
  work.docs.set(id, { ...content, _id: id, _type: body._type, _createdAt: createdAt });
  work.record(id, existing ? "update" : "create");
}

async function applyDelete(
  work: Working,
  body: Record<string, unknown>,
  index: number,
  context: Context,
): Promise<void> {
  if (body.id !== undefined && body.query === undefined) {
    const id = checkId(body.id, index);
    // Deleting a document that does not exist still succeeds, as in Sanity.
    work.docs.delete(id);
    work.record(id, "delete");
    return;
  }
  if (typeof body.query !== "string" || body.id !== undefined) {
    throw new MutationError(400, "invalidMutationError", "delete needs either id or query", index);
  }
  if (body.params !== undefined && !isRecord(body.params)) {
    throw new MutationError(400, "invalidMutationError", "delete params must be an object", index);
  }
  const matched = await runQuery(body.query, body.params ?? {}, [...work.docs.values()], {
    projectId: context.projectId,
    dataset: context.dataset,
  });
  const found = Array.isArray(matched) ? matched : matched == null ? [] : [matched];
  for (const item of found) {
    const id = isRecord(item) ? item._id : undefined;
    if (typeof id !== "string" || !work.docs.has(id)) {
      throw new MutationError(
        400,
        "invalidMutationError",
        "The delete query must select documents",
        index,
      );
    }
    work.docs.delete(id);
    work.record(id, "delete");
  }
}

/** A patch's insert (`{after|before|replace: path, items: [...]}`), checked; none when absent. */
function insertOf(
  insert: unknown,
  index: number,
  id: string,
): { position: InsertPosition; path: string; items: unknown[] } | undefined {
  if (insert === undefined) return undefined;
  const positions = (["before", "after", "replace"] as const).filter(
    (position) => isRecord(insert) && typeof insert[position] === "string",
  );
  const [position] = positions;
  if (!isRecord(insert) || positions.length !== 1 || !position || !Array.isArray(insert.items)) {
    throw new MutationError(
      400,
      "invalidPatchError",
      "insert takes one of before, after or replace (a path) and items (a list)",
      index,
      id,
    );
  }
  return { position, path: String(insert[position]), items: insert.items };
}

function applyPatch(work: Working, body: Record<string, unknown>, index: number): void {
  const unknown = Object.keys(body).filter((key) => !PATCH_KEYS.has(key));
  if (unknown.length > 0) {
    throw new MutationError(
      400,
      "invalidPatchError",
      `Unsupported patch operation "${unknown[0]}" (supported: set, setIfMissing, unset, insert, ifRevisionID)`,
      index,
    );
  }
  const id = checkId(body.id, index);
  const { set, setIfMissing, unset, insert, ifRevisionID } = body;
  const inserting = insertOf(insert, index, id);
  if (
    (set !== undefined && !isRecord(set)) ||
    (setIfMissing !== undefined && !isRecord(setIfMissing))
  ) {
    throw new MutationError(
      400,
      "invalidPatchError",
      "set and setIfMissing take objects",
      index,
      id,
    );
  }
  if (unset !== undefined && !(Array.isArray(unset) && unset.every((p) => typeof p === "string"))) {
    throw new MutationError(400, "invalidPatchError", "unset takes a list of paths", index, id);
  }
  const paths = (entries: string[]) =>
    entries.map((path): [string, Segment[]] => {
      let segments: Segment[];
      try {
        segments = parsePath(path);
      } catch (error) {
        throw new MutationError(400, "invalidPatchError", (error as Error).message, index, id);
      }
      const [first] = segments;
      if (typeof first === "string" && IMMUTABLE.has(first)) {
        throw new MutationError(
          409,
          "cannotModifyImmutableAttributeError",
          `Cannot modify immutable attribute "${first}"`,
          index,
          id,
        );
      }
      return [path, segments];
    });
  const sets = paths(Object.keys(set ?? {}));
  const missing = paths(Object.keys(setIfMissing ?? {}));
  const unsets = paths((unset as string[] | undefined) ?? []);
  const [inserted] = inserting ? paths([inserting.path]) : [];

  const existing = work.docs.get(id);
  if (!existing) {
    throw new MutationError(
      409,
      "documentNotFoundError",
      `The document with the ID "${id}" was not found`,
      index,
      id,
    );
  }
  if (ifRevisionID !== undefined && ifRevisionID !== existing._rev) {
    throw new MutationError(
      409,
      "conflictError",
      `Document "${id}" has unexpected revision ID ("${String(existing._rev)}"), expected "${String(ifRevisionID)}"`,
      index,
      id,
    );
  }
  const doc = structuredClone(existing);
  // Sanity's order within one patch: set, then setIfMissing, then unset, then insert.
  for (const [path, segments] of sets) {
    setAt(doc, segments, structuredClone((set as Record<string, unknown>)[path]), false);
  }
  for (const [path, segments] of missing) {
    setAt(doc, segments, structuredClone((setIfMissing as Record<string, unknown>)[path]), true);
  }
  for (const [, segments] of unsets) unsetAt(doc, segments);
  if (inserting && inserted) {
    insertAt(doc, inserted[1], inserting.position, structuredClone(inserting.items));
  }
  work.docs.set(id, doc);
  work.record(id, "update");
}

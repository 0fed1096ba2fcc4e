/**
 * The dataset file: one document per line, like `sanity dataset export`, each with a `_rev`
 * derived from its content, so that re-running a builder without changes gives the same bytes.
 */
import { createHash } from "node:crypto";
import type { DatasetDocument, Unrevised } from "./document-types.ts";

/** The first `length` hex characters of the SHA-256 of `value`: stable keys and revisions. */
export const shortHash = (value: string, length: number) =>
  createHash("sha256").update(value).digest("hex").slice(0, length);

/** The document with a revision id derived from its content, after its `_id` and `_type`. */
export function withRev<T extends Unrevised<DatasetDocument>>(doc: T): T & { _rev: string } {
  // Keys keep the first object's order (_id, _type, _rev), then follow the document's.
  return Object.assign(
    { _id: doc._id, _type: doc._type, _rev: shortHash(JSON.stringify(doc), 22) },
    doc,
  );
}

/** The NDJSON text of the documents, in their order; two documents with one id are an error. */
export function toNdjson(docs: readonly Unrevised<DatasetDocument>[]): string {
  const ids = new Set<string>();
  for (const doc of docs) {
    if (ids.has(doc._id)) throw new Error(`Duplicate document id ${doc._id}`);
    ids.add(doc._id);
  }
  return `${docs.map((doc) => JSON.stringify(withRev(doc))).join("\n")}\n`;
}

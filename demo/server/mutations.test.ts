// Sanity's mutation kinds as pure transactions over an array of documents.
import { describe, expect, it } from "vitest";
import type { SanityDocument } from "./dataset.ts";
import {
  applyMutations,
  isValidDocumentId,
  MutationError,
  newRevision,
  timestamp,
} from "./mutations.ts";

const BEFORE = "2026-01-15T09:00:00Z";
const NOW = "2026-06-01T12:00:00Z";
const context = { transactionId: "tx1", now: NOW, projectId: "demo", dataset: "production" };

const initial = (): SanityDocument[] => [
  {
    _id: "post-a",
    _type: "post",
    _rev: "r0",
    _createdAt: BEFORE,
    _updatedAt: BEFORE,
    title: "A",
    slug: { _type: "slug", current: "a" },
    tags: ["x", "y", "z"],
    body: [
      { _key: "b1", _type: "block", text: "one" },
      { _key: "b2", _type: "block", text: "two" },
    ],
  },
  { _id: "post-b", _type: "post", _rev: "r0", _createdAt: BEFORE, _updatedAt: BEFORE, title: "B" },
  { _id: "drafts.post-b", _type: "post", _rev: "r0", _createdAt: BEFORE, _updatedAt: BEFORE },
];

const run = (mutations: unknown[], docs = initial()) => applyMutations(docs, mutations, context);
const byId = (docs: SanityDocument[], id: string) => docs.find((doc) => doc._id === id);

async function failure(mutations: unknown[], docs = initial()): Promise<MutationError> {
  const error = await run(mutations, docs).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MutationError);
  return error as MutationError;
}

describe("create", () => {
  it("stores the document with Sanity's system fields", async () => {
    const tx = await run([{ create: { _id: "post-c", _type: "post", title: "C", _rev: "mine" } }]);
    expect(tx.results).toEqual([
      { id: "post-c", operation: "create", document: expect.any(Object) },
    ]);
    expect(byId(tx.documents, "post-c")).toEqual({
      _id: "post-c",
      _type: "post",
      _rev: "tx1",
      _createdAt: NOW,
      _updatedAt: NOW,
      title: "C",
    });
  });

  it("generates an id when there is none, and uses a trailing dot as a prefix", async () => {
    const tx = await run([
      { create: { _type: "note" } },
      { create: { _id: "notes.", _type: "note" } },
    ]);
    const [plain, prefixed] = tx.results.map((result) => result.id);
    expect(plain).toMatch(/^[0-9a-f-]{36}$/);
    expect(prefixed).toMatch(/^notes\.[0-9a-f-]{36}$/);
  });

  it("refuses an id that exists, a malformed id and a document without _type", async () => {
    const exists = await failure([{ create: { _id: "post-a", _type: "post" } }]);
    expect(exists).toMatchObject({ status: 409, type: "documentAlreadyExistsError", id: "post-a" });
    for (const id of ["-x", ".x", "a..b", "a.-b", "a b", "ä", "x/y", "a".repeat(129)]) {
      const malformed = await failure([{ create: { _id: id, _type: "post" } }]);
      expect(malformed, id).toMatchObject({ status: 400, type: "invalidDocumentIdError" });
    }
    const untyped = await failure([{ create: { _id: "x" } }]);
    expect(untyped).toMatchObject({ status: 400, message: "Document is missing _type" });
  });
});

describe("createOrReplace and createIfNotExists", () => {
  it("replaces a document, keeping its creation time when the type stays", async () => {
    const tx = await run([{ createOrReplace: { _id: "post-a", _type: "post", title: "A2" } }]);
    expect(tx.results[0]).toMatchObject({ id: "post-a", operation: "update" });
    expect(byId(tx.documents, "post-a")).toEqual({
      _id: "post-a",
      _type: "post",
      _rev: "tx1",
      _createdAt: BEFORE,
      _updatedAt: NOW,
      title: "A2",
    });
  });

  it("treats a change of type as a new document", async () => {
    const tx = await run([{ createOrReplace: { _id: "post-a", _type: "page" } }]);
    expect(byId(tx.documents, "post-a")).toMatchObject({ _type: "page", _createdAt: NOW });
  });

  it("creates a missing document", async () => {
    const tx = await run([{ createOrReplace: { _id: "post-z", _type: "post" } }]);
    expect(tx.results[0]).toMatchObject({ id: "post-z", operation: "create" });
  });

  it("leaves an existing document alone with createIfNotExists", async () => {
    const docs = initial();
    const tx = await run(
      [{ createIfNotExists: { _id: "post-b", _type: "post", title: "X" } }],
      docs,
    );
    expect(tx.results).toEqual([{ id: "post-b", operation: "none", document: docs[1] }]);
    expect(byId(tx.documents, "post-b")).toBe(docs[1]);
    const created = await run([{ createIfNotExists: { _id: "post-new", _type: "post" } }]);
    expect(created.results[0]).toMatchObject({ id: "post-new", operation: "create" });
  });
});

describe("delete", () => {
  it("deletes by id, and succeeds for a document that is not there", async () => {
    const tx = await run([{ delete: { id: "post-b" } }, { delete: { id: "post-missing" } }]);
    expect(tx.results).toEqual([
      { id: "post-b", operation: "delete" },
      { id: "post-missing", operation: "delete" },
    ]);
    expect(tx.documents.map((doc) => doc._id)).toEqual(["post-a", "drafts.post-b"]);
  });

  it("deletes what a query selects, with params", async () => {
    const tx = await run([
      { delete: { query: "*[_type == $type && title == $t]", params: { type: "post", t: "B" } } },
    ]);
    expect(tx.results).toEqual([{ id: "post-b", operation: "delete" }]);
    const all = await run([{ delete: { query: "*[_id in path('drafts.**')]" } }]);
    expect(all.documents.map((doc) => doc._id)).toEqual(["post-a", "post-b"]);
  });

  it("refuses a query that selects no documents and a delete without id or query", async () => {
    expect(await failure([{ delete: { query: "*[0].title" } }])).toMatchObject({ status: 400 });
    expect(await failure([{ delete: {} }])).toMatchObject({ status: 400 });
    expect(await failure([{ delete: { id: "x", query: "*" } }])).toMatchObject({ status: 400 });
  });
});

describe("patch", () => {
  it("sets, sets if missing and unsets, in Sanity's order", async () => {
    const tx = await run([
      {
        patch: {
          id: "post-a",
          set: { title: "A!", "seo.description": "new", "slug.current": "a2" },
          setIfMissing: { title: "ignored", subtitle: "added" },
          unset: ["tags", "seo"],
        },
      },
    ]);
    const doc = byId(tx.documents, "post-a");
    expect(doc).toMatchObject({
      title: "A!",
      subtitle: "added",
      slug: { _type: "slug", current: "a2" },
      _rev: "tx1",
      _createdAt: BEFORE,
      _updatedAt: NOW,
    });
    expect(doc).not.toHaveProperty("tags");
    expect(doc).not.toHaveProperty("seo");
    expect(tx.results).toEqual([{ id: "post-a", operation: "update", document: doc }]);
  });

  it("addresses array items by index and by _key", async () => {
    const tx = await run([
      {
        patch: {
          id: "post-a",
          set: { "tags[0]": "first", "tags[-1]": "last", 'body[_key=="b2"].text': "TWO" },
          unset: ['body[_key=="b1"]', "tags[5]"],
        },
      },
    ]);
    const doc = byId(tx.documents, "post-a");
    expect(doc?.tags).toEqual(["first", "y", "last"]);
    expect(doc?.body).toEqual([{ _key: "b2", _type: "block", text: "TWO" }]);
  });

  it("inserts before, after or in place of an item, after the patch's unset", async () => {
    const tx = await run([
      {
        patch: {
          id: "post-a",
          insert: { after: 'body[_key=="b1"]', items: [{ _key: "b3", _type: "block" }] },
        },
      },
      { patch: { id: "post-a", insert: { before: "tags[0]", items: ["w"] } } },
      { patch: { id: "post-a", insert: { replace: "tags[-1]", items: ["z1", "z2"] } } },
      // The same key taken out and appended again: one item, at the end.
      {
        patch: {
          id: "post-a",
          unset: ['body[_key=="b1"]'],
          insert: { after: "body[-1]", items: [{ _key: "b1", _type: "block", text: "again" }] },
        },
      },
      // Appending to an empty array puts the items first.
      {
        patch: {
          id: "post-b",
          setIfMissing: { links: [] },
          insert: { after: "links[-1]", items: [{ _key: "l1" }] },
        },
      },
    ]);
    const a = byId(tx.documents, "post-a");
    expect(a?.tags).toEqual(["w", "x", "y", "z1", "z2"]);
    expect(((a?.body ?? []) as { _key: string }[]).map((item) => item._key)).toEqual([
      "b3",
      "b2",
      "b1",
    ]);
    expect(byId(tx.documents, "post-b")?.links).toEqual([{ _key: "l1" }]);
    expect(
      await failure([{ patch: { id: "post-a", insert: { after: "tags[0]" } } }]),
    ).toMatchObject({ status: 400, type: "invalidPatchError" });
  });

  it("never changes the documents it was given", async () => {
    const docs = initial();
    const copy = structuredClone(docs);
    await run(
      [{ patch: { id: "post-a", set: { "slug.current": "changed" }, unset: ["tags[0]"] } }],
      docs,
    );
    expect(docs).toEqual(copy);
  });

  it("refuses a missing document, _id and _type, a stale revision and unknown operations", async () => {
    expect(await failure([{ patch: { id: "nope", set: { a: 1 } } }])).toMatchObject({
      status: 409,
      type: "documentNotFoundError",
      message: 'The document with the ID "nope" was not found',
    });
    for (const field of ["_id", "_type"]) {
      expect(await failure([{ patch: { id: "post-a", set: { [field]: "x" } } }])).toMatchObject({
        status: 409,
        type: "cannotModifyImmutableAttributeError",
      });
    }
    expect(
      await failure([{ patch: { id: "post-a", ifRevisionID: "old", set: { a: 1 } } }]),
    ).toMatchObject({ status: 409 });
    const fresh = await run([{ patch: { id: "post-a", ifRevisionID: "r0", set: { a: 1 } } }]);
    expect(byId(fresh.documents, "post-a")?.a).toBe(1);
    expect(await failure([{ patch: { id: "post-a", inc: { n: 1 } } }])).toMatchObject({
      status: 400,
      type: "invalidPatchError",
    });
    expect(await failure([{ patch: { id: "post-a", unset: "title" } }])).toMatchObject({
      status: 400,
    });
  });

  it("refuses paths that are not Sanity paths, and never touches Object.prototype", async () => {
    for (const path of ["a +", "a-b", "*[0]", "body[title == 'x']", "__proto__.polluted", ""]) {
      const error = await failure([{ patch: { id: "post-a", set: { [path]: true } } }]);
      expect(error, path).toMatchObject({ status: 400, type: "invalidPatchError" });
    }
    await run([{ patch: { id: "post-a", set: { "constructor.prototype.polluted": true } } }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("transactions", () => {
  it("apply all mutations or none, and name the failing one", async () => {
    const docs = initial();
    const error = await failure(
      [
        { create: { _id: "post-new", _type: "post" } },
        { patch: { id: "post-a", set: { title: "changed" } } },
        { patch: { id: "missing", set: { title: "x" } } },
      ],
      docs,
    );
    expect(error.index).toBe(2);
    expect(docs.map((doc) => doc._id)).toEqual(["post-a", "post-b", "drafts.post-b"]);
    expect(docs[0]?.title).toBe("A");
  });

  it("report each document once, with its first operation and final state", async () => {
    const tx = await run([
      { createOrReplace: { _id: "drafts.secret", _type: "sanity.previewUrlSecret" } },
      { patch: { id: "drafts.secret", set: { secret: "s3cr3t" } } },
    ]);
    expect(tx.results).toEqual([
      {
        id: "drafts.secret",
        operation: "create",
        document: {
          _id: "drafts.secret",
          _type: "sanity.previewUrlSecret",
          _rev: "tx1",
          _createdAt: NOW,
          _updatedAt: NOW,
          secret: "s3cr3t",
        },
      },
    ]);
  });

  it("leave documents they do not touch as they were", async () => {
    const docs = initial();
    const tx = await run([{ patch: { id: "post-a", set: { title: "x" } } }], docs);
    expect(byId(tx.documents, "post-b")).toBe(docs[1]);
  });

  it("refuse anything that is not a single known mutation", async () => {
    for (const mutation of [
      null,
      [],
      {},
      { create: {}, delete: {} },
      { update: {} },
      { patch: "x" },
    ]) {
      const error = await failure([mutation]);
      expect(error, JSON.stringify(mutation)).toMatchObject({ status: 400, index: 0 });
    }
  });
});

describe("ids and revisions", () => {
  it("accepts Sanity's id forms", () => {
    for (const id of [
      "a",
      "post-1",
      "drafts.post-1",
      "versions.r1.post-1",
      "_x",
      "A_b-9",
      "sanity-preview-url-secret.share-access",
    ]) {
      expect(isValidDocumentId(id), id).toBe(true);
    }
  });

  it("makes 22-character alphanumeric revisions and second-precision timestamps", () => {
    const revisions = new Set(Array.from({ length: 50 }, newRevision));
    expect(revisions.size).toBe(50);
    for (const rev of revisions) expect(rev).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(timestamp(new Date("2026-06-01T12:00:00.789Z"))).toBe("2026-06-01T12:00:00Z");
  });
});

// The mutation API over real HTTP, with fetch, @sanity/client and @sanity/preview-url-secret.
import { createClient, type SanityClient } from "@sanity/client";
import { validatePreviewUrl } from "@sanity/preview-url-secret";
import { createPreviewSecret } from "@sanity/preview-url-secret/create-secret";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { datasetOf, rawRequest } from "./test-fixture.ts";

const TOKEN = "sk-demo-mutate-test-token";
const DOCS = [
  {
    _id: "post-a",
    _type: "post",
    _rev: "r0",
    _createdAt: "2026-01-15T09:00:00Z",
    _updatedAt: "2026-01-15T09:00:00Z",
    title: "A",
    slug: { _type: "slug", current: "a" },
  },
  { _id: "post-b", _type: "post", _rev: "r0", title: "B" },
];

let data: Awaited<ReturnType<typeof datasetOf>> | undefined;
let service: ContentService | undefined;

// A fresh service per test: writes stay in memory, so tests cannot see each other's changes.
beforeEach(async () => {
  await service?.close();
  data ??= await datasetOf(DOCS);
  service = await startContentService({ ...data, token: TOKEN });
});

afterAll(async () => {
  await service?.close();
  await data?.cleanup();
});

const url = (search = "") => `${service?.url}/v2025-02-19/data/mutate/production${search}`;

async function post(body: unknown, options: { token?: string | null; search?: string } = {}) {
  const token = options.token === undefined ? TOKEN : options.token;
  const response = await fetch(url(options.search), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function titles(perspective = "published", token: string | null = null) {
  const search = new URLSearchParams({ query: "*[] | order(_id asc){_id, title}", perspective });
  const response = await fetch(`${service?.url}/v1/data/query/production?${search}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return (await response.json()).result as { _id: string; title?: string }[];
}

function client(token: string | null = TOKEN): SanityClient {
  return createClient({
    projectId: "demo",
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: service?.url,
    useProjectHostname: false,
    useCdn: false,
    ...(token ? { token } : {}),
  });
}

describe("authorisation", () => {
  it("refuses writes without a token (403) and with a wrong one (401), in Sanity's shapes", async () => {
    const mutations = { mutations: [{ delete: { id: "post-a" } }] };
    const anonymous = await post(mutations, { token: null });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({
      error: {
        description: 'transaction failed: Insufficient permissions; permission "update" required',
        type: "mutationError",
      },
    });
    const wrong = await post(mutations, { token: "sk-someone-else" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: "Unauthorized", statusCode: 401 });
    expect(await titles()).toHaveLength(2);
  });
});

describe("each mutation kind", () => {
  it("create: answers with the id and operation, and later queries see it", async () => {
    expect(await titles()).toHaveLength(2); // fills the view cache first
    const { status, body } = await post({
      mutations: [{ create: { _id: "post-c", _type: "post", title: "C" } }],
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      transactionId: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
      results: [{ id: "post-c", operation: "create" }],
    });
    expect(await titles()).toContainEqual({ _id: "post-c", title: "C" });
  });

  it("createOrReplace: replaces, keeping _createdAt, with a new _rev and _updatedAt", async () => {
    const { body } = await post(
      { mutations: [{ createOrReplace: { _id: "post-a", _type: "post", title: "A2" } }] },
      { search: "?returnIds=true&returnDocuments=true&visibility=sync" },
    );
    expect(body.results).toEqual([
      {
        id: "post-a",
        operation: "update",
        document: {
          _id: "post-a",
          _type: "post",
          _rev: body.transactionId,
          _createdAt: "2026-01-15T09:00:00Z",
          _updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
          title: "A2",
        },
      },
    ]);
    expect(body.results[0].document._updatedAt).not.toBe("2026-01-15T09:00:00Z");
  });

  it("createIfNotExists: leaves an existing document alone", async () => {
    const { body } = await post({
      mutations: [
        { createIfNotExists: { _id: "post-a", _type: "post", title: "ignored" } },
        { createIfNotExists: { _id: "post-d", _type: "post", title: "D" } },
      ],
    });
    expect(body.results).toEqual([
      { id: "post-a", operation: "none" },
      { id: "post-d", operation: "create" },
    ]);
    expect(await titles()).toContainEqual({ _id: "post-a", title: "A" });
  });

  it("delete: by id and by query", async () => {
    const byId = await post({ mutations: [{ delete: { id: "post-a" } }] });
    expect(byId.body.results).toEqual([{ id: "post-a", operation: "delete" }]);
    const byQuery = await post({
      mutations: [{ delete: { query: "*[_type == $type]", params: { type: "post" } } }],
    });
    expect(byQuery.body.results).toEqual([{ id: "post-b", operation: "delete" }]);
    expect(await titles()).toEqual([]);
  });

  it("patch: set, setIfMissing and unset", async () => {
    const { status } = await post({
      mutations: [
        {
          patch: {
            id: "post-a",
            set: { title: "A, edited", "slug.current": "a-edited" },
            setIfMissing: { excerpt: "New excerpt" },
            unset: ["slug._type"],
          },
        },
      ],
    });
    expect(status).toBe(200);
    const search = new URLSearchParams({ query: '*[_id == "post-a"][0]{title, slug, excerpt}' });
    const response = await fetch(`${service?.url}/v1/data/query/production?${search}`);
    expect((await response.json()).result).toEqual({
      title: "A, edited",
      slug: { current: "a-edited" },
      excerpt: "New excerpt",
    });
  });

  it("keeps drafts private after writing them", async () => {
    await post({
      mutations: [{ create: { _id: "drafts.post-a", _type: "post", title: "Draft" } }],
    });
    expect(await titles("drafts")).toContainEqual({ _id: "post-a", title: "A" });
    expect(await titles("drafts", TOKEN)).toContainEqual({ _id: "post-a", title: "Draft" });
  });

  it("dryRun answers without changing anything", async () => {
    const { body } = await post(
      { mutations: [{ delete: { id: "post-a" } }] },
      { search: "?dryRun=true" },
    );
    expect(body.results).toEqual([{ id: "post-a", operation: "delete" }]);
    expect(await titles()).toHaveLength(2);
  });
});

describe("concurrent transactions", () => {
  it("all land, each applied to the documents the ones before it left", async () => {
    // A delete by query makes each transaction wait on GROQ half-way through.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({
          mutations: [
            { delete: { query: '*[_id == "nothing-here"]' } },
            { create: { _id: `post-n${i}`, _type: "post", title: `N${i}` } },
          ],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await titles()).toHaveLength(22);
  });
});

describe("bad input", () => {
  it("answers 400 for bodies that are not a list of mutations", async () => {
    for (const body of ["{nope", "[]", "{}", '{"mutations": {}}', '{"mutations": []}', "null"]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.error, body).toMatchObject({
        description: expect.any(String),
        type: "httpBadRequest",
      });
    }
  });

  it("answers 400 with Sanity's mutationError for an invalid mutation, and applies nothing", async () => {
    const answer = await post({
      mutations: [
        { create: { _id: "post-ok", _type: "post" } },
        { create: { _id: "bad id!", _type: "post" } },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        description: 'The mutation(s) failed: Malformed document ID: "bad id!"',
        items: [
          {
            error: {
              description: 'Malformed document ID: "bad id!"',
              id: "bad id!",
              type: "invalidDocumentIdError",
            },
            index: 1,
          },
        ],
        type: "mutationError",
      },
    });
    expect(await titles()).toHaveLength(2);
  });

  it("answers 409 when the dataset conflicts with the mutation", async () => {
    const exists = await post({ mutations: [{ create: { _id: "post-a", _type: "post" } }] });
    expect(exists.status).toBe(409);
    expect(exists.body.error.items[0].error.type).toBe("documentAlreadyExistsError");
    const missing = await post({ mutations: [{ patch: { id: "post-x", set: { a: 1 } } }] });
    expect(missing.status).toBe(409);
    expect(missing.body.error.items[0].error.type).toBe("documentNotFoundError");
  });

  it("answers 400 for unknown parameter values and 405 for other methods", async () => {
    const mutations = { mutations: [{ delete: { id: "post-a" } }] };
    expect((await post(mutations, { search: "?visibility=later" })).status).toBe(400);
    expect((await post(mutations, { search: "?returnDocuments=yes" })).status).toBe(400);
    const get = await fetch(url(), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toContain("POST");
    await get.body?.cancel();
    expect(await titles()).toHaveLength(2);
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const huge = JSON.stringify({
      mutations: [{ create: { _id: "big", _type: "post", text: "x".repeat(1_100_000) } }],
    });
    const answer = await rawRequest(service?.url ?? "", "/v1/data/mutate/production", {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: huge,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ statusCode: 413 });
    expect(await titles()).toHaveLength(2);
  });
});

describe("@sanity/client", () => {
  it("creates, patches, runs transactions and deletes through the client", async () => {
    const sanity = client();
    const created = await sanity.create({ _id: "post-c", _type: "post", title: "C" });
    expect(created).toMatchObject({ _id: "post-c", title: "C", _rev: expect.any(String) });
    const patched = await sanity.patch("post-c").set({ title: "C2" }).commit();
    expect(patched).toMatchObject({ _id: "post-c", title: "C2" });
    expect(patched._rev).not.toBe(created._rev);
    const tx = await sanity
      .transaction()
      .createOrReplace({ _id: "post-d", _type: "post", title: "D" })
      .patch("post-a", (p) => p.set({ title: "A3" }))
      .commit();
    expect(tx.documentIds).toEqual(["post-d", "post-a"]);
    await sanity.delete("post-b");
    expect(await sanity.fetch("*[_type == 'post'] | order(_id asc).title")).toEqual([
      "A3",
      "C2",
      "D",
    ]);
  });

  it("reports the service's refusal as a client error", async () => {
    await expect(client().create({ _id: "post-a", _type: "post" })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(client(null).create({ _id: "post-z", _type: "post" })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});

describe("preview URL secrets", () => {
  it("lets @sanity/preview-url-secret create a secret and validate a preview URL", async () => {
    const sanity = client();
    // What the Presentation tool does when it opens a preview: a secret document written with
    // the editor's token (a transaction, then a delete by query of expired secrets)…
    const { secret } = await createPreviewSecret(
      sanity,
      "sanity/presentation",
      "https://studio.example.com/studio",
      "user-1",
    );
    // …which the site then checks with its own token, through the real library.
    const previewUrl = `https://site.example/api/draft-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=%2Fpost%2Fa&sanity-preview-perspective=drafts`;
    const valid = await validatePreviewUrl(sanity, previewUrl);
    expect(valid).toEqual({
      isValid: true,
      redirectTo: "/post/a?sanity-preview-perspective=drafts",
      studioOrigin: "https://studio.example.com",
      studioPreviewPerspective: "drafts",
      studioPreviewVariant: null,
    });

    const forged = previewUrl.replace(secret, "not-the-secret");
    expect((await validatePreviewUrl(sanity, forged)).isValid).toBe(false);
    // The secret is a private document: nobody without the token can read it.
    const stored = await (
      await fetch(
        `${service?.url}/v2025-02-19/data/query/production?query=${encodeURIComponent('count(*[_type == "sanity.previewUrlSecret"])')}&perspective=raw`,
      )
    ).json();
    expect(stored.result).toBe(0);
    expect(
      await sanity.fetch(
        'count(*[_type == "sanity.previewUrlSecret"])',
        {},
        { perspective: "raw" },
      ),
    ).toBe(1);
  });

  it("refuses a secret older than an hour, as Sanity's query does", async () => {
    const old = new Date(Date.now() - 2 * 3600_000).toISOString();
    const aged = await datasetOf([
      {
        _id: "drafts.old-secret",
        _type: "sanity.previewUrlSecret",
        _updatedAt: old,
        secret: "an-old-secret",
        studioUrl: "https://studio.example.com",
      },
    ]);
    const agedService = await startContentService({ ...aged, token: TOKEN });
    try {
      const sanity = client().withConfig({ apiHost: agedService.url });
      const previewUrl = "https://site.example/?sanity-preview-secret=an-old-secret";
      expect((await validatePreviewUrl(sanity, previewUrl)).isValid).toBe(false);
      // Refreshing the document (a write stamps _updatedAt) makes the same secret valid again.
      await sanity.patch("drafts.old-secret").set({ source: "refreshed" }).commit();
      expect((await validatePreviewUrl(sanity, previewUrl)).isValid).toBe(true);
    } finally {
      await agedService.close();
      await aged.cleanup();
    }
  });
});

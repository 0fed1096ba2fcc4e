// Tokens and private documents over real HTTP: like Sanity, ids with a "." are only ever
// visible with the service's token, and a wrong token is refused.
import { createClient } from "@sanity/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { datasetOf } from "./test-fixture.ts";

const TOKEN = "sk-demo-auth-test-token";
const DOCS = [
  { _id: "post-1", _type: "post", title: "Published" },
  { _id: "drafts.post-1", _type: "post", title: "Draft of 1" },
  { _id: "drafts.post-2", _type: "post", title: "Only a draft" },
  { _id: "versions.r1.post-1", _type: "post", title: "In release r1" },
  { _id: "sanity-preview-url-secret.abc", _type: "sanity.previewUrlSecret", secret: "s" },
];

let data: Awaited<ReturnType<typeof datasetOf>>;
let service: ContentService;
let open: ContentService;

beforeAll(async () => {
  data = await datasetOf(DOCS);
  service = await startContentService({ ...data, token: TOKEN });
  open = await startContentService(data);
});

afterAll(async () => {
  await service?.close();
  await open?.close();
  await data?.cleanup();
});

const ALL_IDS = "*[] | order(_id asc)._id";

async function query(
  base: string,
  perspective: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { result?: string[]; [key: string]: unknown } }> {
  const search = new URLSearchParams({ query: ALL_IDS, perspective });
  const response = await fetch(`${base}/v2025-02-19/data/query/production?${search}`, { headers });
  return { status: response.status, body: await response.json() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("without a token", () => {
  it("sees no private document in any perspective", async () => {
    for (const perspective of ["published", "raw", "drafts", "previewDrafts", "r1,drafts"]) {
      const { status, body } = await query(service.url, perspective);
      expect(status, perspective).toBe(200);
      expect(body.result, perspective).toEqual(["post-1"]);
    }
  });

  it("gets no private document by id", async () => {
    const ids = "post-1,drafts.post-1,sanity-preview-url-secret.abc";
    for (const perspective of ["", "?perspective=raw", "?perspective=drafts"]) {
      const response = await fetch(
        `${service.url}/v2025-02-19/data/doc/production/${ids}${perspective}`,
      );
      const body = await response.json();
      expect(body.documents.map((doc: { _id: string }) => doc._id)).toEqual(["post-1"]);
      expect(body.omitted.map((item: { id: string }) => item.id)).toEqual([
        "drafts.post-1",
        "sanity-preview-url-secret.abc",
      ]);
    }
  });
});

describe("with the service's token", () => {
  it("sees private documents per perspective", async () => {
    const raw = await query(service.url, "raw", bearer(TOKEN));
    expect(raw.body.result).toEqual(DOCS.map((doc) => doc._id).sort());
    const drafts = await query(service.url, "drafts", bearer(TOKEN));
    expect(drafts.body.result).toEqual(["post-1", "post-2", "sanity-preview-url-secret.abc"]);
    // System documents are not drafts or versions: the published perspective has them too.
    const published = await query(service.url, "published", bearer(TOKEN));
    expect(published.body.result).toEqual(["post-1", "sanity-preview-url-secret.abc"]);
  });

  it("works through @sanity/client with a token", async () => {
    const client = createClient({
      projectId: "demo",
      dataset: "production",
      apiVersion: "2025-02-19",
      apiHost: service.url,
      useProjectHostname: false,
      useCdn: false,
      token: TOKEN,
      perspective: "drafts",
    });
    expect(await client.fetch<string>('*[_id == "post-2"][0].title')).toBe("Only a draft");
    // getDocument asks for exact ids, drafts included.
    expect(await client.getDocument("drafts.post-1")).toMatchObject({ title: "Draft of 1" });
    const anonymous = client.withConfig({ token: undefined });
    expect(await anonymous.getDocument("drafts.post-1")).toBeUndefined();
    expect(await anonymous.getDocument("post-1")).toMatchObject({ title: "Published" });
  });
});

describe("with a wrong token", () => {
  it("is refused with Sanity's 401 on queries, POST queries and documents", async () => {
    const expected = {
      error: "Unauthorized",
      message: "Session not found",
      statusCode: 401,
      errorCode: "SIO-401-ANF",
    };
    for (const headers of [bearer("wrong-token"), { authorization: "Basic abc" }, bearer("")]) {
      const get = await query(service.url, "published", headers);
      expect(get.status).toBe(401);
      expect(get.body).toEqual(expected);
      const post = await fetch(`${service.url}/v1/data/query/production`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query: "*" }),
      });
      expect(post.status).toBe(401);
      expect(await post.json()).toEqual(expected);
      const doc = await fetch(`${service.url}/v1/data/doc/production/post-1`, { headers });
      expect(doc.status).toBe(401);
      await doc.body?.cancel();
    }
  });

  it("surfaces as an error in @sanity/client, never a silent downgrade", async () => {
    const client = createClient({
      projectId: "demo",
      dataset: "production",
      apiVersion: "2025-02-19",
      apiHost: service.url,
      useProjectHostname: false,
      useCdn: false,
      token: "not-the-token",
    });
    await expect(client.fetch("*")).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe("a service started without a token", () => {
  it("is public and read-only: a token on a read is ignored, writes are refused", async () => {
    const { status, body } = await query(open.url, "raw", bearer("any-token-at-all"));
    expect(status).toBe(200);
    expect(body.result).toEqual(["post-1"]);
    const write = await fetch(`${open.url}/v1/data/mutate/production`, {
      method: "POST",
      headers: { ...bearer("any-token-at-all"), "content-type": "application/json" },
      body: JSON.stringify({ mutations: [{ delete: { id: "post-1" } }] }),
    });
    expect(write.status).toBe(401);
    await write.body?.cancel();
    expect((await query(open.url, "published")).body.result).toEqual(["post-1"]);
  });

  it("refuses to start with a token that could not be sent in a header", async () => {
    for (const token of ["", "short", "has space in it"]) {
      await expect(startContentService({ ...data, token }), JSON.stringify(token)).rejects.toThrow(
        /token/,
      );
    }
  });
});

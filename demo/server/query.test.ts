// The query API over real HTTP, with real groq-js and @sanity/client.
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { createClient } from "@sanity/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { createFixture, type Fixture, rawRequest } from "./test-fixture.ts";

let fixture: Fixture;
let service: ContentService;

const TOKEN = "sk-demo-query-test-token";

beforeAll(async () => {
  fixture = await createFixture();
  service = await startContentService({
    datasetFile: fixture.datasetFile,
    imagesDir: fixture.imagesDir,
    token: TOKEN,
  });
});

const withToken = { headers: { authorization: `Bearer ${TOKEN}` } };

afterAll(async () => {
  await service?.close();
  await fixture?.cleanup();
});

beforeEach(async () => {
  await fetch(`${service.url}/_demo/stats/reset`, { method: "POST" });
});

function queryUrl(query: string, params: Record<string, unknown> = {}, extra = ""): string {
  const search = new URLSearchParams({ query });
  for (const [key, value] of Object.entries(params))
    search.append(`$${key}`, JSON.stringify(value));
  return `${service.url}/v2025-02-19/data/query/production?${search}${extra}`;
}

describe("query API", () => {
  it("answers a GET query with params in Sanity's shape", async () => {
    const query = "*[_type == $type && order <= $max] | order(order asc){title}";
    const response = await fetch(queryUrl(query, { type: "photo", max: 2 }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toEqual({
      query,
      result: [{ title: "Harbour at dawn" }, { title: "Pine forest" }],
      ms: expect.any(Number),
    });
  });

  it("omits the query when returnQuery=false", async () => {
    const body = await (
      await fetch(queryUrl("count(*[_type == 'category'])", {}, "&returnQuery=false"))
    ).json();
    expect(body).toEqual({ result: 2, ms: expect.any(Number) });
  });

  it("answers a POST query with a JSON body", async () => {
    const response = await fetch(`${service.url}/v2025-02-19/data/query/production`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "*[_id == $id][0]{title, 'cat': category->title}",
        params: { id: "photo-2" },
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).result).toEqual({ title: "Pine forest", cat: "Land" });
  });

  it("accepts v1, vX and dated API versions and refuses others", async () => {
    for (const version of ["1", "X", "2021-10-21"]) {
      const response = await fetch(
        `${service.url}/v${version}/data/query/production?query=count(*)`,
      );
      expect(response.status, version).toBe(200);
    }
    for (const version of ["2", "2025-13-01", "latest"]) {
      const response = await fetch(
        `${service.url}/v${version}/data/query/production?query=count(*)`,
      );
      expect(response.status, version).toBe(400);
    }
  });

  it("works through @sanity/client, with GET and (for a long query) POST", async () => {
    const client = createClient({
      projectId: "demo",
      dataset: "production",
      apiVersion: "2025-02-19",
      useCdn: false,
      apiHost: service.url,
      useProjectHostname: false,
    });
    // Record the method of every request the server receives (Node's own hook, no mocks).
    const methods: string[] = [];
    const record = (message: unknown) => {
      methods.push((message as { request: IncomingMessage }).request.method ?? "");
    };
    diagnostics.subscribe("http.server.request.start", record);
    try {
      const short = await client.fetch<string[]>(
        "*[_type == $type] | order(order asc).title",
        { type: "photo" },
        { tag: "x" },
      );
      expect(short).toEqual(["Harbour at dawn", "Pine forest"]);
      expect(service.stats.queries).toBe(1);

      // Long enough that the client switches to POST (its GET limit is 11,264 chars).
      const padding = Array.from({ length: 1500 }, (_, i) => `"pad${i}"`).join(", ");
      const longQuery = `*[_type == "category" && !(_id in [${padding}])] | order(title asc).title`;
      expect(longQuery.length).toBeGreaterThan(11_264);
      const long = await client.fetch<string[]>(longQuery, { tagName: "x" });
      expect(long).toEqual(["Land", "Sea"]);
      expect(service.stats.queries).toBe(2);
      expect(methods).toEqual(["GET", "POST"]);
    } finally {
      diagnostics.unsubscribe("http.server.request.start", record);
    }
  });

  it("hides drafts in the (default) published perspective", async () => {
    const body = await (
      await fetch(queryUrl("*[_type == 'photo'] | order(order asc){_id, title}"))
    ).json();
    expect(body.result).toEqual([
      { _id: "photo-1", title: "Harbour at dawn" },
      { _id: "photo-2", title: "Pine forest" },
    ]);
    const explicit = await (
      await fetch(queryUrl("count(*[_id in path('drafts.**')])", {}, "&perspective=published"))
    ).json();
    expect(explicit.result).toBe(0);
  });

  it("overlays drafts in the drafts perspective and shows everything in raw, with the token", async () => {
    const drafts = await (
      await fetch(
        queryUrl(
          "*[_type == 'photo'] | order(order asc){_id, _originalId, title}",
          {},
          "&perspective=drafts",
        ),
        withToken,
      )
    ).json();
    expect(drafts.result).toEqual([
      { _id: "photo-1", _originalId: "drafts.photo-1", title: "Harbour at dawn (edited)" },
      { _id: "photo-2", _originalId: "photo-2", title: "Pine forest" },
      { _id: "photo-3", _originalId: "drafts.photo-3", title: "Unpublished" },
    ]);
    const raw = await (
      await fetch(queryUrl("count(*[_type == 'photo'])", {}, "&perspective=raw"), withToken)
    ).json();
    expect(raw.result).toBe(4);
    const invalid = await fetch(queryUrl("count(*)", {}, "&perspective=raw,drafts"));
    expect(invalid.status).toBe(400);
  });

  it("refuses a bad query with Sanity's error shape", async () => {
    const query = "*[_type == 'photo'";
    const response = await fetch(queryUrl(query));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({
      error: {
        description: expect.any(String),
        query,
        start: expect.any(Number),
        end: expect.any(Number),
        type: "queryParseError",
      },
    });
    expect(body.error.start).toBeLessThanOrEqual(query.length);
  });

  it("refuses a missing query, a missing param and a malformed param", async () => {
    const missing = await fetch(`${service.url}/v1/data/query/production`);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      description: "Missing query",
      type: "queryParseError",
    });

    const unbound = await fetch(queryUrl("*[_id == $id]"));
    expect(unbound.status).toBe(400);
    expect((await unbound.json()).error.description).toMatch(/\$id/);

    const malformed = await fetch(`${service.url}/v1/data/query/production?query=*&$id=not-json`);
    expect(malformed.status).toBe(400);
  });

  it("reports an unknown dataset as 404 like Sanity", async () => {
    const response = await fetch(`${service.url}/v2025-02-19/data/query/staging?query=*`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Not Found",
      message: 'Dataset "staging" not found for project ID "demo"',
      statusCode: 404,
    });
  });

  it("answers unknown paths with 404 JSON and wrong methods with 405 + Allow", async () => {
    const unknown = await fetch(`${service.url}/nope`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).statusCode).toBe(404);

    const wrong = await fetch(`${service.url}/v1/data/query/production?query=*`, {
      method: "DELETE",
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toContain("POST");
    await wrong.body?.cancel();
  });

  it("refuses POST bodies over 1 MB with 413 and bad JSON with 400", async () => {
    const huge = await rawRequest(service.url, "/v1/data/query/production", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "*", params: { big: "x".repeat(1_100_000) } }),
    });
    expect(huge.status).toBe(413);

    const bad = await fetch(`${service.url}/v1/data/query/production`, {
      method: "POST",
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it("serves documents by id on /data/doc like getDocument", async () => {
    const body = await (
      await fetch(`${service.url}/v2025-02-19/data/doc/production/photo-2,missing`)
    ).json();
    expect(body.documents.map((doc: { _id: string }) => doc._id)).toEqual(["photo-2"]);
    expect(body.omitted).toEqual([{ id: "missing", reason: "existence" }]);
  });

  it("counts queries and exposes and resets them over HTTP", async () => {
    await fetch(queryUrl("count(*)"));
    await fetch(queryUrl("count(*)"));
    await fetch(queryUrl("*["));
    expect(await (await fetch(`${service.url}/_demo/stats`)).json()).toEqual({
      queries: 3,
      images: 0,
    });
    expect(service.stats.queries).toBe(3);

    const reset = await fetch(`${service.url}/_demo/stats/reset`, { method: "POST" });
    expect(await reset.json()).toEqual({ queries: 0, images: 0 });
    expect(service.stats).toEqual({ queries: 0, images: 0 });
  });
});

describe("a query asked again", () => {
  const mutateUrl = () => `${service.url}/v2025-02-19/data/mutate/production`;
  const titleOf = async () =>
    (await (await fetch(queryUrl('*[_id == "photo-2"][0].title'))).json()).result;

  it("gets the same answer until a mutation, whose change it shows at once", async () => {
    const before = await titleOf();
    expect(await titleOf()).toBe(before);
    const patched = await fetch(mutateUrl(), {
      method: "POST",
      headers: { ...withToken.headers, "content-type": "application/json" },
      body: JSON.stringify({
        mutations: [{ patch: { id: "photo-2", set: { title: "Renamed" } } }],
      }),
    });
    expect(patched.status).toBe(200);
    expect(await titleOf()).toBe("Renamed");
  });

  it("shows a post whose time comes between two askings on the second one", async () => {
    const due = new Date(Date.now() + 400).toISOString();
    const created = await fetch(mutateUrl(), {
      method: "POST",
      headers: { ...withToken.headers, "content-type": "application/json" },
      body: JSON.stringify({
        mutations: [{ create: { _id: "due", _type: "due", publishedAt: due } }],
      }),
    });
    expect(created.status).toBe(200);
    const live = async () =>
      (
        await (
          await fetch(
            queryUrl('count(*[_type == "due" && dateTime(publishedAt) <= dateTime(now())])'),
          )
        ).json()
      ).result;
    expect(await live()).toBe(0);
    while (Date.now() <= Date.parse(due)) await new Promise((wait) => setTimeout(wait, 50));
    expect(await live()).toBe(1);
  });

  it("answers now() as at the moment asked, to the second", async () => {
    const asked = Date.now();
    const { result } = await (await fetch(queryUrl("now()"))).json();
    expect(Date.parse(result)).toBeGreaterThan(asked - 1000);
    expect(Date.parse(result)).toBeLessThanOrEqual(Date.now());
  });
});

describe("latency", () => {
  it("delays each query by latencyMs", async () => {
    const slow = await startContentService({
      datasetFile: fixture.datasetFile,
      imagesDir: fixture.imagesDir,
      latencyMs: 150,
    });
    try {
      const started = performance.now();
      const response = await fetch(`${slow.url}/v1/data/query/production?query=count(*)`);
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });
});

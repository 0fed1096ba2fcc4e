// Inquiries are private documents, as in Sanity: the site writes them with its token at
// `inquiry.{id}`, an id on a sub-path, and no request without the token ever reads one, whatever
// it asks for (by type, by id, by path, through a reference, in any perspective).
import { createClient } from "@sanity/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentService, startContentService } from "./server.ts";
import { datasetOf } from "./test-fixture.ts";

const TOKEN = "sk-demo-inquiry-test-token";
const ID = "inquiry.0b0b1a2e-1c2d-8e3f-9a4b-5c6d7e8f9a0b";

let data: Awaited<ReturnType<typeof datasetOf>>;
let service: ContentService;

beforeAll(async () => {
  data = await datasetOf([{ _id: "contact", _type: "page", title: "Contact" }]);
  service = await startContentService({ ...data, token: TOKEN });
});

afterAll(async () => {
  await service?.close();
  await data?.cleanup();
});

const client = (token?: string) =>
  createClient({
    projectId: "demo",
    dataset: "production",
    apiVersion: "2025-02-19",
    apiHost: service.url,
    useProjectHostname: false,
    useCdn: false,
    ...(token ? { token } : {}),
  });

describe("an inquiry written with the token", () => {
  beforeAll(async () => {
    await client(TOKEN).createIfNotExists({
      _id: ID,
      _type: "inquiry",
      name: "Ada",
      email: "ada@example.com",
      message: "A print, please.",
      photo: { image: { asset: { _type: "reference", _ref: "contact" } } },
    });
  });

  it("is there for the token (the Studio, the site's consumer)", async () => {
    expect(await client(TOKEN).getDocument(ID)).toMatchObject({ name: "Ada" });
    expect(await client(TOKEN).fetch('count(*[_type == "inquiry"])')).toBe(1);
  });

  it("cannot be read by any public query", async () => {
    const anonymous = client();
    for (const perspective of ["published", "raw", "drafts"] as const) {
      const reader = anonymous.withConfig({ perspective });
      expect(await reader.fetch('*[_type == "inquiry"]'), perspective).toEqual([]);
      expect(await reader.fetch("*[_id == $id][0]", { id: ID }), perspective).toBeNull();
      expect(await reader.fetch('count(*[_id in path("inquiry.**")])'), perspective).toBe(0);
      expect(await reader.fetch("*[message match 'print'].email"), perspective).toEqual([]);
      expect(await reader.fetch('*[references("contact")]._id'), perspective).toEqual([]);
    }
    expect(await anonymous.getDocument(ID)).toBeUndefined();
  });

  it("cannot be written or changed without the token", async () => {
    await expect(
      client().createIfNotExists({ _id: "inquiry.forged", _type: "inquiry" }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(client().patch(ID).set({ status: "archived" }).commit()).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("is created once however often the same inquiry is written", async () => {
    await client(TOKEN).createIfNotExists({ _id: ID, _type: "inquiry", name: "Someone else" });
    expect(await client(TOKEN).getDocument(ID)).toMatchObject({ name: "Ada" });
  });
});

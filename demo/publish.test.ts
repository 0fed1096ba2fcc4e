// Publishing against a started demo service, with the webhook checked by a local receiver the
// way the site checks it (@sanity/webhook's isValidSignature).
import { execFile } from "node:child_process";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mutate, sendSanityWebhook, WEBHOOK_PATH, webhookBody } from "./publish.ts";
import { type ContentService, startContentService } from "./server/server.ts";
import { datasetOf } from "./server/test-fixture.ts";

const TOKEN = "sk-demo-publish-test-token";
const SECRET = "webhook-secret-for-tests";
const DOCS = [
  {
    _id: "post-a",
    _type: "post",
    title: "A",
    slug: { _type: "slug", current: "a" },
    excerpt: "old",
  },
  { _id: "siteSettings", _type: "siteSettings", title: "Jane Doe Photography" },
  // A document on a path: its id has a dot of its own.
  { _id: `clientGallery.${"a".repeat(26)}`, _type: "clientGallery", stage: "proofing" },
];

interface Delivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  valid: boolean;
}

/** A stand-in for the site's hook: records each delivery and answers like a strict receiver. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; server: Server }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const signature = req.headers[SIGNATURE_HEADER_NAME];
      const valid =
        typeof signature === "string" && (await isValidSignature(body, signature, SECRET));
      deliveries.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        valid,
      });
      res.writeHead(valid ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify({ revalidated: valid }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, deliveries, server };
}

let data: Awaited<ReturnType<typeof datasetOf>>;
let service: ContentService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  data = await datasetOf(DOCS);
  receiver = await startReceiver();
});

beforeEach(async () => {
  await service?.close();
  service = await startContentService({ ...data, token: TOKEN });
  receiver.deliveries.length = 0;
});

afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => receiver?.server.close(resolve));
  await data?.cleanup();
});

async function fetchTitle(id: string): Promise<unknown> {
  const search = new URLSearchParams({ query: "*[_id == $id][0]", $id: JSON.stringify(id) });
  const response = await fetch(`${service.url}/v2025-02-19/data/query/production?${search}`);
  return (await response.json()).result;
}

describe("mutate", () => {
  it("applies the mutations and returns each document", async () => {
    const answer = await mutate(service.url, TOKEN, [
      { patch: { id: "post-a", set: { title: "A, republished" } } },
    ]);
    expect(answer.results).toEqual([
      {
        id: "post-a",
        operation: "update",
        document: expect.objectContaining({
          _id: "post-a",
          title: "A, republished",
          _rev: answer.transactionId,
        }),
      },
    ]);
    expect(await fetchTitle("post-a")).toMatchObject({ title: "A, republished" });
  });

  it("throws the service's description, never the token", async () => {
    const error = await mutate(service.url, "sk-wrong-token-value", [
      { delete: { id: "post-a" } },
    ]).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("Mutation refused (401): Session not found");
    const conflict = await mutate(service.url, TOKEN, [
      { create: { _id: "post-a", _type: "post" } },
    ]).catch((e: unknown) => e as Error);
    expect((conflict as Error).message).toMatch(/^Mutation refused \(409\): .*already exists/);
    expect(`${(error as Error).message}${(conflict as Error).message}`).not.toContain(TOKEN);
  });
});

describe("sendSanityWebhook", () => {
  it("posts the body to the site's hook, signed as Sanity signs it", async () => {
    const body = webhookBody(DOCS[0] as { _id: string; _type: string }, "update");
    expect(body).toEqual({
      _id: "post-a",
      _type: "post",
      slug: { current: "a" },
      operation: "update",
    });
    const answer = await sendSanityWebhook({
      siteUrl: `${receiver.url}/`,
      secret: SECRET,
      body,
      transactionId: "tx123",
    });
    expect(answer.status).toBe(200);
    const [delivery] = receiver.deliveries;
    expect(delivery).toMatchObject({ method: "POST", path: WEBHOOK_PATH, valid: true });
    expect(JSON.parse(delivery?.body ?? "")).toEqual(body);
    expect(delivery?.headers).toMatchObject({
      "content-type": "application/json",
      "sanity-operation": "update",
      "sanity-document-id": "post-a",
      "sanity-dataset": "production",
      "sanity-project-id": "demo",
      "sanity-transaction-id": "tx123",
    });
    expect(delivery?.headers[SIGNATURE_HEADER_NAME]).toMatch(/^t=\d{13},v1=[\w-]+$/);
    // The signature covers exactly these bytes: any change breaks it.
    const signature = String(delivery?.headers[SIGNATURE_HEADER_NAME]);
    expect(await isValidSignature(delivery?.body ?? "", signature, "another-secret")).toBe(false);
    expect(await isValidSignature(`${delivery?.body} `, signature, SECRET)).toBe(false);
  });

  it("leaves out the slug of documents that have none", () => {
    expect(webhookBody({ _id: "siteSettings", _type: "siteSettings" }, "update")).toEqual({
      _id: "siteSettings",
      _type: "siteSettings",
      operation: "update",
    });
  });

  it("reports the site's refusal of a wrongly signed hook", async () => {
    const answer = await sendSanityWebhook({
      siteUrl: receiver.url,
      secret: "not-the-site-secret",
      body: webhookBody({ _id: "post-a", _type: "post" }, "delete"),
    });
    expect(answer.status).toBe(401);
    expect(receiver.deliveries[0]?.valid).toBe(false);
  });
});

describe("demo/scripts/publish.ts", () => {
  const script = path.join(import.meta.dirname, "scripts", "publish.ts");
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, [script, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      timeout: 20_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );

  it("patches, then sends one signed webhook per published document", async () => {
    const result = await run(
      [
        "--content",
        service.url,
        "--site",
        receiver.url,
        "--set",
        'post-a.title="A, from the CLI"',
        "--set",
        'post-a.slug.current="a-cli"',
        "--unset",
        "post-a.excerpt",
        "--set",
        'siteSettings.title="Jane Doe, Photographer"',
      ],
      { SANITY_TOKEN: TOKEN, SANITY_WEBHOOK_SECRET: SECRET },
    );
    expect(result.stderr).not.toContain(TOKEN);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^update post-a \(rev \w+\); webhook answered 200$/m);
    expect(result.stdout).toMatch(/^update siteSettings \(rev \w+\); webhook answered 200$/m);

    const post = await fetchTitle("post-a");
    expect(post).toMatchObject({ title: "A, from the CLI", slug: { current: "a-cli" } });
    expect(post).not.toHaveProperty("excerpt");
    expect(await fetchTitle("siteSettings")).toMatchObject({ title: "Jane Doe, Photographer" });

    expect(receiver.deliveries.map((d) => d.valid)).toEqual([true, true]);
    expect(receiver.deliveries.map((d) => JSON.parse(d.body))).toEqual([
      { _id: "post-a", _type: "post", slug: { current: "a-cli" }, operation: "update" },
      { _id: "siteSettings", _type: "siteSettings", operation: "update" },
    ]);
  });

  it("changes a document on a path (a client gallery) and announces it, as the Studio's edit does", async () => {
    const id = `clientGallery.${"a".repeat(26)}`;
    const result = await run(
      ["--content", service.url, "--site", receiver.url, "--set", `${id}.stage="delivered"`],
      { SANITY_TOKEN: TOKEN, SANITY_WEBHOOK_SECRET: SECRET },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^update ${id} \\(rev \\w+\\); webhook answered 200$`, "m"),
    );
    expect(receiver.deliveries.map((d) => JSON.parse(d.body))).toEqual([
      { _id: id, _type: "clientGallery", operation: "update" },
    ]);
    const doc = await fetch(`${service.url}/v2025-02-19/data/doc/production/${id}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(((await doc.json()) as { documents: unknown[] }).documents[0]).toMatchObject({
      stage: "delivered",
    });
  });

  it("takes the token and secret as options too, and fails clearly", async () => {
    const ok = await run([
      "--content",
      service.url,
      "--token",
      TOKEN,
      "--set",
      'post-a.title="No site"',
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/no webhook sent/);

    const notJson = await run([
      "--content",
      service.url,
      "--token",
      TOKEN,
      "--set",
      "post-a.title=plain",
    ]);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/must be JSON/);

    const wrongToken = await run([
      "--content",
      service.url,
      "--token",
      "sk-wrong-token-value",
      "--set",
      'post-a.title="x"',
    ]);
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toMatch(/401/);
    expect(wrongToken.stderr).not.toContain("sk-wrong-token-value");

    const missing = await run([
      "--content",
      service.url,
      "--token",
      TOKEN,
      "--set",
      'nope.title="x"',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/);

    const nothing = await run(["--content", service.url, "--token", TOKEN]);
    expect(nothing.code).toBe(2);
    expect(receiver.deliveries).toEqual([]);
  });
});

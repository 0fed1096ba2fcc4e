// The demo's webhook as the site receives it: signed as Sanity signs it, one per document.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyDemoSite } from "./demo-webhook.ts";
import type { ChangedDocuments } from "./photo.ts";

const SECRET = "demo-webhook-secret-for-tests";
const received: { path: string; body: unknown; valid: boolean }[] = [];
let site = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", async () => {
      const signature = String(req.headers[SIGNATURE_HEADER_NAME] ?? "");
      const valid = await isValidSignature(body, signature, SECRET);
      received.push({ path: req.url ?? "", body: JSON.parse(body), valid });
      res.writeHead(valid ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

describe("notifyDemoSite", () => {
  const changed: ChangedDocuments = new Map([
    ["media-tag-sea", { _id: "media-tag-sea", _type: "media.tag", operation: "create" }],
    [
      "image-abc-1x1-jpg",
      { _id: "image-abc-1x1-jpg", _type: "sanity.imageAsset", operation: "create" },
    ],
    [
      "page-portfolio",
      { _id: "page-portfolio", _type: "page", slug: { current: "portfolio" }, operation: "update" },
    ],
  ]);

  it("sends one signed delivery per changed document to the site's hook", async () => {
    expect(await notifyDemoSite({ demo: { site, webhookSecret: SECRET } }, changed)).toEqual([]);
    expect(received).toEqual([
      {
        path: "/_app/hooks/sanity",
        valid: true,
        body: { _id: "media-tag-sea", _type: "media.tag", operation: "create" },
      },
      {
        path: "/_app/hooks/sanity",
        valid: true,
        body: { _id: "image-abc-1x1-jpg", _type: "sanity.imageAsset", operation: "create" },
      },
      {
        path: "/_app/hooks/sanity",
        valid: true,
        body: {
          _id: "page-portfolio",
          _type: "page",
          slug: { current: "portfolio" },
          operation: "update",
        },
      },
    ]);
  });

  it("sends nothing for real Sanity, and reports a refusal", async () => {
    received.length = 0;
    expect(await notifyDemoSite({ demo: undefined }, changed)).toEqual([]);
    expect(received).toEqual([]);
    const problems = await notifyDemoSite({ demo: { site, webhookSecret: "wrong" } }, changed);
    expect(problems).toEqual([
      "the site answered 401 for media-tag-sea",
      "the site answered 401 for image-abc-1x1-jpg",
      "the site answered 401 for page-portfolio",
    ]);
  });
});

// The upload command's requests over real HTTP, to a server that answers as a busy site or the
// way to it sometimes does: a 5xx now, the right answer a moment later.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { SiteClient } from "./site-client.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A site answering each request with the next status of `statuses`; records the bodies it got. */
async function site(statuses: number[]): Promise<{ client: SiteClient; bodies: string[] }> {
  const bodies: string[] = [];
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      bodies.push(body);
      res.writeHead(statuses[bodies.length - 1] ?? 599).end("said so");
    });
  });
  await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const target = {
    site: `http://127.0.0.1:${port}`,
    token: "t",
    description: "the site",
    demo: true,
  };
  return { client: new SiteClient(target, 1), bodies };
}

const put = (body: string) => ({
  method: "PUT" as const,
  path: "/_app/galleries/g/photos/p",
  sha256: "0".repeat(64),
  length: body.length,
  body: () => Readable.from([body]),
});

describe("SiteClient.send", () => {
  it("asks again after a 5xx, with the whole body each time", async () => {
    const { client, bodies } = await site([503, 201]);
    const answer = await client.send(put("photograph"));
    client.close();
    expect(answer.status).toBe(201);
    expect(bodies).toEqual(["photograph", "photograph"]);
  });

  it("gives the 5xx after three tries", async () => {
    const { client, bodies } = await site([500, 502, 500, 201]);
    const answer = await client.send(put("photograph"));
    client.close();
    expect(answer).toEqual({ status: 500, text: "said so" });
    expect(bodies).toHaveLength(3);
  });

  it("takes a 4xx as the answer: the site said no", async () => {
    const { client, bodies } = await site([409, 201]);
    expect((await client.send(put("photograph"))).status).toBe(409);
    client.close();
    expect(bodies).toHaveLength(1);
  });
});

// Bodies sent with methods the site does not accept, through the real local server that
// `npm start` runs (wrangler's proxy in front of workerd), not only the worker in-process:
// answering before a request body was read used to make the proxy answer 500 with a stack
// trace naming local files.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type RunningSite, startSite } from "../../scripts/site-server.ts";

const PATHS = ["/", "/contact", "/post/autumn-in-the-basque-mountains", "/a/b/c", "/rss.xml"];
const METHODS = ["PUT", "POST", "PATCH", "DELETE"];
const BODIES: { name: string; body: () => BodyInit; type: string }[] = [
  {
    name: "JSON",
    body: () => JSON.stringify({ name: "x", items: [1, 2, 3] }),
    type: "application/json",
  },
  { name: "form", body: () => "a=1&b=two", type: "application/x-www-form-urlencoded" },
  {
    name: "1 MiB",
    body: () => new Uint8Array(1024 * 1024).fill(97),
    type: "application/octet-stream",
  },
];
const ROUNDS = 5;

let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ port: await freePort(), isolated: true });
}, 90_000);

afterAll(async () => {
  await site?.close();
});

describe("methods with a body on the local server", () => {
  it(`answers ${PATHS.length * METHODS.length * BODIES.length * ROUNDS} such requests with 405 and no stack trace`, async () => {
    const problems: string[] = [];
    let answered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        PATHS.flatMap((path) =>
          METHODS.flatMap((method) =>
            BODIES.map(async ({ name, body, type }) => {
              const res = await fetch(`${site.url}${path}`, {
                method,
                body: body(),
                headers: { "Content-Type": type },
              });
              const text = await res.text();
              answered += 1;
              const where = `${method} ${path} (${name} body)`;
              if (res.status !== 405) problems.push(`${where}: ${res.status}`);
              if (res.headers.get("Allow") !== "GET, HEAD")
                problems.push(`${where}: no Allow header`);
              if (/\bat .+:\d+|file:\/\/|node_modules|Network connection lost/.test(text)) {
                problems.push(`${where}: ${text.slice(0, 200)}`);
              }
            }),
          ),
        ),
      );
    }
    expect(answered).toBe(PATHS.length * METHODS.length * BODIES.length * ROUNDS);
    expect(problems).toEqual([]);
    expect(site.output()).not.toMatch(/Network connection lost/);
  }, 120_000);
});

// Bodies sent with methods the site does not accept, through the real local server that
// `npm start` runs (workerd serving the built worker), not only the worker in-process: workerd
// resets a connection whose request body was left half read, and behind wrangler dev's proxy
// the request after it answers 500 with a stack trace naming local files, so on a developer's
// machine refusals read bodies whole (lib/request-body.ts).
import { readdirSync, readFileSync } from "node:fs";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";

// Pages that take no body (the contact page's form is below).
const PATHS = ["/", "/portfolio", "/post/autumn-in-the-basque-mountains", "/a/b/c", "/rss.xml"];
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
/** A stack frame (a line of its own, "    at name (file:1:2)"), a file path, or miniflare's line. */
const STACK_TRACE = /^\s*at .+:\d+:\d+\)?$|file:\/\/|node_modules|Network connection lost/m;
const TEN_MIB = 10 * 1024 * 1024;

let site: RunningSite;

beforeAll(async () => {
  site = await startSite({ isolated: true });
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
              if (STACK_TRACE.test(text)) {
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

describe("large bodies on the local server", () => {
  it("refuses 10 MiB bodies on pages with 405, every time, without a stack trace", async () => {
    const answers: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        const res = await fetch(`${site.url}${path}`, {
          method: "POST",
          body: new Uint8Array(TEN_MIB).fill(97),
        });
        const text = await res.text();
        answers.push(`${res.status}${STACK_TRACE.test(text) ? ` ${text.slice(0, 120)}` : ""}`);
      }
    }
    expect(answers).toEqual(Array(3 * PATHS.length).fill("405"));
    expect(site.output()).not.toMatch(/Network connection lost/);
  }, 120_000);

  it("answers 413 to a signed webhook delivery of 10 MiB, declared or streamed", async () => {
    const secret = site.vars.SANITY_WEBHOOK_SECRET ?? "";
    const body = "x".repeat(TEN_MIB);
    const signature = await encodeSignatureHeader(body, Date.now(), secret);
    const declared = await fetch(`${site.url}/_app/hooks/sanity`, {
      method: "POST",
      body,
      headers: { [SIGNATURE_HEADER_NAME]: signature },
    });
    expect([declared.status, await declared.text()]).toEqual([413, "413 Payload Too Large\n"]);
    // Without a declared length the worker reads up to its limit, then to the end.
    const chunks = new Blob([body]).stream();
    const streamed = await fetch(`${site.url}/_app/hooks/sanity`, {
      method: "POST",
      body: chunks,
      duplex: "half",
      headers: { [SIGNATURE_HEADER_NAME]: signature },
    } as RequestInit);
    expect([streamed.status, await streamed.text()]).toEqual([413, "413 Payload Too Large\n"]);
  }, 60_000);
});

describe("secrets of the local server", () => {
  // Every local user can read every process's command line (ps, /proc/*/cmdline).
  it("passes the token and the webhook secret to the worker, but on no command line", async () => {
    const secrets = [site.vars.SANITY_TOKEN, site.vars.SANITY_WEBHOOK_SECRET];
    expect(secrets.every((secret) => secret && secret.length >= 16)).toBe(true);
    const commandLines = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          return [readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ")];
        } catch {
          return []; // The process ended meanwhile.
        }
      });
    expect(commandLines.some((line) => line.includes("workerd"))).toBe(true);
    for (const secret of secrets) {
      expect(commandLines.filter((line) => line.includes(secret as string))).toEqual([]);
    }
    // The worker has them: a delivery signed with the webhook secret is accepted.
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const res = await fetch(`${site.url}/_app/hooks/sanity`, {
      method: "POST",
      body,
      headers: {
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(
          body,
          Date.now(),
          secrets[1] as string,
        ),
      },
    });
    expect(res.status).toBe(200);
  });
});

describe("the contact form's POST on the local server", () => {
  it("refuses 10 MiB, declared or streamed, with 413, and a cross-site post with 403, every time", async () => {
    const answers: string[] = [];
    const big = () => new Uint8Array(TEN_MIB).fill(97);
    const streamed = () =>
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i += 1) controller.enqueue(new Uint8Array(1024 * 1024).fill(97));
          controller.close();
        },
      });
    for (let round = 0; round < 3; round++) {
      for (const [origin, body] of [
        [site.url, big],
        [site.url, streamed],
        ["https://evil.example", big],
      ] as const) {
        const res = await fetch(`${site.url}/contact`, {
          method: "POST",
          body: body(),
          headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
          duplex: "half",
        } as RequestInit);
        const text = await res.text();
        answers.push(`${res.status}${STACK_TRACE.test(text) ? ` ${text.slice(0, 120)}` : ""}`);
      }
    }
    expect(answers).toEqual(Array(3).fill(["413", "413", "403"]).flat());
    expect(site.output()).not.toMatch(/Network connection lost/);
  }, 120_000);
});

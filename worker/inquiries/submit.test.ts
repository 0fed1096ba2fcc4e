import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../config/middleware.ts";
import type { AppEnv } from "../request/app-env.ts";
import { submitInquiry } from "./submit.tsx";
import { SITEVERIFY_URL } from "./turnstile.ts";

// The POST handler on its own, in a bare Hono app: what it decides, with the queue recorded and
// Turnstile's siteverify answered here (the network is not reachable from tests).

function appWith(turnstile: (body: FormData) => Response | Promise<Response>) {
  const asked: FormData[] = [];
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.post(
    "/contact",
    submitInquiry({
      turnstileFetch: async (url, init) => {
        expect(url).toBe(SITEVERIFY_URL);
        asked.push(init.body as FormData);
        return turnstile(init.body as FormData);
      },
    }),
  );
  const queued: unknown[] = [];
  const testEnv = {
    ...env,
    TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
    TURNSTILE_SECRET_KEY: "turnstile-secret",
    INQUIRIES: { send: async (message: unknown) => void queued.push(message) },
  } as unknown as Env;
  let visitor = 0;
  const send = (answer: string) => {
    const body = new FormData();
    body.set("name", "Ada");
    body.set("email", "ada@example.com");
    body.set("subject", "general");
    body.set("message", `Hello ${crypto.randomUUID()}`);
    body.set("cf-turnstile-response", answer);
    visitor += 1;
    return app.request(
      "http://localhost/contact",
      {
        method: "POST",
        body,
        headers: {
          Origin: "http://localhost",
          "Sec-Fetch-User": "?1",
          "CF-Connecting-IP": `198.51.100.${visitor}`,
        },
      },
      testEnv,
    );
  };
  return { send, asked, queued };
}

describe("POST /contact with Turnstile on", () => {
  it("delivers once Turnstile says the answer is a person's", async () => {
    const { send, asked, queued } = appWith(() => Response.json({ success: true }));
    const res = await send("answer-token");
    expect(res.status).toBe(303);
    expect(queued).toHaveLength(1);
    expect(asked[0]?.get("secret")).toBe("turnstile-secret");
    expect(asked[0]?.get("response")).toBe("answer-token");
    expect(asked[0]?.get("remoteip")).toBe("198.51.100.1");
  });

  it("refuses with 422 when Turnstile says no, and asks nothing without an answer", async () => {
    const { send, asked, queued } = appWith(() => Response.json({ success: false }));
    expect((await send("bad-token")).status).toBe(422);
    expect((await send("")).status).toBe(422);
    expect(asked).toHaveLength(1);
    expect(queued).toEqual([]);
  });

  it("answers 503 when Turnstile cannot be asked, never a thank-you", async () => {
    const { send, queued } = appWith(() => new Response("down", { status: 502 }));
    const res = await send("answer-token");
    expect(res.status).toBe(503);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(queued).toEqual([]);
  });
});

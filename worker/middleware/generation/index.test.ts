import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../../../tests/worker/logs.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { withGeneration } from "./index.ts";

/**
 * The middleware alone in front of a page that shows the generation it was given (`?preview`
 * stands in for preview mode, which runs before it).
 */
const app = new Hono<AppEnv>();
app.use(async (c, next) => {
  c.set("requestId", "r-42");
  c.set("preview", c.req.query("preview") !== undefined);
  await next();
});
app.use(withGeneration);
app.get("/page", (c) => {
  const generation = c.get("generation");
  return c.json({ generation: generation === undefined ? "not read" : generation });
});

const shown = async (res: Response) => ((await res.json()) as { generation: unknown }).generation;

/** A binding whose Durable Object does not answer. */
const unreachable = {
  getByName: () => ({ current: () => Promise.reject(new Error("Durable Object overloaded")) }),
} as unknown as Env["CONTENT_GENERATION"];

describe("withGeneration", () => {
  it("puts the current generation on the context and times the read", async () => {
    const current = await env.CONTENT_GENERATION.getByName("site").current();
    const res = await app.request("/page", {}, env);
    expect(await shown(res)).toBe(current);
    expect(res.headers.get("Server-Timing")).toMatch(/^generation;dur=\d+$/);
  });

  it("adds its timing to the page's own", async () => {
    const timed = new Hono<AppEnv>();
    timed.use(withGeneration);
    timed.get("/page", (c) => {
      c.header("Server-Timing", 'html-cache;desc="miss"', { append: true });
      return c.text("page");
    });
    const timing = (await timed.request("/page", {}, env)).headers.get("Server-Timing");
    expect(timing).toMatch(/^generation;dur=\d+, html-cache;desc="miss"$/);
  });

  it("reads nothing in draft preview, which reads from no cache", async () => {
    const res = await app.request("/page?preview", {}, unreachableEnv());
    expect(await shown(res)).toBe("not read");
    expect(res.headers.has("Server-Timing")).toBe(false);
  });

  it("gives null, quietly, where there is no binding", async () => {
    const logs = captureLogs();
    const res = await app.request("/page", {}, { ...env, CONTENT_GENERATION: undefined });
    expect(res.status).toBe(200);
    expect(await shown(res)).toBeNull();
    expect(logs.lines()).toEqual([]);
  });

  it("gives null and warns when the Durable Object does not answer; the page still renders", async () => {
    const logs = captureLogs();
    const res = await app.request("/page?x=1", {}, unreachableEnv());
    expect(res.status).toBe(200);
    expect(await shown(res)).toBeNull();
    expect(res.headers.get("Server-Timing")).toMatch(/^generation;dur=\d+$/);
    expect(logs.lines("warn")).toEqual([
      {
        level: "warn",
        message: "Content generation unavailable; reading without caches",
        path: "/page",
        requestId: "r-42",
        error: "Error: Durable Object overloaded",
      },
    ]);
  });
});

function unreachableEnv(): Env {
  return { ...env, CONTENT_GENERATION: unreachable };
}

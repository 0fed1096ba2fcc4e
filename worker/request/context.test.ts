import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../../tests/worker/logs.ts";
import { configure } from "../config/middleware.ts";
import type { AppEnv } from "./app-env.ts";
import { generationFor } from "./context.ts";

/**
 * A page that reads the content generation (twice, as a page and its cache would) and shows
 * it; `?preview` stands in for preview mode, `/quiet` is a route that reads no content.
 */
const app = new Hono<AppEnv>();
app.use(configure);
app.use(async (c, next) => {
  c.set("requestId", "r-42");
  c.set("preview", c.req.query("preview") !== undefined);
  await next();
});
app.get("/page", async (c) => {
  const first = await generationFor(c);
  const again = await generationFor(c);
  return c.json({ generation: first, same: first === again });
});
app.get("/quiet", (c) => c.text("read nothing"));

const shown = async (res: Response) => (await res.json()) as { generation: unknown; same: boolean };

/** A binding whose Durable Object does not answer. */
const unreachable = {
  getByName: () => ({ current: () => Promise.reject(new Error("Durable Object overloaded")) }),
} as unknown as Env["CONTENT_GENERATION"];
const unreachableEnv = (): Env => ({ ...env, CONTENT_GENERATION: unreachable });

describe("generationFor", () => {
  it("reads the current generation once per request, and times the read", async () => {
    const current = await env.CONTENT_GENERATION.getByName("site").current();
    const res = await app.request("/page", {}, env);
    expect(await shown(res)).toEqual({ generation: current, same: true });
    expect(res.headers.get("Server-Timing")).toMatch(/^generation;dur=\d+$/);
  });

  it("is never read by a request that reads no content", async () => {
    const res = await app.request("/quiet", {}, unreachableEnv());
    expect(res.status).toBe(200);
    expect(res.headers.has("Server-Timing")).toBe(false);
  });

  it("reads nothing in draft preview, which reads from no cache", async () => {
    const res = await app.request("/page?preview", {}, unreachableEnv());
    expect((await shown(res)).generation).toBeNull();
    expect(res.headers.has("Server-Timing")).toBe(false);
  });

  it("gives null, quietly, where there is no binding", async () => {
    const logs = captureLogs();
    const res = await app.request("/page", {}, { ...env, CONTENT_GENERATION: undefined });
    expect(res.status).toBe(200);
    expect((await shown(res)).generation).toBeNull();
    expect(logs.lines()).toEqual([]);
  });

  it("gives null and warns when the Durable Object does not answer; the page still renders", async () => {
    const logs = captureLogs();
    const res = await app.request("/page?x=1", {}, unreachableEnv());
    expect(res.status).toBe(200);
    expect((await shown(res)).generation).toBeNull();
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

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { allowMethods, readOnlyMethods } from "./index.ts";

/** The middleware alone in front of one page, counting the requests that reach it. */
function pageApp() {
  const reached: string[] = [];
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(readOnlyMethods);
  app.all("/page", (c) => {
    reached.push(c.req.method);
    return c.text("the page");
  });
  return { app, reached };
}

describe("readOnlyMethods", () => {
  it("lets GET and HEAD through to the page", async () => {
    const { app, reached } = pageApp();
    const get = await app.request("/page");
    expect(get.status).toBe(200);
    expect(await get.text()).toBe("the page");
    const head = await app.request("/page", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(reached).toEqual(["GET", "HEAD"]);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "PROPFIND"])(
    "answers %s with 405 and Allow before the page runs",
    async (method) => {
      const { app, reached } = pageApp();
      const res = await app.request("/page", { method, body: "x" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
      expect(await res.text()).toBe("405 Method Not Allowed");
      expect(reached).toEqual([]);
    },
  );

  it("answers OPTIONS with 204, the allowed methods and no body", async () => {
    const { app, reached } = pageApp();
    const res = await app.request("/page", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(await res.text()).toBe("");
    expect(reached).toEqual([]);
  });

  it("refuses on paths no route has, too: the guard runs before routing matters", async () => {
    const { app } = pageApp();
    expect((await app.request("/nowhere", { method: "DELETE" })).status).toBe(405);
    expect((await app.request("/nowhere")).status).toBe(404);
  });

  it.each([
    ["on a developer's machine, reading it to its end", "http://localhost/page"],
    ["at the edge, cancelling it", "https://photos.example/page"],
  ])("releases a body nobody reads %s", async (_, url) => {
    const { app } = pageApp();
    const sent = new Request(url, { method: "POST", body: "a".repeat(100_000) });
    const res = await app.request(sent);
    expect(res.status).toBe(405);
    expect(sent.bodyUsed).toBe(true);
  });
});

describe("allowMethods", () => {
  /** A form's page: GET shows it, POST takes what it sends. */
  function formApp() {
    const posted: string[] = [];
    const app = new Hono<AppEnv>();
    app.use(configure);
    app.use("/form", allowMethods("GET", "HEAD", "POST"));
    app.post("/form", async (c) => {
      posted.push(await c.req.text());
      return c.text("thanks");
    });
    app.get("/form", (c) => c.text("the form"));
    return { app, posted };
  }

  it("gives an allowed POST its body untouched", async () => {
    const { app, posted } = formApp();
    const res = await app.request("/form", { method: "POST", body: "name=Ada" });
    expect(res.status).toBe(200);
    expect(posted).toEqual(["name=Ada"]);
    expect(await (await app.request("/form")).text()).toBe("the form");
  });

  it("names every allowed method on OPTIONS and on a 405", async () => {
    const { app, posted } = formApp();
    const options = await app.request("/form", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST");
    const put = await app.request("/form", { method: "PUT", body: "name=Ada" });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(posted).toEqual([]);
  });
});

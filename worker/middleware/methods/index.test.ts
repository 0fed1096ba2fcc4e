import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { allowedMethods } from "./index.ts";

/**
 * The guard in front of a read-only page and a form's page (GET shows it, POST takes what it
 * sends), counting the requests that reach a route.
 */
function siteApp() {
  const reached: string[] = [];
  const posted: string[] = [];
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(allowedMethods(app));
  app.get("/page", (c) => {
    reached.push(c.req.method);
    return c.text("the page");
  });
  app.get("/form", (c) => c.text("the form"));
  app.post("/form", async (c) => {
    posted.push(await c.req.text());
    return c.text("thanks");
  });
  app.get("/:slug{[a-z]+}", (c) => c.text(`the page ${c.req.param("slug")}`));
  return { app, reached, posted };
}

describe("allowedMethods", () => {
  it("lets GET and HEAD through to a page", async () => {
    const { app, reached } = siteApp();
    const get = await app.request("/page");
    expect(get.status).toBe(200);
    expect(await get.text()).toBe("the page");
    expect((await app.request("/page", { method: "HEAD" })).status).toBe(200);
    expect(reached).toEqual(["GET", "HEAD"]);
  });

  it.each(["POST", "PUT", "DELETE", "PATCH", "PROPFIND"])(
    "answers %s on a read-only page with 405 and Allow before the page runs",
    async (method) => {
      const { app, reached } = siteApp();
      const res = await app.request("/page", { method, body: "x" });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
      expect(await res.text()).toBe("405 Method Not Allowed");
      expect(reached).toEqual([]);
    },
  );

  it("answers OPTIONS with 204, the allowed methods and no body", async () => {
    const { app, reached } = siteApp();
    const res = await app.request("/page", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect(await res.text()).toBe("");
    expect(reached).toEqual([]);
  });

  it("knows the methods of a pattern's addresses", async () => {
    const { app } = siteApp();
    const res = await app.request("/about", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("refuses on paths no route has, too: they are pages that do not exist", async () => {
    const { app } = siteApp();
    const res = await app.request("/no/such/page", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
    expect((await app.request("/no/such/page")).status).toBe(404);
  });

  it.each([
    ["on a developer's machine, reading it to its end", "development"],
    ["at the edge, cancelling it", "production"],
  ])("releases a body nobody reads %s", async (_, environment) => {
    const { app } = siteApp();
    const sent = new Request("https://photos.example/page", {
      method: "POST",
      body: "a".repeat(100_000),
    });
    const res = await app.request(sent, {}, { ENVIRONMENT: environment });
    expect(res.status).toBe(405);
    expect(sent.bodyUsed).toBe(true);
  });

  it("gives an allowed POST its body untouched", async () => {
    const { app, posted } = siteApp();
    const res = await app.request("/form", { method: "POST", body: "name=Ada" });
    expect(res.status).toBe(200);
    expect(posted).toEqual(["name=Ada"]);
    expect(await (await app.request("/form")).text()).toBe("the form");
  });

  it("names every method of an address that takes a form, on OPTIONS and on a 405", async () => {
    const { app, posted } = siteApp();
    const options = await app.request("/form", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST");
    const put = await app.request("/form", { method: "PUT", body: "name=Ada" });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(posted).toEqual([]);
  });
});

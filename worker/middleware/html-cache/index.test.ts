import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import { ByteLru } from "../../lib/byte-lru.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { contentFor } from "../../request/context.ts";
import { type CachedPage, freshPage, htmlCache } from "./index.ts";

const HIT = 'html-cache;desc="hit"';
const MISS = 'html-cache;desc="miss"';

/**
 * The middleware alone in front of a page that reads the site settings (so what it renders is
 * fresh for CONTENT_FRESH_SECONDS) and counts its renders. `?generation=` and `?preview` stand
 * in for what the content-generation and preview-mode middlewares set; every app has a store
 * of its own, since the store is per environment.
 */
function cachedSite(overrides: Partial<Env> = {}) {
  const siteEnv: Env = { ...env, ...overrides };
  const renders: string[] = [];
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(async (c, next) => {
    const generation = c.req.query("generation");
    c.set("generation", generation === "none" ? null : Number(generation ?? 1));
    c.set("preview", c.req.query("preview") !== undefined);
    await next();
    // What later middlewares (the cache headers) learn about a kept page.
    const kept = c.get("keptHtml");
    if (kept) c.header("X-Kept-Tags", kept.tags.join(","));
  });
  app.use(htmlCache);
  app.get("/page", async (c) => {
    await contentFor(c).settings();
    renders.push(c.req.url);
    return c.html(`<p>render ${renders.length}</p>`, 200, {
      "Cache-Control": "no-cache",
      Link: "</style.css>; rel=preload; as=style",
      "X-Per-Request": String(renders.length),
    });
  });
  app.get("/missing", async (c) => {
    await contentFor(c).settings();
    renders.push(c.req.url);
    return c.html("<p>not here</p>", 404);
  });
  app.get("/static", (c) => {
    renders.push(c.req.url);
    return c.html("<p>read no content</p>");
  });
  const send = (url: string, init: RequestInit = {}) =>
    app.request(url.startsWith("/") ? `http://localhost${url}` : url, init, siteEnv);
  return { send, renders };
}

describe("htmlCache", () => {
  it("answers the second view from memory, without rendering again", async () => {
    const { send, renders } = cachedSite();
    const first = await send("/page");
    expect(first.headers.get("Server-Timing")).toBe(MISS);
    const second = await send("/page");
    expect(second.status).toBe(200);
    expect(second.headers.get("Server-Timing")).toBe(HIT);
    expect(await second.text()).toBe(await first.text());
    expect(renders).toHaveLength(1);
  });

  it("keeps the page's own headers, not those made for one request", async () => {
    const { send } = cachedSite();
    await send("/page");
    const second = await send("/page");
    expect(second.headers.get("Content-Type")).toBe("text/html; charset=UTF-8");
    expect(second.headers.get("Cache-Control")).toBe("no-cache");
    expect(second.headers.get("Link")).toBe("</style.css>; rel=preload; as=style");
    expect(second.headers.has("X-Per-Request")).toBe(false);
  });

  it("tells later middlewares what a kept page was built from", async () => {
    const { send } = cachedSite();
    const first = await send("/page");
    expect(first.headers.has("X-Kept-Tags")).toBe(false);
    expect((await send("/page")).headers.get("X-Kept-Tags")).toBe("settings");
  });

  it("keeps one page for every query string, which pages do not read", async () => {
    const { send, renders } = cachedSite();
    await send("/page?utm_source=mail");
    expect((await send("/page?x=1")).headers.get("Server-Timing")).toBe(HIT);
    expect(renders).toHaveLength(1);
  });

  it("keeps a page per origin and per content generation", async () => {
    const { send, renders } = cachedSite();
    await send("/page");
    expect((await send("https://photos.example/page")).headers.get("Server-Timing")).toBe(MISS);
    expect((await send("/page?generation=2")).headers.get("Server-Timing")).toBe(MISS);
    expect((await send("/page?generation=2")).headers.get("Server-Timing")).toBe(HIT);
    expect(renders).toHaveLength(3);
  });

  it("keeps pages per environment", async () => {
    const one = cachedSite();
    const other = cachedSite();
    await one.send("/page");
    expect((await other.send("/page")).headers.get("Server-Timing")).toBe(MISS);
  });

  it("keeps nothing once the content is no longer fresh", async () => {
    const { send, renders } = cachedSite({ CONTENT_FRESH_SECONDS: "0" });
    for (let view = 0; view < 2; view++) {
      expect((await send("/page")).headers.has("Server-Timing")).toBe(false);
    }
    expect(renders).toHaveLength(2);
  });

  it("keeps no page that read no content: nothing says how long it is true", async () => {
    const { send, renders } = cachedSite();
    await send("/static");
    await send("/static");
    expect(renders).toHaveLength(2);
  });

  it("keeps no answer but a 200", async () => {
    const { send, renders } = cachedSite();
    for (let view = 0; view < 2; view++) {
      const res = await send("/missing");
      expect(res.status).toBe(404);
      expect(res.headers.has("Server-Timing")).toBe(false);
    }
    expect(renders).toHaveLength(2);
  });

  it.each([
    ["in draft preview", "/page?preview"],
    ["when the content generation could not be read", "/page?generation=none"],
  ])("neither keeps nor serves pages %s", async (_, url) => {
    const { send, renders } = cachedSite();
    await send("/page");
    for (let view = 0; view < 2; view++) {
      const res = await send(url);
      expect(res.headers.has("Server-Timing")).toBe(false);
    }
    expect(renders).toHaveLength(3);
  });
});

describe("the page store", () => {
  const page = (body: string, expires = Number.POSITIVE_INFINITY) => ({
    body,
    headers: {},
    expires,
  });

  it("forgets a page once it expires", () => {
    const store = new ByteLru<CachedPage>(1000);
    store.set("a", page("<p>a</p>", 1000), 8);
    expect(freshPage(store, "a", 999)?.body).toBe("<p>a</p>");
    expect(freshPage(store, "a", 1000)).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it("drops the least recently used page beyond its size", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("b", page("bbbb"), 4);
    freshPage(store, "a", 0);
    store.set("c", page("cccc"), 4);
    expect(freshPage(store, "b", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
    expect(freshPage(store, "c", 0)?.body).toBe("cccc");
    expect(store.bytes).toBe(8);
  });

  it("refuses a page larger than all of it, keeping the others", () => {
    const store = new ByteLru<CachedPage>(10);
    store.set("a", page("aaaa"), 4);
    store.set("huge", page("x".repeat(11)), 11);
    expect(freshPage(store, "huge", 0)).toBeUndefined();
    expect(freshPage(store, "a", 0)?.body).toBe("aaaa");
  });
});

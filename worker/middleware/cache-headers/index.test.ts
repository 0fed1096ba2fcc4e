import { env } from "cloudflare:workers";
import { type Handler, Hono } from "hono";
import type { ContentfulStatusCode, RedirectStatusCode } from "hono/utils/http-status";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import type { ContentSource, Provenance } from "../../content/content-source.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { contentFor } from "../../request/context.ts";
import { cacheHeaders } from "./index.ts";

type Variables = Partial<AppEnv["Variables"]>;

/** The middleware alone around `handler`, with what earlier middlewares would have set. */
function around(handler: Handler<AppEnv>, variables: Variables = {}) {
  const app = new Hono<AppEnv>();
  app.use(configure);
  app.use(async (c, next) => {
    for (const [name, value] of Object.entries(variables)) {
      c.set(name as keyof Variables, value as never);
    }
    await next();
  });
  app.use(cacheHeaders);
  app.all("*", handler);
  return app;
}

/** Asks `app` for a page on a site with these settings. */
const send = (app: Hono<AppEnv>, overrides: Partial<Env> = {}, init: RequestInit = {}) =>
  app.request("/page", init, { ...env, ...overrides });

const edge = (res: Response) => res.headers.get("Cloudflare-CDN-Cache-Control");

const page: Handler<AppEnv> = (c) => c.html("<p>a page</p>");

/** A page whose content source read what `provenance` says (only that is asked of it here). */
const kept = (provenance: Partial<Provenance> = {}): Variables => ({
  source: {
    provenance: () => ({
      tags: [],
      validUntil: Number.POSITIVE_INFINITY,
      degraded: false,
      ...provenance,
    }),
  } as Partial<ContentSource> as ContentSource,
});

const GOOD = (seconds: number) =>
  `public, max-age=${seconds}, stale-while-revalidate=60, stale-if-error=86400`;

describe("cacheHeaders on a good page", () => {
  it("lets the edge keep it while content is fresh, tagged with what the page read", async () => {
    const app = around(async (c) => {
      await contentFor(c).home();
      return c.html("<p>a page</p>");
    });
    const res = await send(app);
    expect(res.status).toBe(200);
    expect(edge(res)).toBe(GOOD(60));
    // The home page's query brings the settings and the slideshow with its posts.
    expect(res.headers.get("Cache-Tag")).toBe("posts,settings,slideshow");
    // Browsers are not told anything new: this header is for the edge only.
    expect(res.headers.get("Cache-Control")).toBeNull();
  });

  it("follows CONTENT_FRESH_SECONDS", async () => {
    expect(edge(await send(around(page), { CONTENT_FRESH_SECONDS: "300" }))).toBe(GOOD(300));
  });

  it("keeps pages a day once the publish webhook purges them", async () => {
    expect(edge(await send(around(page), { SANITY_WEBHOOK_SECRET: "s" }))).toBe(GOOD(86_400));
    // A blank secret is no secret: nothing would purge the page.
    expect(edge(await send(around(page), { SANITY_WEBHOOK_SECRET: "  " }))).toBe(GOOD(60));
  });

  it("keeps nothing past the next scheduled post, nor serves it stale past that time", async () => {
    const soon = around(page, kept({ validUntil: Date.now() + 30_000 }));
    const header = edge(await send(soon)) ?? "";
    const maxAge = Number(/max-age=(\d+)/.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(20);
    expect(maxAge).toBeLessThanOrEqual(30);
    expect(header).not.toContain("stale-while-revalidate");
    const due = around(page, kept({ validUntil: Date.now() - 1000 }));
    expect(edge(await send(due, { SANITY_WEBHOOK_SECRET: "s" }))).toBe(
      "public, max-age=0, stale-if-error=86400",
    );
  });

  it("keeps nothing while CONTENT_FRESH_SECONDS is malformed", async () => {
    expect(edge(await send(around(page), { CONTENT_FRESH_SECONDS: "soon" }))).toBe(GOOD(0));
  });

  it("tags a kept page with what it was built from", async () => {
    const app = around(page, kept({ tags: ["post:x", "settings", "slideshow"] }));
    expect((await send(app)).headers.get("Cache-Tag")).toBe("post:x,settings,slideshow");
  });

  it("sends no Cache-Tag for a page that read nothing", async () => {
    const res = await send(around(page));
    expect(edge(res)).toBe(GOOD(60));
    expect(res.headers.has("Cache-Tag")).toBe(false);
  });

  it("treats HEAD like GET", async () => {
    expect(edge(await send(around(page), {}, { method: "HEAD" }))).toBe(GOOD(60));
  });
});

describe("cacheHeaders on answers kept briefly or not at all", () => {
  it("keeps a page built from stale or failed content for 15 seconds", async () => {
    const degraded = around(page, kept({ tags: ["settings"], degraded: true }));
    expect(edge(await send(degraded, { SANITY_WEBHOOK_SECRET: "s" }))).toBe("public, max-age=15");
  });

  it.each([
    [404, "public, max-age=60"],
    [301, "public, max-age=3600"],
    [308, "public, max-age=3600"],
    [302, "no-store"],
    [303, "no-store"],
    [307, "no-store"],
    [500, "no-store"],
    [503, "no-store"],
  ] as const)("answers %i with %s", async (status, expected) => {
    const app = around((c) =>
      status >= 300 && status < 400
        ? c.redirect("/elsewhere", status as RedirectStatusCode)
        : c.text("status", status as ContentfulStatusCode),
    );
    expect(edge(await send(app, { SANITY_WEBHOOK_SECRET: "s" }))).toBe(expected);
  });

  it.each(["POST", "PUT", "DELETE", "OPTIONS"])("stores nothing for %s", async (method) => {
    expect(edge(await send(around(page), {}, { method }))).toBe("no-store");
  });

  it("stores nothing the page itself forbids storing", async () => {
    const app = around((c) => c.html("<p>mine</p>", 200, { "Cache-Control": "private, no-store" }));
    expect(edge(await send(app))).toBe("no-store");
  });

  it.each([
    ["User-Agent", "no-store"],
    ["Accept-Encoding, Cookie", "no-store"],
    ["accept-encoding", GOOD(60)],
    ["Accept-Encoding, ", GOOD(60)],
  ])("with Vary: %s, lets the edge keep: %s", async (vary, expected) => {
    const app = around((c) => c.html("<p>it depends</p>", 200, { Vary: vary }));
    expect(edge(await send(app))).toBe(expected);
  });

  it("leaves draft preview alone: preview mode sets its headers", async () => {
    const app = around(page, { ...kept({ tags: ["settings"] }), preview: true });
    const res = await send(app);
    expect(res.headers.has("Cloudflare-CDN-Cache-Control")).toBe(false);
    expect(res.headers.has("Cache-Tag")).toBe(false);
  });
});

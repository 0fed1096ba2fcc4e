import { env } from "cloudflare:workers";
import { buildInfo } from "virtual:build-info";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { routedPath } from "./app.ts";
import { createGateway } from "./gateway.ts";
import { previewCookie } from "./preview/cookie.ts";
import type { AppEnv } from "./request/app-env.ts";

// The gateway's module test. The gateway's one decision is which app answers: the private one,
// or the public site through the cached entrypoint (ctx.exports.PublicSite), so this is the one
// test that builds its own execution context: a stand-in PublicSite in a fake `ctx.exports`
// records what reached it, which the runtime's real one (the whole worker behind Workers
// Cache) would not show. Whole-worker tests go through tests/worker/harness.ts instead.

/** Stand-in apps that name themselves, with the routes the real ones register. */
function app(name: string, routes: [method: string, path: string][]): Hono<AppEnv> {
  const stand = new Hono<AppEnv>({ getPath: routedPath });
  stand.use(async (c, next) => {
    await next();
    c.header(ANSWERED_BY, name);
  });
  for (const [method, path] of routes) stand.on(method, path, (c) => c.text(name));
  return stand;
}

const ANSWERED_BY = "X-Answered-By";

/** The gateway in front of stand-in apps and a stand-in PublicSite that records what reached it. */
function gatewayWithStandIns() {
  const forwarded: { url: string; cookie: string | null; props: unknown; host?: string }[] = [];
  const publicSite = (options: { props: unknown }) => ({
    fetch: (request: Request) => {
      const host = request.headers.get("X-Forwarded-Host");
      forwarded.push({
        url: request.url,
        cookie: request.headers.get("Cookie"),
        props: options.props,
        ...(host ? { host } : {}),
      });
      return Promise.resolve(new Response(null, { headers: { [ANSWERED_BY]: "PublicSite" } }));
    },
  });
  const ctx = {
    waitUntil: () => {},
    passThroughOnException: () => {},
    props: {},
    exports: { PublicSite: publicSite },
  } as unknown as ExecutionContext;
  const site: [string, string][] = [
    ["GET", "/contact"],
    ["GET", "/post/:slug"],
    ["GET", "/:slug"],
  ];
  const gateway = createGateway({
    site: app("the site", site),
    preview: app("the preview", site),
    private: app("the private app", [
      ["POST", "/contact"],
      ["GET", "/cart"],
      ["POST", "/_app/hooks/sanity"],
      ["GET", "/_app/preview/enable"],
    ]),
  });
  const send = async (
    url: string,
    init: RequestInit = {},
    sendEnv: Env = env,
    sendCtx: ExecutionContext = ctx,
  ) => (await gateway.fetch(new Request(url, init), sendEnv, sendCtx)).headers.get(ANSWERED_BY);
  return { forwarded, send, ctx };
}

describe("createGateway", () => {
  it("hands public page views to the cached entrypoint, without cookies, keyed by origin and build", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    expect(
      await send("https://photos.example/contact?photo=portfolio%2Fb2i6", {
        headers: { Cookie: "theme=dark", Authorization: "Bearer x" },
      }),
    ).toBe("PublicSite");
    // An address no app has a page for is the site's not-found page, kept at the edge too.
    expect(await send("https://photos.example/a/b/c")).toBe("PublicSite");
    // Keyed by the build too: a page kept from an earlier deploy names its hashed files.
    const origin = { origin: "https://photos.example", build: buildInfo.buildId };
    expect(forwarded).toEqual([
      { url: "https://photos.example/contact?photo=portfolio%2Fb2i6", cookie: null, props: origin },
      { url: "https://photos.example/a/b/c", cookie: null, props: origin },
    ]);
  });

  it("passes on only what the site's pages read, so no made-up parameter or header is another page kept", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    for (const [url, headers] of [
      ["https://photos.example/contact?utm_source=news&n=1", {}],
      ["https://photos.example/contact", { "X-Forwarded-Host": "r1.example" }],
      ["https://photos.example/search?x=1&q=fig+tree&q=other", {}],
      ["https://photos.example/post/x?w=640&rect=0,0,10,10&tag=water&zoom=1", {}],
    ] as const) {
      expect(await send(url, { headers })).toBe("PublicSite");
    }
    expect(forwarded.map(({ url, host }) => [url, host])).toEqual([
      ["https://photos.example/contact", undefined],
      ["https://photos.example/contact", undefined],
      ["https://photos.example/search?q=fig+tree", undefined],
      ["https://photos.example/post/x?tag=water&rect=0%2C0%2C10%2C10&w=640", undefined],
    ]);
  });

  it("sends the private app the reads of its pages and every other method", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    for (const [url, method] of [
      ["https://photos.example/_app/hooks/sanity", "POST"],
      ["https://photos.example/_app/preview/enable?x", "GET"],
      ["https://photos.example/contact", "POST"],
      // Before the site's `/:slug`, which would take it; in a further language too.
      ["https://photos.example/cart", "GET"],
      ["https://photos.example/de/cart", "HEAD"],
      ["https://photos.example/rss.xml", "DELETE"],
      // A read of an address only the private app has (a hook's, a form's): its 405 says what
      // it takes, before anything runs.
      ["https://photos.example/_app/hooks/sanity", "GET"],
    ] as const) {
      const init = { method, ...(method === "POST" ? { body: "{}" } : {}) };
      expect(await send(url, init), `${method} ${url}`).toBe("the private app");
    }
    expect(forwarded).toEqual([]);
  });

  it("never sends the owner's preview to the cached entrypoint", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    const previewEnv = { ...env, SANITY_TOKEN: "a-read-token" };
    const cookie = (await previewCookie(previewEnv.SANITY_TOKEN)).split(";")[0] ?? "";
    const page = "https://photos.example/post/x";
    expect(await send(page, { headers: { Cookie: cookie } }, previewEnv)).toBe("the preview");
    expect(forwarded).toEqual([]);
    // Without the cookie (or with one signed by another key) the page goes through the cache.
    expect(await send(page, { headers: { Cookie: cookie } })).toBe("PublicSite");
    expect(await send(page, {}, previewEnv)).toBe("PublicSite");
  });

  it("answers page views with the site itself where there is no cached entrypoint (tests, some runners)", async () => {
    const { forwarded, send, ctx } = gatewayWithStandIns();
    const withoutExports = { ...ctx, exports: undefined } as unknown as ExecutionContext;
    expect(await send("https://photos.example/contact", {}, env, withoutExports)).toBe("the site");
    expect(forwarded).toEqual([]);
  });
});

import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createGateway } from "./gateway.ts";
import { previewCookie } from "./preview/cookie.ts";
import type { AppEnv } from "./request/app-env.ts";

// The gateway's module test. The gateway's one decision is whether a request goes on to the
// cached entrypoint (ctx.exports.PublicSite) or is answered by its own app, so this is the one
// test that builds its own execution context: a stand-in PublicSite in a fake `ctx.exports`
// records what reached it, which the runtime's real one (the whole worker behind Workers
// Cache) would not show. Whole-worker tests go through tests/worker/harness.ts instead.

/** The gateway in front of a stand-in app and a stand-in PublicSite that records what reached it. */
function gatewayWithStandIns() {
  const forwarded: { url: string; cookie: string | null; props: unknown }[] = [];
  const app = new Hono<AppEnv>();
  app.all("*", (c) => c.text("answered by the app"));
  const publicSite = (options: { props: unknown }) => ({
    fetch: (request: Request) => {
      forwarded.push({
        url: request.url,
        cookie: request.headers.get("Cookie"),
        props: options.props,
      });
      return Promise.resolve(new Response("answered by PublicSite"));
    },
  });
  const ctx = {
    waitUntil: () => {},
    passThroughOnException: () => {},
    props: {},
    exports: { PublicSite: publicSite },
  } as unknown as ExecutionContext;
  const gateway = createGateway(app);
  const send = async (
    url: string,
    init: RequestInit = {},
    sendEnv: Env = env,
    sendCtx: ExecutionContext = ctx,
  ) => (await gateway.fetch(new Request(url, init), sendEnv, sendCtx)).text();
  return { forwarded, send, ctx };
}

describe("createGateway", () => {
  it("hands public page views to the cached entrypoint, without cookies, keyed by origin", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    expect(
      await send("https://photos.example/contact?x=1", {
        headers: { Cookie: "theme=dark", Authorization: "Bearer x" },
      }),
    ).toBe("answered by PublicSite");
    expect(forwarded).toEqual([
      {
        url: "https://photos.example/contact?x=1",
        cookie: null,
        props: { origin: "https://photos.example" },
      },
    ]);
  });

  it("answers the webhook, the preview switches and other methods itself", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    for (const [url, method] of [
      ["https://photos.example/_app/hooks/sanity", "POST"],
      ["https://photos.example/_app/preview/enable?x", "GET"],
      ["https://photos.example/_app/preview/disable", "GET"],
      ["https://photos.example/contact", "POST"],
    ] as const) {
      expect(await send(url, { method, ...(method === "POST" ? { body: "{}" } : {}) })).toBe(
        "answered by the app",
      );
    }
    expect(forwarded).toEqual([]);
  });

  it("never sends the owner's preview to the cached entrypoint", async () => {
    const { forwarded, send } = gatewayWithStandIns();
    const previewEnv = { ...env, SANITY_TOKEN: "a-read-token" };
    const cookie = (await previewCookie(previewEnv.SANITY_TOKEN)).split(";")[0] ?? "";
    const page = "https://photos.example/post/x";
    expect(await send(page, { headers: { Cookie: cookie } }, previewEnv)).toBe(
      "answered by the app",
    );
    expect(forwarded).toEqual([]);
    // Without the cookie (or with one signed by another key) the page goes through the cache.
    expect(await send(page, { headers: { Cookie: cookie } })).toBe("answered by PublicSite");
    expect(await send(page, {}, previewEnv)).toBe("answered by PublicSite");
  });

  it("answers page views itself where there is no cached entrypoint (tests, some runners)", async () => {
    const { forwarded, send, ctx } = gatewayWithStandIns();
    const withoutExports = { ...ctx, exports: undefined } as unknown as ExecutionContext;
    expect(await send("https://photos.example/contact", {}, env, withoutExports)).toBe(
      "answered by the app",
    );
    expect(forwarded).toEqual([]);
  });
});

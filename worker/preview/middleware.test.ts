import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../config/middleware.ts";
import type { AppEnv } from "../request/app-env.ts";
import { inPreview, PREVIEW_COOKIE, previewCookie } from "./cookie.ts";
import { previewMode } from "./middleware.ts";

const TOKEN = "a-read-token";
const tokenEnv: Env = { ...env, SANITY_TOKEN: TOKEN };

/** The middleware alone in front of a page that says whether it runs in preview. */
const app = new Hono<AppEnv>();
app.use(configure);
app.use(previewMode);
app.get("/page", (c) =>
  c.text(`preview: ${c.get("preview")}`, 200, {
    // What the public site's own middlewares put on a page.
    "Cache-Control": "no-cache",
    "Cloudflare-CDN-Cache-Control": "public, max-age=86400",
    "Cache-Tag": "post:x,settings",
    "X-Frame-Options": "DENY",
    "X-Request-Id": "r-1",
  }),
);
app.get("/missing", (c) => c.text("not here", 404, { "Cache-Tag": "post:y" }));

/** The name=value part of a Set-Cookie value, as a browser sends it back. */
const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

const send = (path: string) => app.request(path, {}, tokenEnv);

describe("previewMode", () => {
  it("marks the request as preview and makes the answer private, unindexed and frameable", async () => {
    const res = await send("/page");
    expect(await res.text()).toBe("preview: true");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(res.headers.has("Cloudflare-CDN-Cache-Control")).toBe(false);
    expect(res.headers.has("Cache-Tag")).toBe(false);
    expect(res.headers.has("X-Frame-Options")).toBe(false);
    // Headers it has no business with stay.
    expect(res.headers.get("X-Request-Id")).toBe("r-1");
  });

  it("has the last word on error answers in preview too", async () => {
    const res = await send("/missing");
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.has("Cache-Tag")).toBe(false);
  });
});

// The gateway sends the draft preview only requests with a genuine cookie (gateway.test.ts).
describe("inPreview", () => {
  it("recognises a genuine preview cookie among others", async () => {
    const cookie = sentBack(await previewCookie(TOKEN));
    expect(await inPreview(`theme=dark; ${cookie}`, TOKEN)).toBe(true);
    expect(await inPreview("theme=dark", TOKEN)).toBe(false);
    expect(await inPreview(null, TOKEN)).toBe(false);
  });

  it.each([
    ["an expired cookie", async () => sentBack(await previewCookie(TOKEN, Date.now() - 7_200_000))],
    [
      "a cookie signed with another token",
      async () => sentBack(await previewCookie("another-token")),
    ],
    [
      "a cookie whose expiry was changed",
      async () => {
        const genuine = sentBack(await previewCookie(TOKEN));
        return genuine.replace(/=\d+\./, `=${Math.floor(Date.now() / 1000) + 999_999}.`);
      },
    ],
    ["an unsigned cookie", async () => `${PREVIEW_COOKIE}=99999999999`],
    ["an empty cookie", async () => `${PREVIEW_COOKIE}=`],
  ])("is not fooled by %s", async (_, cookie) => {
    expect(await inPreview(await cookie(), TOKEN)).toBe(false);
  });

  it("knows no preview on a site without a token, whatever the cookie", async () => {
    const cookie = sentBack(await previewCookie(TOKEN));
    expect(await inPreview(cookie, undefined)).toBe(false);
  });
});

import { env } from "cloudflare:workers";
import { buildInfo } from "virtual:build-info";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { cspDirective, securityHeaderProblems } from "../../../tests/support/security-headers.ts";
import { configure } from "../../config/middleware.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { securityHeaders } from "./index.ts";

/** The middleware alone; `?preview` marks the answer as one the Studio may frame. */
const app = new Hono<AppEnv>();
app.use(configure);
app.use(async (c, next) => {
  c.set("framedByStudio", c.req.query("preview") !== undefined);
  await next();
});
app.use(securityHeaders);
app.get("/page", (c) => c.html("<p>a page</p>"));
app.get("/data.json", (c) => c.json({ ok: true }));
app.get("/broken", () => {
  throw new Error("broken");
});
app.onError((_, c) => c.text("error page", 500));

const send = (path: string, overrides: Partial<Env> = {}) =>
  app.request(path, {}, { ...env, ...overrides });

const csp = (res: Response, directive: string) =>
  cspDirective(res.headers.get("Content-Security-Policy") ?? "", directive);

describe("securityHeaders", () => {
  it.each(["/page", "/data.json", "/broken", "/not-a-route"])(
    "puts every security header on %s",
    async (path) => {
      const res = await send(path);
      expect(securityHeaderProblems(res.headers)).toEqual([]);
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
      expect(res.headers.get("Strict-Transport-Security")).toBe(
        "max-age=63072000; includeSubDomains",
      );
    },
  );

  it("lets scripts run from the site and the head script by its build-time hash, nothing inline", async () => {
    const res = await send("/page");
    expect(buildInfo.headScriptHash).toMatch(/^sha256-[A-Za-z0-9+/=]+$/);
    expect(csp(res, "script-src")).toBe(`'self' '${buildInfo.headScriptHash}'`);
    expect(csp(res, "default-src")).toBe("'self'");
    expect(csp(res, "style-src")).toBe("'self' 'unsafe-inline'");
    expect(csp(res, "form-action")).toBe("'self'");
  });

  it.each([
    ["Sanity's image CDN by default", undefined, "https://cdn.sanity.io"],
    ["the custom API host's origin", "http://127.0.0.1:9999/some/path", "http://127.0.0.1:9999"],
    ["Sanity's image CDN for a host that is no address", "not a url", "https://cdn.sanity.io"],
  ])("allows images from the site, data: URLs and %s", async (_, apiHost, origin) => {
    const res = await send("/page", { SANITY_API_HOST: apiHost });
    expect(csp(res, "img-src")).toBe(`'self' data: ${origin}`);
  });

  it("names every permission the site never asks for", async () => {
    const policy = (await send("/page")).headers.get("Permissions-Policy") ?? "";
    for (const feature of [
      "camera",
      "microphone",
      "geolocation",
      "payment",
      "usb",
      "browsing-topics",
    ]) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it("lets nobody frame a public answer", async () => {
    const res = await send("/page", { SANITY_STUDIO_URL: "https://jane.sanity.studio" });
    expect(csp(res, "frame-ancestors")).toBe("'none'");
  });

  it.each([
    [
      "the Studio named by SANITY_STUDIO_URL",
      "https://jane.sanity.studio/desk",
      "https://jane.sanity.studio",
    ],
    ["a local Studio without it", undefined, "http://localhost:3333"],
  ])("lets %s frame draft preview", async (_, studioUrl, origin) => {
    const res = await send("/page?preview", { SANITY_STUDIO_URL: studioUrl });
    expect(csp(res, "frame-ancestors")).toBe(origin);
  });
});

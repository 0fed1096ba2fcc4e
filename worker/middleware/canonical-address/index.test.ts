import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { configure } from "../../config/middleware.ts";
import type { AppEnv } from "../../request/app-env.ts";
import { canonicalAddress, normalPath } from "./index.ts";

const SITE = "https://photos.example";

const app = new Hono<AppEnv>();

app.use(configure);
app.use(canonicalAddress);
app.all("*", (c) => c.text(`answered on ${new URL(c.req.url).host}`));

/** A request to `url` on a deployed site whose SITE_URL is `siteUrl` (undefined: not set). */
const send = (
  url: string,
  siteUrl: string | undefined,
  init: RequestInit = {},
  environment = "production",
) => app.request(url, init, { ...env, ENVIRONMENT: environment, SITE_URL: siteUrl });

describe("canonicalAddress: one host", () => {
  it("redirects a page on another host to the same path and query on SITE_URL, for good", async () => {
    const res = await send("https://jane.workers.dev/post/x?from=mail", SITE);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${SITE}/post/x?from=mail`);
  });

  it("redirects HEAD as it does GET", async () => {
    const res = await send("https://old.example/contact", SITE, { method: "HEAD" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${SITE}/contact`);
  });

  it("takes only SITE_URL's origin: its path and a trailing slash change nothing", async () => {
    const res = await send("https://old.example/contact", "https://photos.example/blog/");
    expect(res.headers.get("Location")).toBe(`${SITE}/contact`);
  });

  it("keeps a path that looks like another host on the site", async () => {
    const res = await send("https://old.example//evil.example/x", SITE);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "").origin).toBe(SITE);
  });

  it("answers on SITE_URL's own origin", async () => {
    const res = await send(`${SITE}/contact`, SITE);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("answered on photos.example");
  });

  it("treats another scheme or port of the same host as another host", async () => {
    for (const url of ["http://photos.example/a", "https://photos.example:8443/a"]) {
      const res = await send(url, SITE);
      expect(res.status, url).toBe(301);
      expect(res.headers.get("Location"), url).toBe(`${SITE}/a`);
    }
  });

  it.each(["POST", "PUT", "DELETE", "OPTIONS"])(
    "answers %s where it arrives (the publish webhook posts to any host)",
    async (method) => {
      const res = await send("https://jane.workers.dev/_app/hooks/sanity", SITE, { method });
      expect(res.status).toBe(200);
    },
  );

  it.each([
    "http://localhost:8787/contact",
    "http://127.0.0.1/contact",
    "https://jane.workers.dev/",
  ])(
    "answers on a developer's machine (ENVIRONMENT=development) on %s where it arrives",
    async (url) => {
      expect((await send(url, SITE, {}, "development")).status).toBe(200);
    },
  );

  it("redirects a deployed site asked on localhost: the host a request names decides nothing", async () => {
    const res = await send("http://localhost:8787/contact", SITE);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${SITE}/contact`);
  });

  it.each([
    ["unset", undefined],
    ["empty", ""],
    ["blank", "   "],
    ["not an address", "photos.example"],
    ["not a web address", "ftp://photos.example"],
  ])("does nothing while SITE_URL is %s", async (_, siteUrl) => {
    const res = await send("https://jane.workers.dev/contact", siteUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("answered on jane.workers.dev");
  });
});

describe("canonicalAddress: one spelling of each path", () => {
  it("redirects a path spelt with escapes of plain characters to its plain spelling, query kept", async () => {
    const res = await send("http://localhost:8787/post/still-life-on-rainy-day%73?x=1", undefined);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(
      "http://localhost:8787/post/still-life-on-rainy-days?x=1",
    );
  });

  it("redirects lower-case escapes to upper case, and answers the normal spelling itself", async () => {
    const lower = await send("https://photos.example/caf%c3%a9", SITE);
    expect(lower.status).toBe(301);
    expect(lower.headers.get("Location")).toBe(`${SITE}/caf%C3%A9`);
    expect((await send(`${SITE}/caf%C3%A9`, SITE)).status).toBe(200);
  });

  it("goes to SITE_URL and the normal spelling in one redirect", async () => {
    const res = await send("https://jane.workers.dev/%70ortfolio", SITE);
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`${SITE}/portfolio`);
  });

  it("leaves escapes of reserved characters escaped, and other methods alone", async () => {
    expect(normalPath("/a%2fb%3F%25")).toBe("/a%2Fb%3F%25");
    expect(normalPath("/%41%7e%2D%2e_")).toBe("/A~-._");
    expect(normalPath("/%zz%4")).toBe("/%zz%4");
    const post = await send("https://photos.example/contac%74", SITE, { method: "POST" });
    expect(post.status).toBe(200);
  });
});

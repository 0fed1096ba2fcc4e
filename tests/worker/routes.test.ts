import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createPrivateApp, createPublicApp, routedPath } from "../../worker/app.ts";
import { ROUTE_SAMPLES } from "../support/route-samples.ts";
import { ORIGIN, POST_PATH, request, textOf } from "./harness.ts";

describe("routes", () => {
  it("serves the home page with the site title and the layout", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = res.body;
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(textOf(html, "title")).toBe("Jane Doe Photography");
    expect(html).toContain('<meta name="description" content="Capturing moments in time."/>');
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<main[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
  });

  it("serves /{slug} pages with the page title before the site title", async () => {
    const res = await request("/contact");
    expect(res.status).toBe(200);
    expect(textOf(res.body, "title")).toMatch(/ · Jane Doe Photography$/);
  });

  it("serves /post/{slug}", async () => {
    const res = await request(POST_PATH);
    expect(res.status).toBe(200);
    expect(textOf(res.body, "main")).toBeTruthy();
  });

  it("serves /200 as the bare layout with an empty main", async () => {
    const res = await request("/200");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(res.body).toMatch(/<main[^>]*><\/main>/);
    expect(res.body).toMatch(/<footer[\s>]/);
  });

  it("serves /404 as the not-found view with status 404", async () => {
    const res = await request("/404");
    expect(res.status).toBe(404);
    const main = textOf(res.body, "main");
    expect(main).toContain("Page Not Found");
    expect(main).toContain("Page Not Found: /404");
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await request("/contact/");
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", ORIGIN).pathname).toBe("/contact");
  });

  it("redirects any number of trailing slashes there in one step", async () => {
    for (const [path, target] of [
      ["/about//", "/about"],
      ["/de/portfolio///", "/de/portfolio"],
      ["//", "/"],
    ] as const) {
      const res = await request(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("Location"), path).toBe(`${ORIGIN}${target}`);
    }
  });
});

describe("the private side's answers", () => {
  it("keep every cache out, its not-found pages and redirects included", async () => {
    const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 (routes test)";
    for (const path of [
      "/book/held/caeb555b-947f-4683-9c42-d8835283eb00",
      "/book/nope",
      "/order/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/",
      "/unsubscribe/AAAAAAAAAAAAAAAAAAAAAA",
    ]) {
      const res = await request(path, { userAgent: browser });
      expect(res.status, path).toBeGreaterThanOrEqual(300);
      expect(res.headers.get("Cache-Control"), path).toMatch(/private/);
      expect(res.headers.get("Cache-Control"), path).toMatch(/no-store/);
    }
  });
});

describe("the build manifest endpoints", () => {
  it("answers latest.json with the running build, uncached", async () => {
    const res = await request("/_app/builds/latest.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const latest = JSON.parse(res.body) as { id: string; timestamp: number };
    expect(latest.id).toMatch(/^[a-z0-9]+$/);
    expect(typeof latest.timestamp).toBe("number");
    const html = (await request("/")).body;
    expect(html).toContain(`<meta name="build-id" content="${latest.id}"/>`);

    const meta = await request(`/_app/builds/meta/${latest.id}.json`);
    expect(meta.status).toBe(200);
    expect((JSON.parse(meta.body) as { id: string }).id).toBe(latest.id);
    expect((await request("/_app/builds/meta/unknown.json")).status).toBe(404);
  });
});

describe("the layout", () => {
  it("links the brand with an aria-hidden glasses icon and marks the current nav link", async () => {
    const html = (await request("/contact")).body;
    const header = /<header[\s\S]*<\/header>/.exec(html)?.[0] ?? "";
    expect(header).toMatch(
      /<a href="\/"[^>]*><svg[^>]*aria-hidden="true"[\s\S]*?<span>Jane Doe<\/span><\/a>/,
    );
    expect(header).toMatch(/<nav[^>]*>/);
    expect(header).toMatch(/<a href="\/contact" aria-current="page"/);
    expect(header).not.toMatch(/<a href="\/portfolio" aria-current/);
  });

  it("shows the version, the year, imprint, social and mail links in the footer", async () => {
    const html = (await request("/")).body;
    const footer = textOf(html, "footer") ?? "";
    expect(footer).toMatch(/v\d+\.\d+\.\d+/);
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} Jane Doe`);
    expect(html).toMatch(/<a href="\/imprint"/);
    expect(html).toMatch(/<a href="https:\/\/www\.instagram\.com\/"/);
    expect(html).toMatch(/<a href="mailto:jane@example\.com"/);
    expect(html).toContain('data-island="ThemeToggle"');
  });

  it("shows the slideshow toggle only on routes without a slug", async () => {
    for (const path of ["/", "/200", "/404", "/a/b/c"]) {
      expect((await request(path)).body, path).toContain('data-island="SlideshowToggle"');
    }
    for (const path of ["/contact", POST_PATH, "/Not_A_Slug"]) {
      expect((await request(path)).body, path).not.toContain('data-island="SlideshowToggle"');
    }
  });
});

describe("the apps' routes", () => {
  it("have a sample each (tests/support/route-samples.ts), and each sample reaches its route", async () => {
    const site = createPublicApp();
    const patterns = [
      ...new Set(
        [...createPrivateApp(site).routes, ...site.routes]
          .filter((route) => route.method === "GET" || route.method === "ALL")
          .map((route) => route.path)
          .filter((path) => !path.endsWith("*")),
      ),
    ];
    expect(Object.keys(ROUTE_SAMPLES).sort()).toEqual([...patterns].sort());
    // Hono matches each sample against the app's own patterns, in the app's order, as the app
    // does: a further language's address without its prefix.
    const router = new Hono({ getPath: routedPath });
    for (const pattern of patterns) router.get(pattern, (c) => c.text(pattern));
    for (const [pattern, samples] of Object.entries(ROUTE_SAMPLES)) {
      for (const { path } of samples) {
        expect(await (await router.request(path)).text(), path).toBe(pattern);
      }
    }
  });
});

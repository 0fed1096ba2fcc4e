import { describe, expect, it } from "vitest";
import { POST_PATH, request } from "./harness.ts";

// What the HTML and its headers do for the first paint: the browser learns the stylesheet and
// the largest paint's photograph from the headers, starts no script before painting, and
// fetches every other photograph at low priority.

const head = (html: string) => /<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? "";
const imagePreloads = (html: string) =>
  head(html).match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
const images = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe("the first view", () => {
  for (const path of ["/", "/portfolio", POST_PATH, "/portfolio/photo/b2i6", "/archive"]) {
    it(`${path}: no script before the first paint, the stylesheet announced in a Link header`, async () => {
      const res = await request(path);
      expect(res.status).toBe(200);
      const html = res.body;
      // The only scripts are inline (the head script, by its CSP hash, and the JSON-LD data):
      // the client script's address is a meta element the head script reads after painting.
      const external = html.match(/<script[^>]*\bsrc=[^>]*>/g) ?? [];
      expect(external).toEqual([]);
      const entry = /<meta name="entry" content="([^"]+)"\/>/.exec(html)?.[1] ?? "";
      expect(entry).toMatch(/^\/assets\/entry-[\w-]+\.js$/);
      expect(html).not.toContain('rel="modulepreload"');

      const stylesheet = /<link rel="stylesheet" href="([^"]+)"\/>/.exec(html)?.[1] ?? "";
      expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
      const link = res.headers.get("Link") ?? "";
      expect(link).toContain(`<${stylesheet}>; rel=preload; as=style`);
      // The image CDN's connection is opened before the HTML arrives (Early Hints) or while it
      // does.
      const cdn = /<link rel="preconnect" href="(https?:\/\/[^"]+)"\/>/.exec(head(html))?.[1];
      expect(cdn).toBeTruthy();
      expect(link).toContain(`<${cdn}>; rel=preconnect`);
    });
  }

  it("inlines the head script minified, without the comments of its source", async () => {
    const { body } = await request("/");
    const script = /<head>[\s\S]*?<script>([\s\S]*?)<\/script>/.exec(body)?.[1] ?? "";
    // The head script (it starts the client script), on one line and without comments.
    expect(script).toContain('meta[name="entry"]');
    expect(script).not.toContain("\n");
    expect(script).not.toMatch(/\/\/ |\/\*/);
    expect(script.length).toBeLessThan(2048);
  });

  it("preloads the page's own largest-paint photograph, at high priority, and nothing else", async () => {
    // Pages that open with a photograph of their own.
    for (const path of ["/portfolio", POST_PATH]) {
      const res = await request(path);
      // One preload per kind of screen: a dense one takes renditions at a lower quality
      // (they fit in one round trip of a new connection), the others the usual ones.
      const preloads = imagePreloads(res.body);
      expect(preloads, path).toHaveLength(2);
      for (const preload of preloads) expect(preload, path).toMatch(/fetchPriority="high"/i);
      const media = preloads.map((preload) => /media="([^"]+)"/.exec(preload)?.[1]);
      expect(media, path).toEqual([
        "(min-resolution: 1.5dppx)",
        "not all and (min-resolution: 1.5dppx)",
      ]);
      expect(preloads[0], path).toMatch(/q=50&amp;/);
      expect(preloads[1], path).toMatch(/q=75&amp;/);
      // The photograph itself: a picture whose dense-screen source matches the first preload.
      const picture = /<picture[\s\S]*?<\/picture>/.exec(res.body)?.[0] ?? "";
      expect(picture, path).toContain('<source media="(min-resolution: 1.5dppx)"');
      // Of all the page's images, only that one asks for high priority.
      const high = images(res.body).filter((img) => /fetchPriority="high"/i.test(img));
      expect(high, path).toHaveLength(1);
      expect(picture, path).toContain(high[0]);
    }
    // A photograph's own page preloads its photograph, one set of renditions.
    const photo = imagePreloads((await request("/portfolio/photo/b2i6")).body);
    expect(photo).toHaveLength(1);
    expect(photo[0]).toMatch(/fetchPriority="high"/i);
    // The home page's largest paint is its text: the backdrop's photograph (which covers the
    // viewport, so it is never the largest paint) is not preloaded and asks for nothing more.
    const home = (await request("/")).body;
    expect(imagePreloads(home)).toEqual([]);
    expect(images(home).filter((img) => /fetchPriority="high"/i.test(img))).toEqual([]);
  });

  it("keeps the photographs below the first screen lazy, low priority and unrendered until the first paint", async () => {
    const html = (await request("/portfolio")).body;
    // The page's own photographs (the backdrop's is held back as a whole, see backdrop.test.ts).
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
    const lazy = images(main).filter((img) => img.includes('loading="lazy"'));
    expect(lazy.length).toBeGreaterThan(3);
    for (const img of lazy) expect(img).toMatch(/fetchPriority="low"/i);
    // Their figures are marked for the stylesheet's rule that holds them back on a phone.
    const held = main.match(/<figure [^>]*data-after-paint=""[^>]*>/g) ?? [];
    expect(held).toHaveLength(lazy.length);
    // The first photographs are not held back: they are the first screen.
    const firstFigure = /<figure [^>]*>/.exec(main)?.[0] ?? "";
    expect(firstFigure).not.toContain("data-after-paint");
  });
});

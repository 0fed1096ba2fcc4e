import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { captureLogs, faultEnv, NO_IMAGES, POST_PATH, request, setFault } from "./harness.ts";

const slideshowProps = (html: string) => {
  const match = /data-island="Slideshow" data-props="([^"]*)"/.exec(html);
  if (!match?.[1]) return undefined;
  const json = match[1].replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return JSON.parse(json) as {
    interval: number;
    slides: Record<string, unknown>[];
  };
};

const toggleButton = (html: string) => /<button[^>]*aria-label="Slideshow"[^>]*>/.exec(html)?.[0];

describe("the backdrop on the server", () => {
  it("embeds the slideshow and renders the first photograph, which waits for the first paint", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    const html = res.body;
    const props = slideshowProps(html);
    expect(props?.interval).toBe(8000);
    expect(props?.slides.length).toBeGreaterThan(1);
    const first = props?.slides[0] ?? {};
    // The slides are decoration behind the page: no alternative text, hidden from assistive
    // technology, so a screen reader never hears a photograph's name change every few seconds.
    expect(Object.keys(first).sort()).toEqual(
      ["color", "height", "lqip", "src", "srcSet", "width"].sort(),
    );
    const backdrop = /<div[^>]*class="backdrop"[^>]*>/.exec(html)?.[0] ?? "";
    expect(backdrop).toContain('aria-hidden="true"');
    // Never the largest paint (it covers the viewport): held back until the first paint (the
    // head script marks the page painted), its placeholder painted by the backdrop meanwhile.
    expect(backdrop).not.toContain("data-after-paint");
    expect(backdrop).toContain(`--lead-bg:${first.color}`);
    expect(backdrop).toMatch(/--lead-lqip:url\(&quot;data:image\//);
    const img = /<img[^>]*data-slide="0"[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toMatch(/fetchPriority="low"/i);
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('alt=""');
    expect(img).toContain('sizes="100vw"');
    expect(/srcSet="([^"]+)"/.exec(img)?.[1]).toBeTruthy();
    const head = /<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? "";
    expect(head).not.toMatch(/<link rel="preload" as="image"/);
    // There are photographs: nothing says the toggle is unavailable. It is a working button
    // from the first paint (a press before hydration is held and replayed).
    expect(toggleButton(html)).toContain('aria-pressed="false"');
    expect(toggleButton(html)).not.toContain("disabled");
    expect(toggleButton(html)).not.toContain("aria-describedby");
    expect(html).not.toContain("No photographs to show");
  });

  it("leaves the priority to the page's own photograph on pages that open with one", async () => {
    // The post opens with its cover: that is the largest paint, preloaded at high priority;
    // the backdrop's first slide waits for the first paint.
    const html = (await request(POST_PATH)).body;
    const slide = /<img[^>]*data-slide="0"[^>]*>/.exec(html)?.[0] ?? "";
    expect(slide).toMatch(/fetchPriority="low"/i);
    const head = /<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? "";
    // The cover's, for dense screens and for the others (see first-view.test.ts).
    const preloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    const slideSrcSet = /srcSet="([^"]+)"/.exec(slide)?.[1] ?? "";
    for (const preload of preloads) {
      expect(preload).not.toContain(slideSrcSet);
      expect(preload).toMatch(/fetchPriority="high"/i);
    }
  });

  it("shows the backdrop but no toggle on pages with a slug", async () => {
    for (const path of ["/contact", POST_PATH]) {
      const html = (await request(path)).body;
      expect(html, path).toContain('data-island="Slideshow"');
      expect(html, path).not.toContain('data-island="SlideshowToggle"');
    }
  });

  it("takes the crossfade interval from SLIDESHOW_INTERVAL_SECONDS", async () => {
    const res = await request("/200", { env: { ...env, SLIDESHOW_INTERVAL_SECONDS: "5" } });
    expect(slideshowProps(res.body)?.interval).toBe(5000);
  });
});

describe("failing slideshow data never fails a page", () => {
  it("renders without the backdrop, with the toggle disabled, when there are no images", async () => {
    await setFault("empty");
    const logs = captureLogs();
    const res = await request("/200", { env: faultEnv() });
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).not.toContain('class="backdrop"');
    expect(html).not.toContain('data-island="Slideshow"');
    expect(html).not.toContain('rel="preload" as="image"');
    const toggle = toggleButton(html) ?? "";
    expect(toggle).toContain("disabled");
    expect(toggle).toContain('aria-describedby="slideshow-unavailable"');
    expect(html).toContain("No photographs to show");
    expect(logs.messages("error").filter((message) => message === NO_IMAGES)).toHaveLength(1);
  });

  it("renders without the backdrop when the content service fails", async () => {
    await setFault("500");
    const logs = captureLogs();
    const res = await request("/200", { env: faultEnv() });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('class="backdrop"');
    expect(toggleButton(res.body)).toContain("disabled");
    expect(logs.lines("error")).toHaveLength(1);
  });

  it("survives an invalid content configuration", async () => {
    const logs = captureLogs();
    const res = await request("/200", {
      env: faultEnv({ SANITY_DATASET: "Not A Valid Dataset!" }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<footer[\s>]/);
    expect(res.body).not.toContain('class="backdrop"');
    expect(logs.text("warn")).toContain("SANITY_DATASET");
  });
});

import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app.ts";
import { slideshowInterval } from "../../worker/config/slideshow-interval.ts";
import { resetFaults, setFault } from "./content-env.ts";
import { BROWSER_UA, fetchPage } from "./fetch-page.ts";

const NO_IMAGES = "Background images not found for tag: Slideshow Image";

/** The app on the fault stand-in, with a dataset of its own so no other test's cache answers. */
function throughFaults(path: string, dataset: string, vars: Partial<Env> = {}) {
  return createApp().request(
    path,
    { headers: { "User-Agent": BROWSER_UA } },
    { ...env, SANITY_API_HOST: env.FAULT_URL, SANITY_DATASET: dataset, ...vars },
  );
}

/** The `message` of every JSON log line written with console.error. */
const loggedMessages = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((call) => {
    try {
      return (JSON.parse(String(call[0])) as { message?: string }).message;
    } catch {
      return String(call[0]);
    }
  });

const slideshowProps = (html: string) => {
  const match = /data-island="Slideshow" data-props="([^"]*)"/.exec(html);
  if (!match?.[1]) return undefined;
  const json = match[1].replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return JSON.parse(json) as { interval: number; slides: Record<string, unknown>[] };
};

const toggleButton = (html: string) => /<button[^>]*aria-label="Slideshow"[^>]*>/.exec(html)?.[0];

afterEach(async () => {
  vi.restoreAllMocks();
  await resetFaults();
});

describe("the backdrop on the server (S2, L6)", () => {
  it("embeds the slideshow and renders the first photograph as the preloaded LCP image", async () => {
    const res = await fetchPage("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    const props = slideshowProps(html);
    expect(props?.interval).toBe(8000);
    expect(props?.slides.length).toBeGreaterThan(1);
    const first = props?.slides[0] ?? {};
    expect(Object.keys(first).sort()).toEqual(
      ["alt", "color", "height", "lqip", "src", "srcSet", "width"].sort(),
    );
    expect(html).toContain('class="backdrop"');
    const img = /<img[^>]*data-slide="0"[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toMatch(/fetchPriority="high"/i);
    expect(img).toContain('loading="eager"');
    expect(img).toContain('sizes="100vw"');
    const srcSet = /srcSet="([^"]+)"/.exec(img)?.[1];
    expect(srcSet).toBeTruthy();
    const head = /<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? "";
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0] ?? "";
    expect(preload).toContain(`imageSrcSet="${srcSet}"`);
    expect(preload).toContain('imageSizes="100vw"');
    expect(preload).toMatch(/fetchPriority="high"/i);
    // There are photographs: nothing says the toggle is unavailable (it is enabled on hydration).
    expect(toggleButton(html)).toContain('aria-pressed="false"');
    expect(toggleButton(html)).not.toContain("aria-describedby");
    expect(html).not.toContain("No photographs to show");
  });

  it("shows the backdrop but no toggle on pages with a slug", async () => {
    for (const path of ["/contact", "/post/autumn-in-the-basque-mountains"]) {
      const html = await (await fetchPage(path)).text();
      expect(html, path).toContain('data-island="Slideshow"');
      expect(html, path).not.toContain('data-island="SlideshowToggle"');
    }
  });

  it("takes the crossfade interval from SLIDESHOW_INTERVAL_SECONDS", async () => {
    const res = await createApp().request(
      "/200",
      { headers: { "User-Agent": BROWSER_UA } },
      { ...env, SLIDESHOW_INTERVAL_SECONDS: "5" },
    );
    expect(slideshowProps(await res.text())?.interval).toBe(5000);
    expect(slideshowInterval(undefined)).toBe(8000);
    expect(slideshowInterval("")).toBe(8000);
    expect(slideshowInterval("abc")).toBe(8000);
    expect(slideshowInterval("0")).toBe(8000);
    expect(slideshowInterval("12")).toBe(12000);
  });
});

describe("failing slideshow data never fails a page (C2, C6)", () => {
  it("renders without the backdrop, with the toggle disabled, when there are no images", async () => {
    await setFault("empty");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await throughFaults("/200", "backdrop-empty");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('class="backdrop"');
    expect(html).not.toContain('data-island="Slideshow"');
    expect(html).not.toContain('rel="preload" as="image"');
    const toggle = toggleButton(html) ?? "";
    expect(toggle).toContain("disabled");
    expect(toggle).toContain('aria-describedby="slideshow-unavailable"');
    expect(html).toContain("No photographs to show");
    const messages = loggedMessages(error);
    expect(messages.filter((message) => message === NO_IMAGES)).toHaveLength(1);
  });

  it("renders without the backdrop when the content service fails", async () => {
    await setFault("500");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await throughFaults("/200", "backdrop-failing");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('class="backdrop"');
    expect(toggleButton(html)).toContain("disabled");
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("survives an invalid content configuration", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await throughFaults("/200", "Not A Valid Dataset!");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).not.toContain('class="backdrop"');
    expect(warn.mock.calls.map((call) => String(call[0])).join("\n")).toContain("SANITY_DATASET");
  });
});

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, startBrowserSession } from "./chromium.ts";

const { newPage } = startBrowserSession();

const POST = "/post/autumn-in-the-basque-mountains";

const toggleOf = (page: Page) => page.getByRole("button", { name: /slideshow/i });
const currentSlide = (page: Page) =>
  page.locator("[data-backdrop] img[data-current]").getAttribute("data-slide");
const isActive = (page: Page) =>
  page.locator("[data-backdrop] .slides").getAttribute("data-active");

/** Advances the page's fake clock a second at a time (timers, idle callbacks). */
async function tick(page: Page, seconds: number) {
  for (let i = 0; i < seconds; i++) await page.clock.runFor(1_000);
}

describe("the background slideshow", () => {
  it("is inactive in the server HTML and becomes active once the first photograph loads", async () => {
    const page = await newPage();
    const html = await (await page.request.get("/")).text();
    expect(html).toContain('data-active="false"');
    expect(/<button[^>]*aria-label="Slideshow"[^>]*>/.exec(html)?.[0]).toContain(
      'aria-pressed="false"',
    );

    await page.goto("/");
    // The islands hydrate about a second after the page has loaded.
    await hydrated(page);
    const toggle = toggleOf(page);
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await isActive(page)).toBe("true");
    expect(
      await page
        .locator("[data-backdrop] img[data-current]")
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    await page.context().close();
  });

  it("hides the backdrop when turned off, by mouse or keyboard, and keeps the choice across pages", async () => {
    const page = await newPage();
    await page.goto("/");
    await hydrated(page);
    const toggle = toggleOf(page);
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    const backdrop = page.locator("[data-backdrop]");
    expect(await backdrop.isVisible()).toBe(true);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await backdrop.isVisible()).toBe(false);
    // Keyboard: on again with Enter, off again with Space.
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await backdrop.isVisible()).toBe(true);
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");

    // On the next page, record the state when the backdrop is parsed: before any paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector("[data-backdrop]")) return;
        observer.disconnect();
        (window as unknown as { offAtParse: string | undefined }).offAtParse =
          document.documentElement.dataset.slideshow;
      }).observe(document, { childList: true, subtree: true });
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .click();
    await page.waitForURL("**/contact");
    expect(
      await page.evaluate(() => (window as unknown as { offAtParse?: string }).offAtParse),
    ).toBe("off");
    expect(await page.locator("[data-backdrop]").count()).toBe(1);
    expect(await page.locator("[data-backdrop]").isVisible()).toBe(false);
    expect(await page.locator("[data-backdrop] img").first().isVisible()).toBe(false);

    // Back on a page with the toggle, it shows the session's choice.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Home" })
      .click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    expect(await toggleOf(page).getAttribute("aria-pressed")).toBe("false");
    expect(await page.locator("[data-backdrop]").isVisible()).toBe(false);
    await page.context().close();
  });

  it("shows the toggle only on routes without a slug, the backdrop everywhere", async () => {
    const page = await newPage();
    for (const path of ["/contact", POST]) {
      await page.goto(path);
      expect(await page.locator("[data-backdrop]").count(), path).toBe(1);
      expect(await toggleOf(page).count(), path).toBe(0);
    }
    for (const path of ["/", "/200"]) {
      await page.goto(path);
      expect(await toggleOf(page).count(), path).toBe(1);
    }
    await page.context().close();
  });

  it("crossfades to the next photograph and resumes the session's slide on the next page", async () => {
    const page = await newPage({ reducedMotion: "no-preference" });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => isActive(page)).toBe("true");
    expect(await currentSlide(page)).toBe("0");
    // Settle delay (100 ms) plus one interval (8 s), a second at a time.
    let slide = await currentSlide(page);
    for (let second = 0; second < 30 && slide === "0"; second++) {
      await tick(page, 1);
      slide = await currentSlide(page);
    }
    // The crossfade also waits for the next photograph to be fetched and decoded, which takes
    // real time, not the page's clock: on a busy machine, longer than thirty ticks.
    await expect.poll(() => currentSlide(page)).toBe("1");

    // The next page starts on slide 1, painted before the island runs.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        observer.disconnect();
        (window as unknown as { slideAtBody: string | undefined }).slideAtBody =
          document.documentElement.style.getPropertyValue("--slide-src");
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/contact");
    expect(
      await page.evaluate(() => (window as unknown as { slideAtBody?: string }).slideAtBody),
    ).toMatch(/^url\(/);
    await hydrated(page);
    await expect.poll(() => currentSlide(page)).toBe("1");
    await expect
      .poll(() => page.evaluate(() => document.documentElement.hasAttribute("data-slide")))
      .toBe(false);
    await page.context().close();
  });

  it("does not auto-advance when the visitor prefers reduced motion", async () => {
    const page = await newPage({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => isActive(page)).toBe("true");
    for (let second = 0; second < 30; second++) {
      await tick(page, 1);
      expect(await currentSlide(page)).toBe("0");
    }
    await page.context().close();
  });

  it("leaves the backdrop's photograph out of the first paint: not preloaded, lazy, low priority", async () => {
    // A browser does not count an image covering the whole viewport as the largest paint: the
    // backdrop is decoration, and the page's text, stylesheet and own photographs go first.
    const page = await newPage();
    const html = await (await page.request.get("/")).text();
    const img = /<img[^>]*data-slide="0"[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toMatch(/loading="lazy"/);
    expect(img).toMatch(/fetchpriority="low"/i);
    expect(img).toContain('sizes="100vw"');
    expect(/srcSet="([^"]+)"/i.exec(img)?.[1] ?? "").toMatch(/ 320w, /);
    const head = /<head>[\s\S]*<\/head>/.exec(html)?.[0] ?? "";
    expect(head).not.toMatch(/<link rel="preload" as="image"/);
    // Its LQIP and colour paint meanwhile, from the backdrop itself.
    expect(/<div class="backdrop"[^>]*>/.exec(html)?.[0]).toMatch(
      /--lead-lqip:url\(&quot;data:image/,
    );

    // In the browser it is requested once, after the first paint, and shown.
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => isActive(page)).toBe("true");
    const timing = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>("[data-backdrop] img[data-current]");
      const entries = performance.getEntriesByName(img?.currentSrc ?? "");
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        requests: entries.length,
        imageStart: entries[0]?.startTime ?? Number.NaN,
        firstPaint: paint?.startTime ?? Number.NaN,
      };
    });
    expect(timing.requests).toBe(1);
    expect(timing.imageStart).toBeGreaterThan(timing.firstPaint);
    await page.context().close();
  });
});

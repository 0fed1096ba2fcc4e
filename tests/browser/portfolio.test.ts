import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { startBrowserSession } from "./chromium.ts";

const { newPage } = startBrowserSession();

/**
 * The portfolio laid out with its stylesheet, without waiting for the photographs. The page has
 * no parser-blocking script, so DOMContentLoaded can come before the stylesheet has loaded.
 */
async function openForLayout(page: Page) {
  await page.goto("/portfolio", { waitUntil: "domcontentloaded" });
  await page.waitForFunction(
    () => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet != null,
  );
}
const contentOrigin = new URL(inject("contentUrl")).origin;

interface ImageState {
  src: string;
  srcset: string | null;
  width: string | null;
  height: string | null;
  naturalWidth: number;
}

describe("the portfolio in Chromium", () => {
  it("shows the galleries, and every photograph loads from the content service", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto("/portfolio");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Portfolio");
    const galleries = page.locator("main section.gallery");
    expect(await galleries.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("heading", { name: "Landscapes" }).isVisible()).resolves.toBe(true);

    const images = page.locator("main img");
    const count = await images.count();
    expect(count).toBeGreaterThanOrEqual(12);
    // Lazy images load once they come near the viewport: bring each one into view.
    for (let index = 0; index < count; index++) {
      const image = images.nth(index);
      await image.scrollIntoViewIfNeeded();
      await image.evaluate((element: HTMLImageElement) =>
        element.complete && element.naturalWidth > 0
          ? undefined
          : new Promise<void>((resolve, reject) => {
              element.addEventListener("load", () => resolve(), { once: true });
              element.addEventListener("error", () => reject(new Error(element.currentSrc)), {
                once: true,
              });
            }),
      );
    }

    const states: ImageState[] = await images.evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((element) => ({
        src: element.currentSrc,
        srcset: element.getAttribute("srcset"),
        width: element.getAttribute("width"),
        height: element.getAttribute("height"),
        naturalWidth: element.naturalWidth,
      })),
    );
    for (const state of states) {
      expect(state.srcset, state.src).toBeTruthy();
      expect(Number(state.width), state.src).toBeGreaterThan(0);
      expect(Number(state.height), state.src).toBeGreaterThan(0);
      expect(state.naturalWidth, state.src).toBeGreaterThan(0);
      expect(new URL(state.src).origin).toBe(contentOrigin);
    }
    await page.context().close();
  });

  it("keeps every photograph in its own shape, boxed before it loads (no layout shift)", async () => {
    const page = await newPage({ viewport: { width: 1024, height: 800 } });
    // Block the photographs: the reserved boxes must already have their final size.
    await page.route(`${contentOrigin}/images/**`, (route) => route.abort());
    await page.goto("/portfolio");
    const ratios = await page.locator("main img").evaluateAll((elements) =>
      (elements as HTMLImageElement[]).map((element) => {
        const box = element.getBoundingClientRect();
        const attributes =
          Number(element.getAttribute("width")) / Number(element.getAttribute("height"));
        return { drawn: box.width / box.height, attributes, height: box.height };
      }),
    );
    for (const { drawn, attributes, height } of ratios) {
      expect(height).toBeGreaterThan(0);
      expect(Math.abs(drawn - attributes)).toBeLessThan(0.02);
    }
    await page.context().close();
  });

  it("has no horizontal overflow at 320 px and shows one column", async () => {
    const page = await newPage({ viewport: { width: 320, height: 640 } });
    await openForLayout(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // One column: the first two photographs of a gallery sit one above the other.
    const [first, second] = await page
      .locator("main section.gallery")
      .first()
      .locator("img")
      .evaluateAll((elements) =>
        elements.slice(0, 2).map((element) => element.getBoundingClientRect().top),
      );
    expect(second).toBeGreaterThan(first ?? 0);
    await page.context().close();
  });

  it("uses more columns on wide screens", async () => {
    const page = await newPage({ viewport: { width: 2560, height: 1440 } });
    await openForLayout(page);
    const lefts = await page
      .locator("main section.gallery")
      .first()
      .locator("img")
      .evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().left)),
      );
    expect(new Set(lefts).size).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  it("lays every gallery out in full rows of one height, a short last row centred: no holes", async () => {
    const page = await newPage({ viewport: { width: 1440, height: 900 } });
    await openForLayout(page);
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-painting"));
    const galleries = await page.locator("main .gallery-rows").evaluateAll((rows) =>
      rows.map((row) => {
        const box = row.getBoundingClientRect();
        const photos = [...row.querySelectorAll("figure img")].map((img) => {
          const { top, left, right, height } = img.getBoundingClientRect();
          return { top: Math.round(top), left, right, height };
        });
        return { left: box.left, right: box.right, photos };
      }),
    );
    expect(galleries.length).toBeGreaterThanOrEqual(4);
    for (const [index, gallery] of galleries.entries()) {
      const rows = new Map<number, typeof gallery.photos>();
      for (const photo of gallery.photos)
        rows.set(photo.top, [...(rows.get(photo.top) ?? []), photo]);
      const lines = [...rows.values()];
      for (const [at, line] of lines.entries()) {
        const where = `gallery ${index + 1}, row ${at + 1}`;
        const heights = line.map((photo) => photo.height);
        expect(Math.max(...heights) - Math.min(...heights), where).toBeLessThan(2);
        const start = Math.min(...line.map((photo) => photo.left)) - gallery.left;
        const end = gallery.right - Math.max(...line.map((photo) => photo.right));
        if (at < lines.length - 1) {
          // A full row: from edge to edge.
          expect(start, where).toBeLessThan(2);
          expect(end, where).toBeLessThan(2);
        } else {
          // The last row fills the width or sits in the middle of it.
          expect(Math.abs(start - end), where).toBeLessThan(2);
        }
      }
    }
    await page.context().close();
  });
});

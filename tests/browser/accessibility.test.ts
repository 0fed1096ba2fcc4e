import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { axeInViews, axeViolations, noViolations, openInTheme, type Theme } from "./axe.ts";
import { startBrowserSession, VISITOR_UA } from "./chromium.ts";

// WCAG 2.2 AA and axe's best practices on every page type in both themes, on a phone and a
// desktop screen, plus what axe cannot see: the skip
// link, a visible focus indicator on everything focusable, and keyboard-operable toggles.

const { newPage } = startBrowserSession();

// A real 500: the same build with a malformed setting answers every page with the error
// page. The shared site must stay healthy for the other tests, so this one has its own worker.
let broken: RunningSite | undefined;
beforeAll(async () => {
  broken = await startSite({
    isolated: true,
    vars: {
      SANITY_PROJECT_ID: "demo",
      SANITY_DATASET: "Not A Valid Dataset!",
      SANITY_API_HOST: "http://127.0.0.1:9",
    },
  });
}, 60_000);
afterAll(async () => {
  await broken?.close();
});

const PAGES: { name: string; url: () => string; status: number }[] = [
  { name: "home", url: () => "/", status: 200 },
  { name: "content page", url: () => "/contact", status: 200 },
  { name: "portfolio", url: () => "/portfolio", status: 200 },
  { name: "post", url: () => "/post/autumn-in-the-basque-mountains", status: 200 },
  { name: "photo page", url: () => "/portfolio/photo/b2i6", status: 200 },
  { name: "archive", url: () => "/archive", status: 200 },
  { name: "booking's free times", url: () => "/book/portrait", status: 200 },
  { name: "unmatched path (404 in the layout)", url: () => "/a/b/c", status: 404 },
  { name: "failed validity check (fatal 404)", url: () => "/Bad_Slug", status: 404 },
  { name: "error page (500)", url: () => `${broken?.url}/`, status: 500 },
];

/**
 * Runs `use` on a page in the given theme, hydrated, with the slideshow running where there is
 * one; the context is closed however the test ends.
 */
async function visit(
  url: string,
  theme: Theme,
  use: (page: Page) => Promise<void>,
  expectedStatus?: number,
  width = 1280,
): Promise<void> {
  const page = await newPage({
    colorScheme: theme,
    userAgent: VISITOR_UA,
    viewport: { width, height: width < 640 ? 844 : 800 },
  });
  try {
    await openInTheme(page, url, theme, expectedStatus);
    await use(page);
  } finally {
    await page.context().close();
  }
}

describe("axe: WCAG 2.2 AA and best practices on every page type, light and dark, 390 and 1280 px", () => {
  it("finds what it is there to find: a photograph without a text alternative, grey on grey, and again after a second look", async () => {
    const page = await newPage();
    try {
      await page.setContent(
        '<!doctype html><html lang="en"><title>t</title><main><h1>t</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1"><p style="color:#999;background:#aaa">Low</p></main></html>',
      );
      const first = await axeViolations(page);
      expect(first.map((line) => line.split(" ")[0]).sort()).toEqual([
        "color-contrast",
        "image-alt",
      ]);
      // The engine stays in the page for its next view: the second check sees the page as it is then.
      await page.locator("img").evaluate((image) => image.setAttribute("alt", "A photograph"));
      expect((await axeViolations(page)).map((line) => line.split(" ")[0])).toEqual([
        "color-contrast",
      ]);
    } finally {
      await page.context().close();
    }
  });

  for (const { name, url, status } of PAGES) {
    it(name, async () => {
      const page = await newPage({ userAgent: VISITOR_UA, viewport: { width: 390, height: 844 } });
      try {
        await openInTheme(page, url(), undefined, status);
        expect(await axeInViews(page)).toEqual(noViolations());
      } finally {
        await page.context().close();
      }
    });
  }
});

interface FocusStop {
  element: string;
  visible: boolean;
  style: string;
}

/** Tabs through the whole page and records, for each stop, whether a focus indicator shows. */
async function tabThrough(page: Page, limit = 80): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || el === document.documentElement) return null;
      const style = getComputedStyle(el);
      const alpha = (color: string) => {
        const parts = /rgba?\(([^)]+)\)/
          .exec(color)?.[1]
          ?.split(/[\s,/]+/)
          .filter(Boolean);
        if (parts) return parts.length > 3 ? Number(parts[3]) : 1;
        return color === "transparent" ? 0 : 1;
      };
      const outline =
        style.outlineStyle !== "none" &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        alpha(style.outlineColor) > 0;
      const ring = style.boxShadow !== "none" && style.boxShadow !== "";
      const label =
        el.getAttribute("aria-label") ??
        el.textContent?.trim().slice(0, 40) ??
        el.getAttribute("href") ??
        "";
      return {
        element: `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> ${label}`,
        visible: outline || ring,
        style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
      };
    });
    if (!stop) break;
    if (stops.length > 0 && stops[0]?.element === stop.element) break;
    stops.push(stop);
  }
  return stops;
}

describe("keyboard", () => {
  it("the first Tab reaches a visible skip link, and Enter moves focus to the main content", async () => {
    await visit("/portfolio", "light", async (page) => {
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = await skip.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(20);
      expect(box?.height ?? 0).toBeGreaterThan(10);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "main");
      // The next Tab continues inside the main content, not back at the header.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("main, footer"))).toBe(
        true,
      );
    });
  });

  for (const [path, theme] of [
    ["/", "light"],
    ["/", "dark"],
    ["/post/autumn-in-the-basque-mountains", "light"],
    ["/portfolio", "dark"],
    ["/a/b/c", "light"],
  ] as const) {
    it(`shows a focus indicator on every focusable element: ${path}, ${theme}`, async () => {
      await visit(path, theme, async (page) => {
        const stops = await tabThrough(page);
        // At least the skip link, the brand, the three navigation links and the footer's links and toggle.
        expect(stops.length).toBeGreaterThanOrEqual(9);
        expect(
          stops.filter((stop) => !stop.visible).map((stop) => `${stop.element} — ${stop.style}`),
        ).toEqual([]);
      });
    });
  }

  it("the theme toggle works with Enter and Space", async () => {
    await visit("/contact", "light", async (page) => {
      const toggle = page.getByRole("button", { name: /^Switch to (light|dark) theme$/ });
      await toggle.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        true,
      );
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        false,
      );
    });
  });

  it("the slideshow toggle works with Enter and Space", async () => {
    await visit("/", "light", async (page) => {
      const toggle = page.getByRole("button", { name: /slideshow/i });
      await expect
        .poll(() => toggle.isEnabled(), {
          timeout: 10_000,
          message: "the slideshow toggle becomes operable",
        })
        .toBe(true);
      const pressed = () => toggle.getAttribute("aria-pressed");
      const before = await pressed();
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect.poll(pressed).not.toBe(before);
      await page.keyboard.press("Space");
      await expect.poll(pressed).toBe(before);
    });
  });
});

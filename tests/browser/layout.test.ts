import { describe, expect, it } from "vitest";
import { startBrowserSession } from "./chromium.ts";

const { newPage } = startBrowserSession();

describe("the layout in Chromium", () => {
  it("shows the header with the brand link and the navigation", async () => {
    const page = await newPage();
    await page.goto("/portfolio");
    const brand = page.locator("header a[href='/']").first();
    expect(await brand.textContent()).toBe("Jane Doe");
    expect(await brand.locator("svg").getAttribute("aria-hidden")).toBe("true");
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual([
      "Home",
      "Contact",
      "Portfolio",
      "Photos",
      "Book",
    ]);
    // Search sits beside the navigation, not in it: a link to the search page.
    expect(await page.locator("header a[data-search-open]").getAttribute("href")).toBe("/search");
    expect(await nav.getByRole("link", { name: "Portfolio" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(await page.locator("main").count()).toBe(1);
    await page.context().close();
  });

  it("shows the slideshow's photograph on a phone's first screen, under a header of two rows", async () => {
    const page = await newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto("/");
    const header = await page.locator("body > div > header, header").first().boundingBox();
    const intro = await page.locator(".home-intro").boundingBox();
    // Two rows: the brand with search and languages, then the navigation.
    expect(header?.height).toBeLessThanOrEqual(96);
    // The introduction begins below the middle of the first screen: the photograph is above it.
    expect(intro?.y).toBeGreaterThan(844 * 0.45);
    expect(intro?.y).toBeLessThan(844 * 0.75);
    // Turned off, the slideshow leaves no empty space: the introduction comes first.
    await page.getByRole("button", { name: "Slideshow" }).click();
    await expect
      .poll(async () => (await page.locator(".home-intro").boundingBox())?.y)
      .toBeLessThan(200);
    await page.context().close();
  });

  it("paints no frame of the backdrop without the page: it comes after the page, below it", async () => {
    const page = await newPage();
    for (const path of ["/", "/portfolio", "/photos", "/contact"]) {
      await page.goto(path);
      const order = await page.evaluate(() => {
        const backdrop = document.querySelector(".backdrop");
        const followedBy = (node: Element | null) =>
          !!node &&
          !!backdrop &&
          (node.compareDocumentPosition(backdrop) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        // The page's middle, as the visitor sees it: the page's own content, not the backdrop.
        const top = document.elementFromPoint(innerWidth / 2, 20);
        return {
          afterHeader: followedBy(document.querySelector("body header")),
          afterFooter: followedBy(document.querySelector("body footer")),
          headerOnTop: !!top?.closest("header"),
        };
      });
      expect(order, path).toEqual({ afterHeader: true, afterFooter: true, headerOnTop: true });
    }
    await page.context().close();
  });

  it("shows the footer items in order", async () => {
    const page = await newPage();
    await page.goto("/");
    const footer = page.locator("footer");
    const text = (await footer.textContent()) ?? "";
    // The site's year is UTC's (render-html.tsx), whatever this machine's time zone.
    const year = new Date().getUTCFullYear();
    const order = [
      /v\d+\.\d+\.\d+/,
      new RegExp(`© ${year} Jane Doe`),
      /Imprint/,
      /Instagram/,
      /jane@example\.com/,
    ];
    let last = -1;
    for (const pattern of order) {
      const at = text.search(pattern);
      expect(at, String(pattern)).toBeGreaterThan(last);
      last = at;
    }
    expect(await footer.getByRole("link", { name: "Imprint" }).getAttribute("href")).toBe(
      "/imprint",
    );
    expect(await footer.getByRole("link", { name: /jane@example\.com/ }).getAttribute("href")).toBe(
      "mailto:jane@example.com",
    );
    await expect(footer.getByRole("button", { name: /theme/ }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("has a skip link that moves focus to the main content", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => location.hash === "#main");
    await page.context().close();
  });
});

describe("the theme toggle", () => {
  it("switches between light and dark and names the theme it switches to", async () => {
    const page = await newPage({ colorScheme: "light" });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Switch to dark theme" });
    await toggle.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      false,
    );
    await toggle.click();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBe("dark");
    await page.context().close();
  });

  it("follows the system preference by default", async () => {
    const page = await newPage({ colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBeNull();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
      true,
    );
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await page.context().close();
  });

  it("follows the system's dark theme, and switches, where storage is blocked", async () => {
    const page = await newPage({ colorScheme: "dark" });
    // A privacy mode that blocks site data: reading localStorage throws.
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await page.goto("/");
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await dark()).toBe(true);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await dark()).toBe(false);
    await page.context().close();
  });

  it("persists across reloads and applies dark before the first paint", async () => {
    const page = await newPage({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();

    // Record the theme at the moment <body> is parsed: that is before anything can paint.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        observer.disconnect();
        const state = window as unknown as { themeAtBody: string };
        state.themeAtBody = document.documentElement.className;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
    ).toContain("dark");
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await page.context().close();
  });

  it("works from the keyboard", async () => {
    const page = await newPage({ colorScheme: "light" });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Switch to dark theme" });
    await toggle.waitFor();
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBe("light");
    await page.context().close();
  });
});

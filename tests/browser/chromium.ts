import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/chromium.ts";

/** Headless Chromium calls itself HeadlessChrome, which isbot rightly takes for a bot. */
export const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * Waits until the client script has run and hydrated the islands (it starts after the first
 * paint, possibly after the load event): the theme toggle then names the theme it switches
 * to, which the server cannot know.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.getByRole("button", { name: /^Switch to (light|dark) theme$/ }).waitFor();
}

/** One browser per test file; a fresh context (cookies, storage) per call of `newPage`. */
export function startBrowserSession() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const siteUrl = inject("siteUrl");
  async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
    if (!browser) throw new Error("The browser is not running");
    const context = await browser.newContext({ baseURL: siteUrl, ...options });
    return context.newPage();
  }
  /** Runs `use` on a visitor's fresh page (its own context), closed however the test ends. */
  async function withPage(
    options: BrowserContextOptions,
    use: (page: Page) => Promise<void>,
  ): Promise<void> {
    const page = await newPage({ userAgent: VISITOR_UA, ...options });
    try {
      await use(page);
    } finally {
      await page.context().close();
    }
  }
  return { siteUrl, newPage, withPage };
}

import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/chromium.ts";

/** Headless Chromium calls itself HeadlessChrome, which isbot rightly takes for a bot. */
export const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * Waits until the client script has run and every island of the page is live: they hydrate
 * about a second after the page has loaded (or at once when the visitor reaches for a toggle).
 * The theme toggle then names the theme it switches to, which the server cannot know, and the
 * loader marks each hydrated island's marker `data-live`.
 */
export async function hydrated(page: Page): Promise<void> {
  // In the page's language: the toggle's name is no longer the one the server gave it.
  await page.waitForFunction(() => {
    const island = document.querySelector('[data-island="ThemeToggle"]');
    const name = island?.querySelector("button")?.getAttribute("aria-label");
    const props = JSON.parse(island?.getAttribute("data-props") ?? "{}");
    return typeof name === "string" && name !== props.labels?.unknown;
  });
  await page.waitForFunction(() => !document.querySelector("[data-island]:not([data-live])"));
}

/**
 * Waits until the client script runs, without waiting for the islands to hydrate on their own:
 * the theme toggle, reached for (focus is intent), hydrates at once and then names the theme it
 * switches to. Focus is moved to it again until then: the first time may come before the
 * script is there to see it.
 */
export async function clientRunning(page: Page): Promise<void> {
  const toggle = page.locator('[data-island="ThemeToggle"] button');
  for (let attempt = 0; ; attempt++) {
    await toggle.focus();
    const live = await page
      .locator('[data-island="ThemeToggle"][data-live]')
      .waitFor({ state: "attached", timeout: 500 })
      .then(
        () => true,
        () => false,
      );
    if (live) break;
    if (attempt >= 20) throw new Error("The client script did not start");
    await toggle.blur();
  }
}

/**
 * One browser per test file; a fresh context (cookies, storage) per call of `newPage`. With
 * `visitorsFrom` (the first three parts of an IPv4 address), each `withPage` is a visitor with an
 * address of their own (CF-Connecting-IP, which the local server passes on), so a per-visitor rate
 * limit is never the one 127.0.0.1 shares.
 */
export function startBrowserSession({ visitorsFrom }: { visitorsFrom?: string } = {}) {
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
    // Reduced motion unless a test asks for motion: the slideshow's crossfades and the view
    // transitions otherwise repaint the whole screen, without a GPU, for as long as a page is
    // open, which was most of the browser's CPU in a suite that mostly waits on open pages.
    const context = await browser.newContext({
      baseURL: siteUrl,
      reducedMotion: "reduce",
      ...options,
    });
    return context.newPage();
  }
  let visitors = 0;
  /** Runs `use` on a visitor's fresh page (its own context), closed however the test ends. */
  async function withPage(
    options: BrowserContextOptions,
    use: (page: Page) => Promise<void>,
  ): Promise<void> {
    visitors += 1;
    const address = visitorsFrom
      ? { extraHTTPHeaders: { "CF-Connecting-IP": `${visitorsFrom}.${visitors}` } }
      : {};
    const page = await newPage({ userAgent: VISITOR_UA, ...address, ...options });
    try {
      await use(page);
    } finally {
      await page.context().close();
    }
  }
  return { siteUrl, newPage, withPage };
}

import { existsSync } from "node:fs";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

/** Headless Chromium calls itself HeadlessChrome, which isbot (E3) rightly takes for a bot. */
export const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

// Flags for a sandboxed, offline machine: no GPU, no QUIC, no calls home.
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** CHROME_PATH, Debian's chromium, or a browser Playwright installed; otherwise a clear failure. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) " +
        "or point CHROME_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

/** One browser per test file; a fresh context (cookies, storage) per call of `newPage`. */
export function startBrowserSession() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const siteUrl = inject("siteUrl");
  return {
    siteUrl,
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error("The browser is not running");
      const context = await browser.newContext({ baseURL: siteUrl, ...options });
      return context.newPage();
    },
  };
}

// The Chromium that the browser tests and the benchmark drive, with the flags this kind of
// sandboxed, offline machine needs (no GPU, no QUIC, no calls home).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export const CHROMIUM_FLAGS = [
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
      "No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) " +
        "or point CHROME_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

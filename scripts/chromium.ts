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

/**
 * CHROME_PATH, Debian's Chromium, or a browser Playwright installed; otherwise a clear failure.
 * Debian's headless shell (`chromium-headless-shell`: the same Blink and V8 without the desktop
 * browser around them, what Playwright itself runs for headless pages) comes first where it is
 * installed: each page it opens costs a tenth of the CPU (0.1 s against 1.3 s for a blank page's
 * context, renderer start and close), which is most of the browser suite's time on two cores.
 * `full` asks for the desktop browser, as Lighthouse measures what visitors run.
 */
export function chromiumPath({ full = false } = {}): string {
  const candidates = [
    process.env.CHROME_PATH,
    ...(full ? [] : ["/usr/bin/chromium-headless-shell"]),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium chromium-headless-shell`) " +
        "or point CHROME_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

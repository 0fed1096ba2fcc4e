// Chromium for the byte recording and lighthouse: the same binary and offline flags as the
// browser tests.
import { existsSync } from "node:fs";

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

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((path): path is string => !!path && existsSync(path));
  if (!found) {
    throw new Error(
      "No Chromium found: install one (`sudo apt-get install -y chromium`) or set CHROME_PATH.",
    );
  }
  return found;
}

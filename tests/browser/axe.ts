import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { hydrated } from "./chromium.ts";

// What the accessibility checks share: the axe rule set, the two themes, and how a page is
// opened in one of them.

/** WCAG 2.2 AA and axe's best practices (landmarks, headings, regions). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** A phone and a desktop screen. */
export const WIDTHS = [390, 1280] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Opens `url` in the given theme and waits until it is hydrated, with the slideshow running
 * where there is one.
 */
export async function openInTheme(page: Page, url: string, theme: Theme, expectedStatus?: number) {
  // The preference itself, not only the system setting, so the head script has no doubt.
  await page.addInitScript((mode) => {
    try {
      localStorage.setItem("color-mode", mode);
    } catch {
      // about:blank has no storage.
    }
  }, theme);
  const res = await page.goto(url);
  if (expectedStatus !== undefined) expect(res?.status()).toBe(expectedStatus);
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
    theme === "dark",
  );
  // The slideshow turns itself on once its photographs have loaded; test the page that way.
  if ((await page.locator("[data-island='Slideshow']").count()) > 0) {
    await page
      .locator("[data-island='Slideshow'] [data-active='true']")
      .waitFor({ state: "attached", timeout: 10_000 });
  }
}

/**
 * axe's findings on the page as it is now, one readable line each (none: an empty list): the
 * rule set above, or with "all" every rule axe runs by default.
 */
export async function axeViolations(page: Page, rules: "all" | "tags" = "tags"): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules === "all" ? builder : builder.withTags(AXE_TAGS)).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 4)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}

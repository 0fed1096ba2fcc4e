import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { clientRunning, hydrated } from "./chromium.ts";

// What the accessibility checks share: the axe rule set, the two themes, and how a page is
// opened in one of them.

/** WCAG 2.2 AA and axe's best practices (landmarks, headings, regions). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/** A phone and a desktop screen. */
export const WIDTHS = [390, 1280] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** A theme at a width: what a visitor's screen shows of a page. */
export interface View {
  theme: Theme;
  width: number;
}
/** Both themes at both widths. */
export const VIEWS: readonly View[] = WIDTHS.flatMap((width) =>
  THEMES.map((theme) => ({ theme, width })),
);

/** Both themes at one width. */
export const themesAt = (width: number): View[] => THEMES.map((theme) => ({ theme, width }));

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

/**
 * Opens `url` and waits until it is hydrated, with the slideshow running where there is one. In
 * `theme`, the visitor's own choice; without one, the colour mode stays "system", so `showAs`
 * can switch the page's theme the way a visitor's system does.
 */
export async function openInTheme(page: Page, url: string, theme?: Theme, expectedStatus?: number) {
  if (theme) {
    // The preference itself, not only the system setting, so the head script has no doubt.
    await page.addInitScript((mode) => {
      try {
        localStorage.setItem("color-mode", mode);
      } catch {
        // about:blank has no storage.
      }
    }, theme);
  }
  const res = await page.goto(url);
  if (expectedStatus !== undefined) expect(res?.status()).toBe(expectedStatus);
  await hydrated(page);
  if (theme) expect(await isDark(page)).toBe(theme === "dark");
  // The slideshow turns itself on once its photographs have loaded; test the page that way.
  if ((await page.locator("[data-island='Slideshow']").count()) > 0) {
    await page
      .locator("[data-island='Slideshow'] [data-active='true']")
      .waitFor({ state: "attached", timeout: 10_000 });
  }
}

/**
 * Shows the open page in `view` without reloading it: the viewport takes the width, and the
 * system's colour scheme the theme, which the theme toggle follows live while the visitor's
 * colour mode is "system" (the toggle is made live first, by focus, should it not be yet).
 * Returns once the page has settled in it, with no colour transition under way.
 */
export async function showAs(page: Page, { theme, width }: View): Promise<void> {
  await page.setViewportSize({ width, height: width < 640 ? 844 : 800 });
  if ((await page.locator("[data-island='ThemeToggle']:not([data-live])").count()) > 0) {
    await clientRunning(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains("dark") === dark,
    theme === "dark",
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe's findings (see `axeViolations`) on the open page in each of `views`, shown in turn by
 * `showAs`: one page load for all of them. Keyed "light 390" and so on; a page without a finding
 * gives `noViolations(views)`.
 */
export async function axeInViews(
  page: Page,
  { views = VIEWS, rules = "tags" }: { views?: readonly View[]; rules?: "all" | "tags" } = {},
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const view of views) {
    await showAs(page, view);
    found[`${view.theme} ${view.width}`] = await axeViolations(page, rules);
  }
  return found;
}

/** What `axeInViews` gives for a page without a finding. */
export const noViolations = (views: readonly View[] = VIEWS) =>
  Object.fromEntries(views.map(({ theme, width }) => [`${theme} ${width}`, []]));

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe's findings on the page as it is now, one readable line each (none: an empty list): the
 * rule set above, or with "all" every rule axe runs by default.
 *
 * axe-core's engine is put into a page once and kept for each of its views. @axe-core/playwright
 * sends the 500 KB source again on every check and gathers the results in a blank page of its
 * own: on the accessibility file, 31 s of Chromium's CPU against 22 s this way, for the same
 * rules. Its reach into frames is not needed: the site's pages have none (only Turnstile's
 * widget, which is off in tests).
 */
export async function axeViolations(page: Page, rules: "all" | "tags" = "tags"): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(
    async (tags) => {
      if (!window.axe) throw new Error("axe-core is not in the page");
      const { violations } = await window.axe.run(document, {
        ...(tags ? { runOnly: { type: "tag", values: tags } } : {}),
        resultTypes: ["violations"],
      });
      return violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
            .slice(0, 4)
            .map((node) => node.target.join(" "))
            .join(" | ")}`,
      );
    },
    rules === "all" ? null : AXE_TAGS,
  );
}

import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutate, sendSanityWebhook } from "../../demo/publish.ts";
import { createDemoGallery } from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import { translator } from "../../worker/i18n/translator.ts";
import { axeViolations, openInTheme, THEMES } from "./axe.ts";
import { chooseAs } from "./choosing.ts";
import { hydrated, startBrowserSession } from "./chromium.ts";

// The site in German and in Arabic, operated in Chromium with the keyboard and the pointer: the
// photo viewer, the search dialog, the contact form and a client gallery, and axe on them in
// both themes. The demo speaks English and German (German at /de/…); a client gallery is in the
// site's own language, so the owner then makes German the site's language, and then Arabic
// (Site settings → Language of the site, published). A site of its own, as this file changes
// its settings. Words are looked up in the site's catalogues, so a test reads what a visitor
// reads in that language.

const session = startBrowserSession({ visitorsFrom: "198.51.100" });

let site: RunningSite | undefined;
let gallery: { path: string; password: string } | undefined;
beforeAll(async () => {
  site = await startSite({ isolated: true });
  const made = await createDemoGallery(site, site.url, "delivered");
  gallery = { path: `/g/${made.id}`, password: made.password };
}, 90_000);
afterAll(async () => {
  await site?.close();
});

/** The owner sets the site's language in the Studio and publishes. */
async function publishSiteLanguage(language: Language): Promise<void> {
  if (!site) throw new Error("The site is not running");
  await mutate(site.content?.url as string, site.vars.SANITY_TOKEN as string, [
    { patch: { id: "siteSettings", set: { language } } },
  ]);
  const hook = await sendSanityWebhook({
    siteUrl: site.url,
    secret: site.vars.SANITY_WEBHOOK_SECRET as string,
    body: { _id: "siteSettings", _type: "siteSettings", operation: "update" },
  });
  expect(hook.status).toBe(200);
}

/** A visitor of their own on this file's site. */
const withPage = (options: BrowserContextOptions, use: (page: Page) => Promise<void>) =>
  session.withPage({ baseURL: site?.url, ...options }, use);

const viewer = (page: Page) => page.locator("dialog.photo-viewer");
const search = (page: Page) => page.locator("dialog.search-dialog");
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const pathname = (page: Page) => new URL(page.url()).pathname;

/** Opens a photograph of the portfolio's first gallery in the viewer, with the pointer. */
async function openViewer(page: Page, portfolio: string, key: string): Promise<void> {
  const thumbnail = page.locator(`#photo-${key} > a[data-photo]`);
  await thumbnail.scrollIntoViewIfNeeded();
  await viewer(page).waitFor({ state: "attached" });
  await thumbnail.click();
  await page.waitForURL((url) => url.pathname === `${portfolio}/photo/${key}`);
}

const showing = (page: Page, portfolio: string, key: string) =>
  page.waitForURL((url) => url.pathname === `${portfolio}/photo/${key}`);

/** The contact form's own checks, in the page's language: a field as typed, then Send. */
async function checkContactForm(page: Page, language: Language): Promise<void> {
  const { t } = translator(language);
  await expect.poll(() => page.locator('input[name="started"]').inputValue()).toMatch(/^\d{13}\./);
  const email = page.getByLabel(t("contact.email"));
  await email.fill("ada@example");
  await email.blur();
  await expect
    .poll(() => page.locator("#inquiry-email-error").textContent())
    .toBe(t("contact.problem.emailInvalid"));
  await page.getByRole("button", { name: t("contact.send") }).click();
  await expect.poll(() => focusedId(page)).toBe("inquiry-errors");
  expect(await page.locator("#inquiry-errors li").allTextContents()).toEqual([
    t("contact.problem.nameMissing"),
    t("contact.problem.emailInvalid"),
    t("contact.problem.messageMissing"),
  ]);
}

/**
 * A client's walk through the gallery in the site's language: the door, then a heart with the
 * pointer and one with the keyboard; axe finds nothing at the door nor in the open gallery.
 */
async function walkGallery(page: Page, language: Language, client: string): Promise<void> {
  if (!gallery) throw new Error("The gallery was not made");
  const { t } = translator(language);
  const door = await page.goto(gallery.path);
  expect(door?.status()).toBe(401);
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel(t("gallery.door.password")).fill(gallery.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === gallery?.path),
    page.getByRole("button", { name: t("gallery.door.open") }).click(),
  ]);
  await chooseAs(page, () => site?.output() ?? "", client, { t });
  await page.locator("[data-gallery][data-favourites-live]").waitFor({ state: "attached" });
  const heart = (name: string, on = false) =>
    page.getByRole("button", {
      name: t(on ? "gallery.removeFromFavourites" : "gallery.addToFavourites", { name }),
    });
  const [one, two] = [1, 2].map((position) => t("gallery.photoAlt", { position }));
  await heart(one as string).click();
  await heart(one as string, true).waitFor();
  await heart(two as string).focus();
  await page.keyboard.press("Enter");
  await heart(two as string, true).waitFor();
  expect(await axeViolations(page)).toEqual([]);
}

/** The gallery walk in the light theme and the dark, each as a client of its own. */
async function walkGalleryInBothThemes(language: Language): Promise<void> {
  for (const theme of THEMES) {
    await withPage({ colorScheme: theme }, (page) =>
      walkGallery(page, language, `ana.${language}.${theme}@example.com`),
    );
  }
}

/** axe finds nothing on the page as `prepare` leaves it, in the light theme and the dark. */
async function accessibleInBothThemes(
  path: string,
  prepare: (page: Page) => Promise<void> = async () => {},
): Promise<void> {
  for (const theme of THEMES) {
    await withPage({}, async (page) => {
      await openInTheme(page, path, theme);
      await prepare(page);
      expect(await axeViolations(page), `${path}, ${theme}`).toEqual([]);
    });
  }
}

describe("the site in German, at /de", () => {
  const de = translator("de");

  it("is suggested to a German browser with a link, and the viewer and the search speak German", async () => {
    await withPage({ locale: "de-DE" }, async (page) => {
      await page.goto("/portfolio");
      await hydrated(page);
      // The suggestion, never a redirect: the visitor follows it with the pointer.
      const suggestion = page.getByRole("link", { name: de.t("site.languageSuggestion") });
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/de/portfolio"),
        suggestion.click(),
      ]);
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
      await hydrated(page);

      await openViewer(page, "/de/portfolio", "b2i1");
      const dialog = page.getByRole("dialog", { name: de.t("viewer.dialog") });
      await dialog.getByRole("button", { name: de.t("viewer.next") }).click();
      await showing(page, "/de/portfolio", "b2i2");
      await page.keyboard.press("ArrowRight");
      await showing(page, "/de/portfolio", "b2i3");
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/de/portfolio");

      await page.keyboard.press("/");
      await search(page).waitFor({ state: "visible" });
      const box = search(page).getByRole("searchbox", { name: de.t("search.label") });
      // One input event, so one search: no later answer replaces the results under the keys.
      await box.fill("Herbst");
      const found = search(page).locator("[data-search-documents] a");
      await expect.poll(() => found.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await found.first().getAttribute("href")).toBe(
        "/de/post/autumn-in-the-basque-mountains",
      );
      await page.keyboard.press("ArrowDown");
      const first = search(page).locator("[data-search-results] a[href]").first();
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      // The photographs come first: one found by its German alt text ("herbstlich").
      expect(await first.getAttribute("href")).toBe("/de/portfolio/photo/b2i1");
      // ↓ goes on through them to the post.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("href"));
      for (let press = 0; press < 30; press++) {
        if ((await focused()) === "/de/post/autumn-in-the-basque-mountains") break;
        await page.keyboard.press("ArrowDown");
      }
      expect(await focused()).toBe("/de/post/autumn-in-the-basque-mountains");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/de/post/autumn-in-the-basque-mountains");
    });
  });

  it("is not suggested back to a German browser that came in German and chose English", async () => {
    await withPage({ locale: "de-DE" }, async (page) => {
      await page.goto("/de/portfolio");
      await hydrated(page);
      await Promise.all([
        page.waitForURL((url) => url.pathname === "/portfolio"),
        page.locator('nav[data-languages] a[hreflang="en"]').click(),
      ]);
      await hydrated(page);
      // The suggestion's script has run on the English page (it loads with the page's modules).
      await page.waitForFunction(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => entry.name.includes("language-suggestion")),
      );
      await page.waitForTimeout(300);
      expect(await page.locator(".language-suggestion").count()).toBe(0);
    });
  });

  it("checks the contact form in German", async () => {
    await withPage({}, async (page) => {
      await page.goto("/de/contact");
      await hydrated(page);
      await checkContactForm(page, "de");
      expect(pathname(page)).toBe("/de/contact");
    });
  });

  it("has nothing for axe on its contact form's problems and its English suggestion", async () => {
    await accessibleInBothThemes("/de/contact", async (page) => {
      await page.getByRole("button", { name: de.t("contact.send") }).click();
      await expect.poll(() => focusedId(page)).toBe("inquiry-errors");
      await page.getByRole("link", { name: "This page in English" }).waitFor();
    });
  });

  it("opens a client gallery in German, once German is the site's language", async () => {
    await publishSiteLanguage("de");
    await walkGalleryInBothThemes("de");
  });
});

describe("the site in Arabic, right to left", () => {
  const ar = translator("ar");

  beforeAll(() => publishSiteLanguage("ar"));

  it("turns the viewer round: the arrow keys, the buttons and the swipe follow the reading", async () => {
    await withPage(
      { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      async (page) => {
        await page.goto("/portfolio");
        await hydrated(page);
        expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
        await openViewer(page, "/portfolio", "b2i2");
        // ← is onwards in a right-to-left page, → back.
        await page.keyboard.press("ArrowLeft");
        await showing(page, "/portfolio", "b2i3");
        await page.keyboard.press("ArrowRight");
        await showing(page, "/portfolio", "b2i2");
        const next = viewer(page).getByRole("button", { name: ar.t("viewer.next") });
        const previous = viewer(page).getByRole("button", { name: ar.t("viewer.previous") });
        // The button onwards is on the left, the one back on the right.
        const [onwards, back] = await Promise.all([next.boundingBox(), previous.boundingBox()]);
        expect(onwards?.x ?? 0).toBeLessThan(back?.x ?? 0);
        await next.click();
        await showing(page, "/portfolio", "b2i3");
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== "running"),
        );

        // A finger from left to right brings the next photograph.
        const cdp = await page.context().newCDPSession(page);
        const y = 300;
        await cdp.send("Input.dispatchTouchEvent", {
          type: "touchStart",
          touchPoints: [{ x: 60, y }],
        });
        for (let step = 1; step <= 8; step++) {
          await cdp.send("Input.dispatchTouchEvent", {
            type: "touchMove",
            touchPoints: [{ x: 60 + (260 * step) / 8, y: y + step }],
          });
        }
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await showing(page, "/portfolio", "b2i4");
      },
    );
  });

  it("searches and checks the contact form in Arabic", async () => {
    await withPage({}, async (page) => {
      await page.goto("/contact");
      await hydrated(page);
      await checkContactForm(page, "ar");
      await page.keyboard.press("Control+k");
      await search(page).waitFor({ state: "visible" });
      await search(page)
        .getByRole("searchbox", { name: ar.t("search.label") })
        .fill("zzzqqq");
      await expect
        .poll(() => search(page).locator("[data-search-message]").textContent(), {
          timeout: 10_000,
        })
        .toContain("zzzqqq");
      expect(await search(page).locator("[data-search-message]").textContent()).toContain(
        ar.t("search.nothingBefore", { query: "zzzqqq" }),
      );
      await page.keyboard.press("Escape");
      await search(page).waitFor({ state: "hidden" });
    });
  });

  it("opens a client gallery in Arabic", async () => {
    await walkGalleryInBothThemes("ar");
  });

  it("has nothing for axe on the contact form's problems", async () => {
    await accessibleInBothThemes("/contact", async (page) => {
      await page.getByRole("button", { name: ar.t("contact.send") }).click();
      await expect.poll(() => focusedId(page)).toBe("inquiry-errors");
    });
  });
});

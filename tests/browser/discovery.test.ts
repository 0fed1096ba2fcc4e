import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScaleDataset, writeScaleDataset } from "../../bench/scale-dataset.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { axeInViews, noViolations, openInTheme } from "./axe.ts";
import { hydrated, startBrowserSession, VISITOR_UA } from "./chromium.ts";

// Every photograph findable: the grid of /photos and its next slices, the viewer over the grid
// (the grid is its sequence), the search dialog from the keyboard, and axe (every rule) on the
// new pages. The demo has 21 photographs, one slice; the grid's next slices are tested on a
// site of its own with 120 more (the benchmark's generated photographs).

const { newPage, siteUrl } = startBrowserSession();

let many: { site: RunningSite; dataset: ScaleDataset } | undefined;
beforeAll(async () => {
  const dataset = await writeScaleDataset({
    posts: 20,
    galleries: 0,
    imagesPerGallery: 0,
    photos: 120,
    tags: 5,
  });
  const site = await startSite({
    isolated: true,
    demo: { datasetFile: dataset.datasetFile, imagesDir: dataset.imagesDir },
  });
  many = { site, dataset };
}, 60_000);
afterAll(async () => {
  await many?.site.close();
  await many?.dataset.remove();
});

async function withPage(
  use: (page: Page) => Promise<void>,
  options: { width?: number; height?: number } = {},
): Promise<void> {
  const page = await newPage({
    userAgent: VISITOR_UA,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  try {
    await use(page);
  } finally {
    await page.context().close();
  }
}

const gridLinks = (page: Page) => page.locator("[data-photo-sequence] > li > a[data-photo]");
const viewer = (page: Page) => page.locator("dialog.photo-viewer");

describe("the grid of every photograph", () => {
  it("loads the next slices as the visitor nears the end, keeping a real link", async () => {
    await withPage(async (page) => {
      await page.goto(`${many?.site.url}/photos`);
      await hydrated(page);
      expect(await gridLinks(page).count()).toBe(48);
      // The next slice is a real link, there without JavaScript too.
      const more = page.locator("a[data-photo-more]");
      expect(await more.getAttribute("href")).toBe("/photos/page/2");
      const hrefs = async () =>
        gridLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      const first = await hrefs();

      await page.locator("[data-pagination]").scrollIntoViewIfNeeded();
      await expect.poll(() => gridLinks(page).count(), { timeout: 10_000 }).toBe(96);
      await expect.poll(() => more.getAttribute("href")).toBe("/photos/page/3");
      await page.locator("[data-pagination]").scrollIntoViewIfNeeded();
      await expect.poll(() => gridLinks(page).count(), { timeout: 10_000 }).toBe(141);
      expect(await page.locator("a[data-photo-more]").count()).toBe(0);

      // The same photographs, in the same order, as the numbered pages list them.
      const all = await hrefs();
      expect(all.slice(0, 48)).toEqual(first);
      expect(new Set(all).size).toBe(141);
      const second = await page.evaluate(async () => {
        const html = await (await fetch("/photos/page/2")).text();
        const doc = new DOMParser().parseFromString(html, "text/html");
        return [...doc.querySelectorAll("[data-photo-sequence] a[data-photo]")].map((a) =>
          a.getAttribute("href"),
        );
      });
      expect(all.slice(48, 96)).toEqual(second);
      // Still on /photos: the address names the first slice, and Back leaves the grid.
      expect(new URL(page.url()).pathname).toBe("/photos");
    });
  });

  it("asks once for a next slice that fails, leaving its link to follow; and nothing ahead under Save-Data", async () => {
    await withPage(async (page) => {
      const asked: string[] = [];
      await page.route("**/photos/page/2", async (route) => {
        asked.push(route.request().url());
        await route.fulfill({ status: 500, contentType: "text/html", body: "<p>down</p>" });
      });
      await page.goto(`${many?.site.url}/photos`);
      await hydrated(page);
      await page.locator("[data-pagination]").scrollIntoViewIfNeeded();
      await expect.poll(() => asked.length).toBe(1);
      // Thirty frames on, each of which the observer could have answered: still one.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let frames = 30;
            const next = () => (--frames > 0 ? requestAnimationFrame(next) : resolve());
            requestAnimationFrame(next);
          }),
      );
      expect(asked).toHaveLength(1);
      expect(await gridLinks(page).count()).toBe(48);
      expect(await page.locator("a[data-photo-more]").getAttribute("href")).toBe("/photos/page/2");
    });
    await withPage(async (page) => {
      const asked: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/photos/page/2") asked.push(request.url());
      });
      await page.addInitScript(() =>
        Object.defineProperty(navigator, "connection", { value: { saveData: true } }),
      );
      await page.goto(`${many?.site.url}/photos`);
      await hydrated(page);
      await page.locator("[data-pagination]").scrollIntoViewIfNeeded();
      await page.locator("a[data-photo-more]").click();
      await page.waitForURL((url) => url.pathname === "/photos/page/2");
      // Followed as a link, never fetched ahead.
      expect(asked).toHaveLength(1);
    });
  });

  it("works without JavaScript: numbered pages", async () => {
    const page = await newPage({ userAgent: VISITOR_UA, javaScriptEnabled: false });
    try {
      await page.goto(`${many?.site.url}/photos`);
      await page.locator("a[data-photo-more]").click();
      await page.waitForURL((url) => url.pathname === "/photos/page/2");
      expect(await gridLinks(page).count()).toBe(48);
      expect(
        await page.locator('[data-pagination] a[aria-current="page"]').textContent(),
      ).toContain("2");
    } finally {
      await page.context().close();
    }
  });
});

describe("the viewer over /photos", () => {
  it("opens over the grid and moves through the grid, with the grid's position label", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/photos`);
      await hydrated(page);
      const links = await gridLinks(page).evaluateAll((all) =>
        all.map((a) => (a as HTMLAnchorElement).pathname),
      );
      expect(links.length).toBe(21);
      await viewer(page).waitFor({ state: "attached" });
      await gridLinks(page).nth(2).click();
      await page.waitForURL((url) => url.pathname === links[2]);
      const position = viewer(page).locator("[data-photo-position]");
      await expect.poll(() => position.textContent()).toBe("3 of 21 · Photographs");

      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.pathname === links[3]);
      await expect.poll(() => position.textContent()).toBe("4 of 21 · Photographs");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await page.waitForURL((url) => url.pathname === links[1]);
      await expect.poll(() => position.textContent()).toBe("2 of 21 · Photographs");

      // Closing returns to the grid, at the photograph last shown.
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/photos");
      await expect
        .poll(() => page.evaluate(() => (document.activeElement as HTMLAnchorElement)?.pathname))
        .toBe(links[1]);
    });
  });
});

describe("the viewer over a grid with more slices", () => {
  it("goes on past the loaded end: the grid loads its next slice while the viewer is open", async () => {
    await withPage(async (page) => {
      await page.goto(`${many?.site.url}/photos`);
      await hydrated(page);
      await viewer(page).waitFor({ state: "attached" });
      expect(await gridLinks(page).count()).toBe(48);
      const secondSlice = await page.evaluate(async () => {
        const html = await (await fetch("/photos/page/2")).text();
        const doc = new DOMParser().parseFromString(html, "text/html");
        return [...doc.querySelectorAll<HTMLAnchorElement>("[data-photo-sequence] a[data-photo]")]
          .slice(0, 2)
          .map((a) => a.getAttribute("href"));
      });
      // Opened without scrolling, so the grid's own "near the end" never fires: only the
      // viewer's asking can bring the next slice.
      const last = await gridLinks(page).nth(47).getAttribute("href");
      await gridLinks(page)
        .nth(46)
        .evaluate((link) => (link as HTMLAnchorElement).click());
      const position = viewer(page).locator("[data-photo-position]");
      await expect.poll(() => position.textContent()).toBe("47 of 141 · Photographs");

      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.pathname === last);
      await expect.poll(() => gridLinks(page).count(), { timeout: 10_000 }).toBe(96);
      const next = page.getByRole("button", { name: "Next", exact: true });
      await expect.poll(() => next.isVisible()).toBe(true);
      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.pathname === secondSlice[0]);
      await expect.poll(() => position.textContent()).toBe("49 of 141 · Photographs");
      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.pathname === secondSlice[1]);
      await expect.poll(() => position.textContent()).toBe("50 of 141 · Photographs");
    });
  });
});

describe("the search dialog", () => {
  const dialog = (page: Page) => page.locator("dialog.search-dialog");

  it("opens on /, shows results as the visitor types, and is used with the keyboard", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/contact`);
      await hydrated(page);
      // Not in the first-load bundle: fetched on the first request for it.
      expect(await page.locator('script[src*="/search-"]').count()).toBe(0);
      await page.keyboard.press("/");
      await dialog(page).waitFor({ state: "visible" });
      const box = dialog(page).getByRole("searchbox");
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);

      // Superseded keystrokes are cancelled: one search per pause, the last one wins. The page's
      // clock stands still between the test's steps (an installed clock otherwise follows the
      // real one), so a busy machine's late keystrokes are no pause.
      const searches: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname === "/search") searches.push(new URL(req.url()).search);
      });
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      await box.pressSequentially("mou");
      await page.clock.runFor(100);
      await box.pressSequentially("nt");
      await page.clock.runFor(200);
      await page.clock.resume();
      const documents = dialog(page).locator("[data-search-documents] a");
      await expect.poll(() => documents.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(searches).toEqual(["?q=mount"]);
      expect(await dialog(page).locator("[data-photo-sequence] a[data-photo]").count()).toBe(3);

      // ↓ from the box to the first result, ↑ back to the box, Enter follows a result.
      await page.keyboard.press("ArrowDown");
      const first = dialog(page).locator("[data-search-results] a[href]").first();
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("ArrowUp");
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      const target = await documents.first().getAttribute("href");
      await documents.first().focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === target);
    });
  });

  it("opens on Ctrl-K, closes on Escape and gives focus back; says when nothing is found", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/archive`);
      await hydrated(page);
      const opener = page.locator("a[href='/archive']").last();
      await opener.focus();
      await page.keyboard.press("Control+k");
      await dialog(page).waitFor({ state: "visible" });
      await dialog(page).getByRole("searchbox").fill("zzzqqq <b>x</b>");
      await expect
        .poll(() => dialog(page).locator("[data-search-message]").textContent(), {
          timeout: 10_000,
        })
        .toContain("Nothing found for “zzzqqq <b>x</b>”");
      expect(await dialog(page).locator("b").count()).toBe(0);
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "hidden" });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  });

  it("takes the last results away when a search fails, offline or refused, and says so", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/archive`);
      await hydrated(page);
      await page.keyboard.press("Control+k");
      const box = dialog(page).getByRole("searchbox");
      await box.fill("mountains");
      const documents = dialog(page).locator("[data-search-documents] a");
      await expect.poll(() => documents.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      for (const failure of ["offline", "a 503"] as const) {
        await page.route(
          (url) => url.pathname === "/search",
          (route) =>
            failure === "offline"
              ? route.abort("internetdisconnected")
              : route.fulfill({ status: 503, contentType: "text/html", body: "<p>Busy</p>" }),
        );
        await box.fill(failure === "offline" ? "river" : "lake");
        await expect
          .poll(() => dialog(page).locator("[data-search-message]").textContent(), {
            timeout: 10_000,
          })
          .toBe("The search could not be made just now: press Enter to try again.");
        expect(await documents.count(), failure).toBe(0);
        expect(await dialog(page).locator("[aria-live]").textContent()).toContain(
          "could not be made",
        );
        await page.unrouteAll();
        await box.fill("mountains");
        await expect.poll(() => documents.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      }
    });
  });

  it("says in sight how many photographs and how many posts and pages it found", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/archive`);
      await hydrated(page);
      await page.keyboard.press("Control+k");
      await dialog(page).getByRole("searchbox").fill("mountains");
      const message = dialog(page).locator("[data-search-message]");
      await expect
        .poll(() => message.textContent(), { timeout: 10_000 })
        .toMatch(/^\d+ photographs? and [1-9]\d* posts? (and|or) pages? found for “mountains”/);
      const box = await message.boundingBox();
      const screen = page.viewportSize();
      // A line of text on the screen, not the one pixel of a message for screen readers only.
      expect(box && screen && box.height > 10 && box.y + box.height <= screen.height).toBe(true);
    });
  });

  it("the search page's box, focused as the page opens, shows results as the visitor types and says them", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/search`);
      const box = page.locator("main").getByRole("searchbox");
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      // The search script comes for the box that has the focus, without a click or a Tab.
      await page.locator("dialog.search-dialog").waitFor({ state: "attached", timeout: 10_000 });
      await page.keyboard.type("mount");
      await page.waitForURL((url) => url.search === "?q=mount", { timeout: 10_000 });
      await expect
        .poll(() => page.locator("main [data-search-documents] a").count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      // Said in a live region of the page's own (the closed dialog's is not read out).
      const said = page.locator("main [aria-live]");
      await expect.poll(() => said.textContent()).toContain("found for “mount”");
    });
  });

  it("the header's search link goes to the search page without JavaScript", async () => {
    const page = await newPage({ userAgent: VISITOR_UA, javaScriptEnabled: false });
    try {
      await page.goto(`${siteUrl}/`);
      await page.locator("header a[data-search-open]").click();
      await page.waitForURL((url) => url.pathname === "/search");
      // The box has the focus (autofocus lands at the page's first rendering, which a busy
      // machine may paint after the load event): what the visitor types next goes into it.
      const box = page.getByRole("searchbox");
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("still life");
      expect(await box.inputValue()).toBe("still life");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.search === "?q=still+life");
      expect(await page.locator("[data-search-documents] a").first().textContent()).toBe(
        "Still life on rainy days",
      );
    } finally {
      await page.context().close();
    }
  });
});

describe("the sitemap", () => {
  it("parses as XML: every page, post, collection page and photo page, with its photograph", async () => {
    await withPage(async (page) => {
      await page.goto(`${siteUrl}/robots.txt`);
      const parsed = await page.evaluate(async () => {
        const text = await (await fetch("/sitemap.xml")).text();
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const sitemaps = "http://www.sitemaps.org/schemas/sitemap/0.9";
        const images = "http://www.google.com/schemas/sitemap-image/1.1";
        const urls = [...doc.getElementsByTagNameNS(sitemaps, "url")];
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
          locs: urls.map(
            (url) =>
              new URL(url.getElementsByTagNameNS(sitemaps, "loc")[0]?.textContent ?? "").pathname,
          ),
          images: urls.flatMap((url) =>
            [...url.getElementsByTagNameNS(images, "loc")].map((loc) => [
              new URL(url.getElementsByTagNameNS(sitemaps, "loc")[0]?.textContent ?? "").pathname,
              loc.textContent ?? "",
            ]),
          ),
        };
      });
      expect(parsed.error).toBeNull();
      expect(parsed.root).toBe("http://www.sitemaps.org/schemas/sitemap/0.9 urlset");
      expect(parsed.locs).toEqual(
        expect.arrayContaining([
          "/",
          "/portfolio",
          "/photos",
          "/tags",
          "/tag/landscape",
          "/camera/sony-dsc-rx100m4",
        ]),
      );
      expect(new Set(parsed.locs).size).toBe(parsed.locs.length);
      const photoPages = parsed.locs.filter((path) => path.includes("/photo/"));
      // Each photograph's page, in English and in German (the demo's further language).
      expect(photoPages.filter((path) => !path.startsWith("/de/"))).toHaveLength(21);
      expect(photoPages).toHaveLength(42);
      expect(parsed.images.map(([path]) => path)).toEqual(photoPages);
      for (const [, image] of parsed.images)
        expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/demo\/production\//);
    });
  });
});

describe("axe, every rule, on the new pages, light and dark, 390 and 1280 px", () => {
  for (const path of ["/photos", "/tag/landscape", "/tags", "/search?q=mountain", "/search"]) {
    it(path, async () => {
      const page = await newPage({ userAgent: VISITOR_UA, viewport: { width: 390, height: 844 } });
      try {
        await openInTheme(page, `${siteUrl}${path}`, undefined, 200);
        // Everything held back for the first paint is rendered before axe looks.
        await page.waitForFunction(() => !document.querySelector("[data-after-paint]"));
        expect(await axeInViews(page, { rules: "all" })).toEqual(noViolations());
      } finally {
        await page.context().close();
      }
    });
  }
});

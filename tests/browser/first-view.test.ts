import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, startBrowserSession, VISITOR_UA } from "./chromium.ts";

// The first view of the home page on a phone: the first paint waits for nothing but the HTML
// and the stylesheet (the home page's largest paint is its text); everything else, the
// backdrop's photograph too, starts after.

const { newPage } = startBrowserSession();

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  userAgent: VISITOR_UA,
};

interface Timeline {
  firstPaint: number;
  loadEnd: number;
  /** Every image requested so far, in request order, with when it was requested. */
  images: { url: string; start: number }[];
}

/** The browser's own record of the page: paint timing, navigation timing, resource timing. */
const timeline = (page: Page): Promise<Timeline> =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const [navigation] = performance.getEntriesByType(
      "navigation",
    ) as PerformanceNavigationTiming[];
    const images = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter(
        (entry) => entry.initiatorType === "img" || /\.(jpe?g|png|webp|avif)\b/.test(entry.name),
      )
      .map((entry) => ({ url: entry.name, start: entry.startTime }));
    return { firstPaint: paint?.startTime ?? -1, loadEnd: navigation?.loadEventEnd ?? -1, images };
  });

/**
 * Every URL the slideshow may fetch for its slide `index` (its src and each srcset candidate),
 * from the props the server embedded: later slides are not in the page until they are shown.
 */
const slideUrls = (page: Page, index: number): Promise<string[]> =>
  page.locator('[data-island="Slideshow"]').evaluate((island, i) => {
    const { slides } = JSON.parse(island.getAttribute("data-props") ?? "{}") as {
      slides: { src: string; srcSet: string }[];
    };
    const slide = slides[i];
    if (!slide) return [];
    return [
      slide.src,
      ...slide.srcSet.split(",").map((candidate) => candidate.trim().split(/\s+/)[0] ?? ""),
    ]
      .filter(Boolean)
      .map((url) => new URL(url, location.href).href);
  }, index);

/** What the page recorded of the release of its held-back content. */
interface Release {
  /** Per released card: its place among the cards, and the frame it was released in. */
  released: { index: number; frame: number }[];
  /** Every width a rendered card had, read at the start of each frame. */
  widths: number[];
}
type WithRelease = Window & { release?: Release };

describe("the first view of the home page at 390 px", () => {
  it("requests no image before the first paint, the backdrop's photograph right after it", async () => {
    const page = await newPage(PHONE);
    // Every request of the first view finished: resource timing lists a request once it ends.
    await page.goto("/", { waitUntil: "networkidle" });
    const { firstPaint, images } = await timeline(page);
    const lead = await slideUrls(page, 0);
    expect(firstPaint).toBeGreaterThan(0);
    expect(images.filter((image) => image.start < firstPaint)).toEqual([]);
    // The backdrop's photograph is on the first screen: it comes as soon as the page is on it
    // (on a busy machine, sometimes after the network was idle for the half-second above).
    await expect
      .poll(async () => (await timeline(page)).images.some((image) => lead.includes(image.url)))
      .toBe(true);
    // The rest of the page (the latest posts' photographs, below the fold on a phone) asks to
    // wait for the visitor's scroll, at low priority. When it comes is the browser's choice:
    // its lazy-loading distance follows its estimate of the connection.
    const below = await page
      .locator("main img")
      .evaluateAll((imgs) =>
        imgs
          .filter((img) => img.getBoundingClientRect().top > window.innerHeight)
          .map((img) => `${img.getAttribute("loading")} ${img.getAttribute("fetchpriority")}`),
      );
    expect(below.length).toBeGreaterThan(0);
    expect(below).toEqual(below.map(() => "lazy low"));
    await page.context().close();
  });

  it("renders the held-back posts one per frame, top to bottom, each at its final width", async () => {
    const page = await newPage(PHONE);
    await page.addInitScript(() => {
      const record: Release = { released: [], widths: [] };
      (window as WithRelease).release = record;
      let frame = 0;
      const tick = () => {
        frame += 1;
        for (const card of document.querySelectorAll("main li:not([data-after-paint])")) {
          record.widths.push(card.getBoundingClientRect().width);
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver((mutations) => {
        const cards = [...document.querySelectorAll("main li")];
        for (const mutation of mutations) {
          // The backdrop is released by the page's mark (index -1), the cards one by one.
          const painted = mutation.attributeName === "data-painted";
          if (painted && !document.documentElement.hasAttribute("data-painted")) continue;
          const index = painted ? -1 : cards.indexOf(mutation.target as Element);
          record.released.push({ index, frame });
        }
      }).observe(document, {
        subtree: true,
        attributeFilter: ["data-after-paint", "data-painted"],
      });
    });
    await page.goto("/", { waitUntil: "load" });
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            !document.documentElement.hasAttribute("data-painting") &&
            document.querySelectorAll("[data-after-paint]").length === 0,
        ),
      )
      .toBe(true);
    const cards = await page.locator("main li").count();
    const finalWidth = await page
      .locator("main li")
      .first()
      .evaluate((li) => li.clientWidth);
    const record = await page.evaluate(() => (window as WithRelease).release);
    if (!record) throw new Error("The page kept no record of the release");
    const { widths } = record;
    expect(cards).toBeGreaterThan(1);
    // The backdrop (not a card: index -1) is released first, in the first frame after the paint.
    expect(record.released[0]?.index).toBe(-1);
    const released = record.released.slice(1);
    // Then top to bottom, so the first card below the fold is the first one ready…
    expect(released.map((card) => card.index)).toEqual([...Array(cards).keys()]);
    // …one per frame, so no frame lays out all of them while the page is still loading…
    for (let i = 1; i < released.length; i++) {
      expect(released[i]?.frame).toBeGreaterThan(released[i - 1]?.frame ?? Number.NaN);
    }
    // …and a card still held back never widens the ones already shown.
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(width).toBeCloseTo(finalWidth, 0);
    await page.context().close();
  });

  it("fetches the slideshow's second photograph only after the load event", async () => {
    const page = await newPage({ ...PHONE, reducedMotion: "no-preference" });
    await page.goto("/", { waitUntil: "load" });
    const second = await slideUrls(page, 1);
    expect(second.length).toBeGreaterThan(0);
    // The slideshow fetches its next photograph once the browser is idle after loading.
    await expect
      .poll(async () => (await timeline(page)).images.some((image) => second.includes(image.url)), {
        timeout: 10_000,
      })
      .toBe(true);
    const { loadEnd, images } = await timeline(page);
    const requests = images.filter((image) => second.includes(image.url));
    expect(loadEnd).toBeGreaterThan(0);
    for (const request of requests) expect(request.start).toBeGreaterThanOrEqual(loadEnd);
    await page.context().close();
  });

  it("never fetches a photograph ahead under Save-Data", async () => {
    const page = await newPage(PHONE);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true } });
    });
    await page.goto("/", { waitUntil: "load" });
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Slideshow" });
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    const second = await slideUrls(page, 1);
    expect(second.length).toBeGreaterThan(0);
    // Long enough for the idle callback and the settle delay that would have started it.
    await page.waitForTimeout(1_500);
    const { images } = await timeline(page);
    expect(images.filter((image) => second.includes(image.url))).toEqual([]);
    await page.context().close();
  });

  it("has toggles that work before they hydrate: a press is held, then replayed", async () => {
    const page = await newPage(PHONE);
    await page.goto("/", { waitUntil: "commit" });
    // As soon as the page is on screen, long before the islands hydrate on their own.
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length);
    const theme = page.locator('[data-island="ThemeToggle"] button');
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    const before = await dark();
    await theme.click();
    await expect.poll(dark).toBe(!before);
    // Pressed once, switched once: the held press is not also run twice.
    await hydrated(page);
    expect(await dark()).toBe(!before);
    // Hydrated, it names the theme it switches to: back to the one the page started in.
    expect(await theme.getAttribute("aria-label")).toBe(
      `Switch to ${before ? "dark" : "light"} theme`,
    );

    const slideshow = page.getByRole("button", { name: "Slideshow" });
    await expect.poll(() => slideshow.getAttribute("aria-pressed")).toBe("true");
    await slideshow.click();
    await expect.poll(() => slideshow.getAttribute("aria-pressed")).toBe("false");
    expect(await page.locator("[data-backdrop]").isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("a photograph clicked before the viewer is there", () => {
  it("opens in the viewer over its gallery once the viewer has loaded, not as a page of its own", async () => {
    const page = await newPage(PHONE);
    // The viewer's script held back until the click (a slow device, a slow network).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const requested = new Promise<void>((resolve) => {
      asked = resolve;
    });
    await page.route(/\/photo-viewer-[^/]*\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    // Not waiting for the load event, which waits for the held script; the page's script is
    // running (it asked for the viewer, a link being in sight) when the photograph is clicked.
    await page.goto("/portfolio", { waitUntil: "domcontentloaded" });
    await requested;
    await page.locator("a[data-photo]").first().click({ noWaitAfter: true });
    release();
    await page.locator("dialog.photo-viewer[open] [data-photo-image]").waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/portfolio\/photo\//);
    // The gallery is still the page under it.
    expect(await page.locator("main [data-photo-view]").count()).toBe(0);
    await page.context().close();
  });
});

describe("the first view of a gallery at 390 px", () => {
  it("still lands on the photograph an address names, far down the page", async () => {
    const page = await newPage(PHONE);
    await page.goto("/portfolio");
    const id = await page.locator("figure[id^='photo-']").last().getAttribute("id");
    expect(id).toBeTruthy();
    await page.goto(`/portfolio#${id}`, { waitUntil: "load" });
    await expect
      .poll(() =>
        page.locator(`#${id}`).evaluate((figure) => {
          const { top } = figure.getBoundingClientRect();
          return top >= 0 && top < innerHeight;
        }),
      )
      .toBe(true);
    await page.context().close();
  });
});

describe("the first view of any page", () => {
  it("arrives in one piece, with its length: the browser never paints half a header", async () => {
    const page = await newPage({ userAgent: VISITOR_UA });
    try {
      for (const path of ["/", "/map", "/portfolio", "/de/portfolio", "/a/b/c"]) {
        // Uncompressed, to see its length (compressed, it comes as one piece after the header).
        const response = await page.request.get(path, {
          headers: { "Accept-Encoding": "identity" },
        });
        const body = await response.body();
        expect(response.headers()["transfer-encoding"], path).toBeUndefined();
        expect(response.headers()["content-length"], path).toBe(String(body.length));
        expect(body.toString(), path).toMatch(/<nav aria-label=/);
      }
    } finally {
      await page.context().close();
    }
  });
});

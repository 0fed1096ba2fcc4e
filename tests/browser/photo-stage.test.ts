import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startBrowserSession } from "./chromium.ts";

// The viewer as a stage: the photograph as large as the screen allows with every control in
// view, zoom down to the original's pixels (fetching only the region on screen), panning held
// at the edges, the keys and gestures, and the photo page without JavaScript as a view of the
// photograph. On the demo, b2i6 is a 1920 px landscape and b5i7 (the last of "Still life") is
// the 5640 × 3172 photograph made for zooming.

const { withPage } = startBrowserSession();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const SMALL = { viewport: { width: 320, height: 480 }, hasTouch: true, isMobile: true };
const ZOOMABLE = "/portfolio/photo/b5i7";

const image = (page: Page) => page.locator("dialog.photo-viewer img[data-photo-image]");

/** Opens a photo page; with JavaScript, waits until the viewer over it has settled. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("dialog.photo-viewer[open] img[data-photo-image]").waitFor();
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

/** The photograph's box as the stage shows it, and the viewport. */
const geometry = (page: Page) =>
  image(page).evaluate((img) => {
    const { x, y, width, height } = img.getBoundingClientRect();
    return { x, y, width, height, vw: innerWidth, vh: innerHeight };
  });

const zoomWidth = (page: Page) => image(page).evaluate((img) => img.getBoundingClientRect().width);

/** The boxes of every visible control, by name, that are not inside the viewport. */
const controlsOutside = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("dialog.photo-viewer :is(button, a[href])")]
      .filter((control) => control.checkVisibility())
      .filter((control) => {
        // The details panel scrolls (a photograph for sale has its Buy form there): what is
        // below its fold is reached by scrolling it, so the panel itself must be in view.
        const panel = control.closest<HTMLElement>("[data-photo-info]");
        const scrolls = panel !== null && panel.scrollHeight > panel.clientHeight;
        const r = (scrolls ? panel : control).getBoundingClientRect();
        return r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight;
      })
      .map((control) => control.getAttribute("aria-label") ?? control.textContent),
  );

async function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  points: { x: number; y: number }[],
) {
  await cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
}

/**
 * Two taps at one place, 80 ms apart by the events' own clock (what the viewer reads, as a
 * phone's touch events carry the moment the finger touched), however late a busy machine
 * delivers them.
 */
async function doubleTap(cdp: CDPSession, x: number, y: number) {
  const at = Date.now() / 1000;
  for (const [type, time] of [
    ["touchStart", at],
    ["touchEnd", at + 0.03],
    ["touchStart", at + 0.08],
    ["touchEnd", at + 0.11],
  ] as const) {
    await cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchStart" ? [{ x, y }] : [],
      timestamp: time,
    });
  }
}

describe("the stage", () => {
  for (const [name, options] of Object.entries({ PHONE, DESKTOP, SMALL })) {
    it(`fills the viewport in one dimension and keeps every control in view (${name})`, async () => {
      await withPage(options, async (page) => {
        for (const path of ["/portfolio/photo/b2i6", "/portfolio/photo/b3i2", ZOOMABLE]) {
          await open(page, path);
          const box = await geometry(page);
          const fillsWidth = Math.abs(box.width - box.vw) <= 1 && box.x >= -1;
          const fillsHeight = Math.abs(box.height - box.vh) <= 1 && box.y >= -1;
          expect(fillsWidth || fillsHeight, `${path}: ${JSON.stringify(box)}`).toBe(true);
          expect(box.x + box.width).toBeLessThanOrEqual(box.vw + 1);
          expect(box.y + box.height).toBeLessThanOrEqual(box.vh + 1);
          expect(await controlsOutside(page), path).toEqual([]);
          for (const label of ["Close", "Zoom in", "Zoom out", "Details"]) {
            await expect
              .poll(() => page.getByRole("button", { name: label }).isVisible())
              .toBe(true);
          }
        }
      });
    });
  }

  it("keeps the details closed on a phone and opens them beside a photograph with room", async () => {
    await withPage(PHONE, async (page) => {
      await open(page, "/portfolio/photo/b3i2");
      expect(
        await page.getByRole("button", { name: "Details" }).getAttribute("aria-expanded"),
      ).toBe("false");
      await page.getByRole("button", { name: "Details" }).click();
      await page.locator("dialog [data-photo-info] h1").waitFor();
      expect(await page.locator("dialog a[data-photo-back]").isVisible()).toBe(true);
    });
    await withPage(DESKTOP, async (page) => {
      // A portrait photograph leaves room beside it on a desktop screen.
      await open(page, "/portfolio/photo/b3i2");
      expect(
        await page.getByRole("button", { name: "Details" }).getAttribute("aria-expanded"),
      ).toBe("true");
      const panel = await page.locator("dialog [data-photo-info]").boundingBox();
      const box = await geometry(page);
      expect(panel && box.x + box.width <= panel.x + 1, JSON.stringify({ panel, box })).toBe(true);
    });
  });

  it("lays the details beside what they describe: over none of the photograph, its arrows or its count", async () => {
    /** The boxes of the photograph, its arrows, its count, the panel and the bar's buttons. */
    const boxes = (page: Page) =>
      page.evaluate(() => {
        const box = (element: Element | null) => {
          if (!element || !(element as HTMLElement).checkVisibility()) return null;
          const { left, top, right, bottom } = element.getBoundingClientRect();
          return { left, top, right, bottom };
        };
        const dialog = document.querySelector("dialog.photo-viewer");
        return {
          photo: box(dialog?.querySelector("img[data-photo-image]") ?? null),
          count: box(dialog?.querySelector("[data-photo-position]") ?? null),
          arrows: [...(dialog?.querySelectorAll(".pv-side") ?? [])].map(box).filter((b) => b),
          panel: box(dialog?.querySelector("[data-photo-info]") ?? null),
          title: box(dialog?.querySelector("[data-photo-info] h1") ?? null),
          buttons: [...(dialog?.querySelectorAll(".pv-bar .pv-btn") ?? [])]
            .map(box)
            .filter((b) => b),
        };
      });
    type Box = { left: number; top: number; right: number; bottom: number };
    const overlaps = (a: Box | null, b: Box | null) =>
      !!a &&
      !!b &&
      a.left < b.right - 1 &&
      b.left < a.right - 1 &&
      a.top < b.bottom - 1 &&
      b.top < a.bottom - 1;
    for (const options of [PHONE, DESKTOP]) {
      await withPage(options, async (page) => {
        // A landscape photograph, which fills the stage's width while the details are closed.
        await open(page, "/portfolio/photo/b2i6");
        const details = page.getByRole("button", { name: "Details" });
        if ((await details.getAttribute("aria-expanded")) === "true") await details.click();
        await page.locator("dialog[data-info]").waitFor({ state: "detached" });
        const closed = await boxes(page);
        await details.click();
        await page.locator("dialog [data-photo-info] h1").waitFor();
        await page.waitForFunction(() =>
          document.getAnimations().every((animation) => animation.playState !== "running"),
        );
        const opened = await boxes(page);
        const where = JSON.stringify(opened);
        for (const part of [opened.photo, opened.count, ...opened.arrows])
          expect(overlaps(part, opened.panel), where).toBe(false);
        expect(opened.arrows.length, where).toBeGreaterThan(0);
        if (options === DESKTOP) {
          // The stage narrows: the photograph is fitted to what is left, its count centred there.
          expect(
            opened.photo && closed.photo && opened.photo.right < closed.photo.right,
            where,
          ).toBe(true);
          const count = opened.count as Box;
          const panel = opened.panel as Box;
          expect(Math.abs((count.left + count.right) / 2 - panel.left / 2), where).toBeLessThan(4);
          // The panel begins below the buttons: its text never scrolls under them.
          for (const button of opened.buttons)
            expect(overlaps(button, opened.panel), where).toBe(false);
        } else {
          // The photograph is above the sheet, no longer behind it.
          expect((opened.photo as Box).bottom, where).toBeLessThanOrEqual(
            (opened.panel as Box).top + 1,
          );
        }
      });
    }
  });

  it("fades the controls when idle and brings them back on movement", async () => {
    await withPage(DESKTOP, async (page) => {
      await open(page, "/portfolio/photo/b2i6");
      await page.mouse.click(640, 400);
      await page.waitForSelector("dialog[data-idle]", { timeout: 6000 });
      await page.mouse.move(100, 100);
      await page.mouse.move(120, 110);
      await expect.poll(() => page.locator("dialog[data-idle]").count()).toBe(0);
    });
  });
});

describe("zoom", () => {
  it("zooms with + to the original's pixels, fetching only regions no bigger than 2.5 screens", async () => {
    await withPage(DESKTOP, async (page) => {
      const regions: URL[] = [];
      page.on("request", (request) => {
        if (request.url().includes("rect=")) regions.push(new URL(request.url()));
      });
      await open(page, ZOOMABLE);
      const fit = await geometry(page);
      expect(fit.width).toBeCloseTo(1280, 0);
      await page.keyboard.press("+");
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(2560, 0);
      await expect.poll(() => regions.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      await page.locator("dialog img.pv-region").waitFor({ state: "attached" });
      for (let step = 0; step < 4; step++) await page.keyboard.press("+");
      // The largest zoom: one pixel of the 5640 px original on one device pixel.
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(5640, 0);
      await page.waitForTimeout(600);
      for (const url of regions) {
        const [left, top, width, height] = (url.searchParams.get("rect") ?? "")
          .split(",")
          .map(Number) as [number, number, number, number];
        const out = Number(url.searchParams.get("w"));
        expect(left + width, url.search).toBeLessThanOrEqual(5640);
        expect(top + height, url.search).toBeLessThanOrEqual(3172);
        expect(out * ((out * height) / width), url.search).toBeLessThanOrEqual(2.5 * 1280 * 800);
      }
      expect(
        await page.getByRole("button", { name: "Zoom in" }).getAttribute("aria-disabled"),
      ).toBe("true");
    });
  });

  it("pans with a drag, held at the photograph's edges", async () => {
    await withPage(DESKTOP, async (page) => {
      await open(page, ZOOMABLE);
      await page.mouse.dblclick(200, 200);
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(5640, 0);
      // Far beyond the top-left corner: the corner stops at the stage's corner.
      for (let drag = 0; drag < 3; drag++) {
        await page.mouse.move(10, 10);
        await page.mouse.down();
        await page.mouse.move(1270, 790, { steps: 4 });
        await page.mouse.up();
      }
      let box = await geometry(page);
      expect(box.x).toBeCloseTo(0, 0);
      expect(box.y).toBeCloseTo(0, 0);
      for (let drag = 0; drag < 4; drag++) {
        await page.mouse.move(1200, 780);
        await page.mouse.down();
        await page.mouse.move(10, 10, { steps: 4 });
        await page.mouse.up();
      }
      box = await geometry(page);
      expect(box.x + box.width).toBeCloseTo(1280, 0);
      expect(box.y + box.height).toBeCloseTo(800, 0);
      // A double click goes back to fit.
      await page.mouse.dblclick(640, 400);
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(1280, 0);
    });
  });

  it("looks around with the arrow keys while zoomed, held at the edges; at fit they change photographs", async () => {
    await withPage(DESKTOP, async (page) => {
      await open(page, ZOOMABLE);
      // Three doublings pass the original's size: the zoom stops at 1:1, its end state.
      for (let press = 0; press < 3; press++) await page.keyboard.press("+");
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(5640, 0);
      const start = await geometry(page);
      await page.keyboard.press("ArrowRight");
      await expect.poll(async () => (await geometry(page)).x).toBeCloseTo(start.x - 256, 0);
      await page.keyboard.press("ArrowDown");
      await expect.poll(async () => (await geometry(page)).y).toBeCloseTo(start.y - 160, 0);
      // Still this photograph: zoomed, the arrows never change it.
      expect(new URL(page.url()).pathname).toBe(ZOOMABLE);
      for (let press = 0; press < 30; press++) await page.keyboard.press("ArrowLeft");
      for (let press = 0; press < 30; press++) await page.keyboard.press("ArrowUp");
      const corner = await geometry(page);
      expect(corner.x).toBeCloseTo(0, 0);
      expect(corner.y).toBeCloseTo(0, 0);
      expect(new URL(page.url()).pathname).toBe(ZOOMABLE);

      await page.keyboard.press("0");
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(1280, 0);
      await page.keyboard.press("ArrowLeft");
      await page.waitForURL((url) => url.pathname !== ZOOMABLE);
    });
  });

  it("zooms with the wheel around the pointer, and 0 goes back to fit", async () => {
    await withPage(DESKTOP, async (page) => {
      await open(page, ZOOMABLE);
      const before = await geometry(page);
      await page.mouse.move(300, 300);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => zoomWidth(page)).toBeGreaterThan(1500);
      const after = await geometry(page);
      // The point under the pointer stays under it.
      const share = (box: typeof before) => (300 - box.x) / box.width;
      expect(share(after)).toBeCloseTo(share(before), 2);
      await page.keyboard.press("0");
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(1280, 0);
    });
  });

  it("pinches with two fingers, and a swipe while zoomed pans instead of changing photographs", async () => {
    await withPage(PHONE, async (page) => {
      await open(page, ZOOMABLE);
      const cdp = await page.context().newCDPSession(page);
      const fit = await zoomWidth(page);
      await touch(cdp, "touchStart", [
        { x: 170, y: 420 },
        { x: 220, y: 420 },
      ]);
      for (let step = 1; step <= 6; step++) {
        await touch(cdp, "touchMove", [
          { x: 170 - step * 20, y: 420 },
          { x: 220 + step * 20, y: 420 },
        ]);
      }
      await touch(cdp, "touchEnd", []);
      await expect.poll(() => zoomWidth(page)).toBeGreaterThan(fit * 2);
      const zoomed = await geometry(page);
      const url = page.url();
      await touch(cdp, "touchStart", [{ x: 80, y: 420 }]);
      for (let step = 1; step <= 6; step++) {
        await touch(cdp, "touchMove", [{ x: 80 + step * 40, y: 420 }]);
      }
      await touch(cdp, "touchEnd", []);
      await page.waitForTimeout(400);
      expect(page.url()).toBe(url);
      const panned = await geometry(page);
      expect(panned.x).toBeGreaterThan(zoomed.x);
    });
  });

  it("double-taps to 1:1 device pixels and back", async () => {
    await withPage({ ...PHONE, deviceScaleFactor: 3 }, async (page) => {
      await open(page, ZOOMABLE);
      const cdp = await page.context().newCDPSession(page);
      await doubleTap(cdp, 200, 420);
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(5640 / 3, 0);
      // A moment between the two double taps, so that they are not read as taps of one.
      await page.waitForTimeout(400);
      await doubleTap(cdp, 200, 420);
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(390, 0);
    });
  });
});

describe("keys and closing", () => {
  it("Escape leaves the zoom first, then closes", async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto("/portfolio");
      await page.locator("#photo-b5i7 > a[data-photo]").scrollIntoViewIfNeeded();
      await page.locator("dialog.photo-viewer").waitFor({ state: "attached" });
      await page.locator("#photo-b5i7 > a[data-photo]").click();
      await page.waitForURL((url) => url.pathname === ZOOMABLE);
      await image(page).waitFor();
      await page.keyboard.press("+");
      await expect.poll(() => zoomWidth(page)).toBeGreaterThan(2000);
      await page.keyboard.press("Escape");
      await expect.poll(() => zoomWidth(page)).toBeCloseTo(1280, 0);
      expect(await page.locator("dialog.photo-viewer[open]").count()).toBe(1);
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/portfolio");
      expect(await page.locator("dialog.photo-viewer[open]").count()).toBe(0);
    });
  });

  it("in full screen, Escape leaves the zoom first, then full screen, then the viewer", async () => {
    await withPage(DESKTOP, async (page) => {
      // A real Chromium window leaves full screen on Escape before the page hears it (headless
      // does not), unless the page holds the key with the Keyboard Lock API: note what it asks.
      await page.addInitScript(() => {
        const keyboard = (navigator as { keyboard?: { lock(keys: string[]): Promise<void> } })
          .keyboard;
        const lock = keyboard?.lock.bind(keyboard);
        if (keyboard && lock)
          keyboard.lock = (keys) => {
            document.documentElement.dataset.lockedKeys = keys.join(",");
            return lock(keys);
          };
      });
      await open(page, ZOOMABLE);
      const fullscreen = () => page.evaluate(() => !!document.fullscreenElement);
      await page.keyboard.press("f");
      await expect.poll(fullscreen).toBe(true);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.lockedKeys))
        .toBe("Escape");
      await page.keyboard.press("+");
      await expect.poll(() => zoomWidth(page)).toBeGreaterThan(2000);

      await page.keyboard.press("Escape");
      await expect.poll(() => zoomWidth(page)).toBeLessThan(1281);
      expect(await fullscreen()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(fullscreen).toBe(false);
      expect(await page.locator("dialog.photo-viewer[open]").count()).toBe(1);
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/portfolio");
    });
  });

  it("f and the button toggle full screen", async () => {
    await withPage(DESKTOP, async (page) => {
      await open(page, "/portfolio/photo/b2i6");
      const button = page.getByRole("button", { name: "Full screen" });
      expect(await button.getAttribute("aria-pressed")).toBe("false");
      await page.keyboard.press("f");
      await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
      await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
      await button.click();
      await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
    });
  });

  it("a drag down closes on touch, going back to where the photograph belongs", async () => {
    await withPage(PHONE, async (page) => {
      await open(page, "/portfolio/photo/b2i6");
      const cdp = await page.context().newCDPSession(page);
      await touch(cdp, "touchStart", [{ x: 200, y: 300 }]);
      for (let step = 1; step <= 8; step++) {
        await touch(cdp, "touchMove", [{ x: 200 + step, y: 300 + step * 30 }]);
      }
      await touch(cdp, "touchEnd", []);
      await page.waitForURL((url) => url.pathname === "/portfolio" && url.hash === "#photo-b2i6");
    });
  });

  it("shows the photograph within a frame of the click on a warm cache", async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto("/portfolio");
      const link = page.locator("#photo-b2i2 > a[data-photo]");
      await link.scrollIntoViewIfNeeded();
      await page.locator("dialog.photo-viewer").waitFor({ state: "attached" });
      // Warm: the photo page and its photograph were seen before.
      await link.click();
      await image(page).waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>("dialog img[data-photo-image]");
        return !!img?.complete && img.naturalWidth > 0;
      });
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === "/portfolio");
      await link.hover();
      const frames = await page.evaluate(async () => {
        const anchor = document.querySelector<HTMLAnchorElement>("#photo-b2i2 > a[data-photo]");
        const shown = () => {
          const img = document.querySelector<HTMLImageElement>(
            "dialog[open] img[data-photo-image]",
          );
          return img && img.getBoundingClientRect().width > 0 ? img : undefined;
        };
        anchor?.click();
        const result = { lqip: -1, image: -1 };
        for (let frame = 1; frame <= 30 && result.image < 0; frame++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const img = shown();
          if (img && result.lqip < 0) result.lqip = frame;
          if (img?.complete && img.naturalWidth > 0) result.image = frame;
        }
        return result;
      });
      expect(frames.lqip, JSON.stringify(frames)).toBe(1);
      expect(frames.image, JSON.stringify(frames)).toBeLessThanOrEqual(2);
    });
  });
});

describe("the photo page without JavaScript", () => {
  for (const [name, options] of Object.entries({ PHONE, DESKTOP, SMALL })) {
    it(`shows the whole photograph and its links in the first screen (${name})`, async () => {
      await withPage({ ...options, javaScriptEnabled: false }, async (page) => {
        for (const path of ["/portfolio/photo/b2i6", "/portfolio/photo/b3i2"]) {
          await page.goto(path);
          await page
            .locator("[data-photo-image]")
            .evaluate(
              (img: HTMLImageElement) =>
                img.complete || new Promise((resolve) => img.addEventListener("load", resolve)),
            );
          const view = await page.evaluate(() => {
            const inView = (element: Element | null) => {
              const r = element?.getBoundingClientRect();
              return (
                !!r &&
                r.width > 0 &&
                r.top >= -1 &&
                r.left >= -1 &&
                r.bottom <= innerHeight + 1 &&
                r.right <= innerWidth + 1
              );
            };
            const img = document.querySelector("[data-photo-image]");
            const r = img?.getBoundingClientRect();
            return {
              image: inView(img),
              fills:
                !!r &&
                (Math.abs(r.width - innerWidth) <= 1 || Math.abs(r.height - innerHeight) <= 1),
              previous: inView(document.querySelector("a[rel=prev]")),
              next: inView(document.querySelector("a[rel=next]")),
              back: inView(document.querySelector("a[data-photo-back]")),
              scrollable: document.documentElement.scrollHeight > innerHeight,
            };
          });
          expect(view, path).toEqual({
            image: true,
            fills: true,
            previous: true,
            next: true,
            back: true,
            // The details, header and footer follow below.
            scrollable: true,
          });
        }
      });
    });
  }
});

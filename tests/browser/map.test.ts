import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { axeInViews, noViolations, openInTheme } from "./axe.ts";
import { startBrowserSession, VISITOR_UA } from "./chromium.ts";

// The map page in a browser: without JavaScript the list of places is the page; with it, the
// map is drawn over the site's own basemap tiles after the first paint, from no other host
// than the site (and the image CDN the photographs always come from), keyboard-operable and
// labelled, and axe finds nothing in either theme with the map drawn.

const { newPage, withPage, siteUrl } = startBrowserSession();
const contentHost = new URL(inject("contentUrl") || siteUrl).host;

// The basemap's colours: the light theme's land and water, the dark theme's water.
const LAND = 0xf6f4ee;
const WATER = 0xd6e6ec;
const DARK_WATER = 0x0b1f2a;

/** The map's data as the site serves it, with these places and points in place of its own. */
function withPlaces(page: Page, places: [string, string][], points: number[][]) {
  return page.route("**/map/data.json*", async (route) => {
    const data = await (await route.fetch()).json();
    await route.fulfill({ json: { ...data, places, points } });
  });
}

/** How many of every `step`th canvas pixel are each of `colours`, and how many were looked at. */
function canvasPixels(page: Page, colours: number[], step = 7) {
  return page.evaluate(
    ([wanted, every]) => {
      const canvas = document.querySelector<HTMLCanvasElement>(".map-view canvas");
      const context = canvas?.getContext("2d");
      const seen = wanted.map(() => 0);
      if (!canvas || !context) return { seen, all: 0 };
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * every) {
        const pixel = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
        const at = wanted.indexOf(pixel);
        if (at >= 0) seen[at] = (seen[at] ?? 0) + 1;
      }
      return { seen, all: Math.ceil(data.length / (4 * every)) };
    },
    [colours, step] as const,
  );
}

describe("the map page", () => {
  it("is the list of places, linked, without JavaScript", async () => {
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto("/map");
      const places = page.locator("li.map-place h3");
      expect(await places.count()).toBe(6);
      await expect.poll(() => page.locator("[data-map]").isHidden()).toBe(true);
      await page.locator("#place-zegama-spain a[href='/portfolio/photo/b2i1']").click();
      await page.waitForURL(/\/portfolio\/photo\/b2i1$/);
      // The photo page's place leads back to its item in the list.
      await page.getByRole("link", { name: "Zegama, Spain" }).click();
      await page.waitForURL(/\/map#place-zegama-spain$/);
    });
  });

  it("is drawn whatever the address's fragment holds, one that is no text too", async () => {
    await withPage({ userAgent: VISITOR_UA }, async (page) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto("/map#%E0");
      await page.locator("[data-map-ready]").waitFor();
      expect(errors).toEqual([]);
    });
  });

  it("lists the places compactly: three to a row on a wide screen, one on a phone", async () => {
    for (const [width, perRow] of [
      [1440, 3],
      [390, 1],
    ] as const) {
      await withPage({ viewport: { width, height: 900 } }, async (page) => {
        await page.goto("/map");
        const tops = await page
          .locator("li.map-place")
          .evaluateAll((items) =>
            items.map((item) => Math.round(item.getBoundingClientRect().top)),
          );
        expect(
          tops.filter((top) => top === tops[0]),
          `${width} px`,
        ).toHaveLength(perRow);
      });
    }
  });

  it("draws the map after the list, in the box kept for it, from the site's own tiles and no other host", async () => {
    const page = await newPage({ userAgent: VISITOR_UA, viewport: { width: 1280, height: 900 } });
    // Every layout shift of the page, from its first paint on, with what moved and how. On a busy
    // machine the header's search link once moved 570 px: the page had been painted before all
    // of it came, which the worker's sending it in one piece ended (the brand's 2 px once, too,
    // most likely).
    await page.addInitScript(() => {
      const shifts: { value: number; inHeader: boolean; what: string }[] = [];
      (window as unknown as { shifts: typeof shifts }).shifts = shifts;
      type Rect = { x: number; y: number; width: number; height: number };
      type Shift = {
        value: number;
        sources?: { node?: Node | null; previousRect: Rect; currentRect: Rect }[];
      };
      const named = (node?: Node | null) =>
        node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node);
      const rect = ({ x, y, width, height }: Rect) => `${x},${y} ${width}×${height}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          const sources = entry.sources ?? [];
          shifts.push({
            value: entry.value,
            inHeader: sources.every(
              (source) => source.node instanceof Element && !!source.node.closest("header"),
            ),
            what: `${entry.value}: ${sources
              .map((s) => `${named(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`)
              .join(", ")}`,
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const hosts = new Set<string>();
    const tiles: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      hosts.add(url.host);
      if (url.pathname.startsWith("/map/tiles/")) tiles.push(url.href);
    });
    try {
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      await expect.poll(() => tiles.length).toBeGreaterThan(0);
      for (const tile of tiles) expect(new URL(tile).host).toBe(new URL(siteUrl).host);
      expect(
        [...hosts].filter((host) => host !== new URL(siteUrl).host && host !== contentHost),
      ).toEqual([]);
      // Every place is a link to its item in the list (one group may hold two).
      const markers = page.locator(".map-marker");
      expect(await markers.count()).toBeGreaterThanOrEqual(4);
      const label = await page.locator("a.map-marker").first().getAttribute("aria-label");
      expect(label).toMatch(/: \d+ photographs?$/);
      // The canvas is drawn on once the tiles have come: land and water are not one colour.
      const colours = () =>
        page.evaluate(() => {
          const canvas = document.querySelector<HTMLCanvasElement>(".map-view canvas");
          const context = canvas?.getContext("2d");
          if (!canvas || !context) return 0;
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
          const seen = new Set<number>();
          for (let i = 0; i < data.length; i += 4 * 97) {
            seen.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
          }
          return seen.size;
        });
      await expect.poll(colours).toBeGreaterThan(2);
      // The map came into the box the first paint kept for it: nothing below the header moved,
      // and the page as a whole shifted by less than anyone could see (a "good" page is < 0.1).
      const shifts = await page.evaluate(
        () =>
          (window as unknown as { shifts: { value: number; inHeader: boolean; what: string }[] })
            .shifts,
      );
      expect(shifts.filter((shift) => !shift.inHeader).map((shift) => shift.what)).toEqual([]);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, shifts.map((shift) => shift.what).join("; ")).toBeLessThan(0.001);
    } finally {
      await page.context().close();
    }
  });

  it("is drawn again in the dark theme's colours when the visitor switches to it", async () => {
    await withPage(
      { colorScheme: "light", viewport: { width: 1280, height: 900 } },
      async (page) => {
        await page.goto("/map");
        await page.locator("[data-map-ready]").waitFor();
        // How many of the canvas's pixels are the theme's water.
        const water = async (rgb: number) => (await canvasPixels(page, [rgb])).seen[0];
        await expect.poll(() => water(WATER)).toBeGreaterThan(0);
        await page.getByRole("button", { name: "Switch to dark theme" }).click();
        await page.locator("html.dark").waitFor({ state: "attached" });
        await expect.poll(() => water(DARK_WATER), { timeout: 10_000 }).toBeGreaterThan(0);
        expect(await water(WATER)).toBe(0);
      },
    );
  });

  it("asks again for a tile that did not come, at the next move", async () => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
      const asked = new Map<string, number>();
      let failed = "";
      await page.route("**/map/tiles/**", (route) => {
        const path = new URL(route.request().url()).pathname;
        asked.set(path, (asked.get(path) ?? 0) + 1);
        // The first tile asked for is lost on the way, once (a moment offline).
        if (!failed) failed = path;
        return path === failed && asked.get(path) === 1
          ? route.abort("internetdisconnected")
          : route.continue();
      });
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      await expect.poll(() => failed, { timeout: 10_000 }).not.toBe("");
      await page.getByRole("region", { name: "Map of the places" }).focus();
      // A move and back: the same tiles in view, drawn again.
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => asked.get(failed) ?? 0, { timeout: 10_000 }).toBeGreaterThan(1);
    });
  });

  it("leaves no empty box when its data cannot be had", async () => {
    await withPage({ userAgent: VISITOR_UA }, async (page) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.route("**/map/data.json*", (route) => route.abort());
      await page.goto("/map");
      await expect.poll(() => page.locator("[data-map]").count(), { timeout: 10_000 }).toBe(0);
      expect(await page.locator("li.map-place").count()).toBe(6);
      expect(errors).toEqual([]);
    });
  });

  it("is operated from the keyboard: the map region, its zoom, its places", async () => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      const region = page.getByRole("region", { name: "Map of the places" });
      await region.focus();
      const positions = () =>
        page
          .locator(".map-marker")
          .evaluateAll((markers) =>
            markers.map((marker) => (marker as HTMLElement).style.left).join(),
          );
      const before = await positions();
      await page.keyboard.press("ArrowLeft");
      await expect.poll(positions).not.toBe(before);
      const moved = await positions();
      await page.keyboard.press("+");
      await expect.poll(positions).not.toBe(moved);
      await page.getByRole("button", { name: "Show every place" }).click();
      // Tab reaches the places: links to their items in the list.
      await region.focus();
      let focused = "";
      for (let i = 0; i < 6 && !focused.startsWith("#place-"); i++) {
        await page.keyboard.press("Tab");
        focused = (await page.evaluate(() => document.activeElement?.getAttribute("href"))) ?? "";
      }
      expect(focused).toMatch(/^#place-/);
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/map#place-/);
    });
  });

  it("shows one place with the land and sea around it, not deeper than the basemap draws", async () => {
    await withPage(
      { colorScheme: "light", viewport: { width: 1280, height: 900 } },
      async (page) => {
        // The site's photographs all from one place, Madrid: 300 km from the nearest sea.
        await withPlaces(page, [["place-madrid", "Madrid"]], [[-3.7, 40.4, 3, 0, 0]]);
        await page.goto("/map");
        await page.locator("[data-map-ready]").waitFor();
        await page.waitForLoadState("networkidle");
        // The canvas's pixels of the theme's land and of its sea: both in view, once drawn.
        const landAndSea = async () => (await canvasPixels(page, [LAND, WATER])).seen;
        await expect
          .poll(async () => Math.min(...(await landAndSea())), { timeout: 10_000 })
          .toBeGreaterThan(100);
        expect(await page.getByRole("link", { name: "Madrid: 3 photographs" }).isVisible()).toBe(
          true,
        );
      },
    );
  });

  it("shows places either side of the antimeridian as neighbours, not the whole world", async () => {
    await withPage(
      { colorScheme: "light", viewport: { width: 1280, height: 900 } },
      async (page) => {
        // Suva, Fiji, and Apia, Samoa: 1,100 km apart, at 178° E and 172° W.
        await withPlaces(
          page,
          [
            ["place-suva", "Suva"],
            ["place-apia", "Apia"],
          ],
          [
            [178.44, -18.14, 2, 0, 0],
            [-171.76, -13.83, 1, 1, 0],
          ],
        );
        await page.goto("/map");
        await page.locator("[data-map-ready]").waitFor();
        await page.waitForLoadState("networkidle");
        // The share of the canvas that is land: the Pacific's islands, not the world's continents.
        const land = async () => {
          const { seen, all } = await canvasPixels(page, [LAND], 1);
          return all ? (seen[0] ?? 0) / all : 1;
        };
        expect(await land()).toBeLessThan(0.05);
        // Both in view, as two places.
        const view = await page.locator(".map-view").boundingBox();
        for (const name of ["Suva: 2 photographs", "Apia: 1 photograph"]) {
          const marker = await page.getByRole("link", { name }).boundingBox();
          expect(marker && view && marker.x > view.x && marker.x < view.x + view.width, name).toBe(
            true,
          );
        }
      },
    );
  });

  it("parts places at one point as deep as it zooms: each its own link round the point", async () => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async (page) => {
      // One region's point, named from either side of a border.
      await withPlaces(
        page,
        [
          ["place-basque-country", "Basque Country"],
          ["place-navarre", "Navarre"],
        ],
        [
          [-2.3, 42.9, 2, 0, 0],
          [-2.3, 42.9, 1, 1, 0],
        ],
      );
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      const group = page.getByRole("button", { name: /^2 places/ });
      const basque = page.getByRole("link", { name: "Basque Country: 2 photographs" });
      // Pressed until it parts (each press zooms in twice, as deep as the map goes).
      for (let presses = 0; presses < 5 && (await group.count()) > 0; presses++) {
        await group.click();
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
      }
      await basque.waitFor();
      await page.getByRole("link", { name: "Navarre: 1 photograph" }).click();
      await page.waitForURL(/\/map#place-navarre$/);
    });
  });

  it("keeps the keyboard on the map when a group of places is pressed", async () => {
    await withPage({ viewport: { width: 390, height: 800 } }, async (page) => {
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      const group = page.locator("button.map-marker").first();
      await group.focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
        .toBe("Map of the places");
    });
  });

  it("lets the wheel scroll the page over the map, and zooms with Ctrl held", async () => {
    await withPage({ viewport: { width: 1280, height: 700 } }, async (page) => {
      await page.goto("/map");
      await page.locator("[data-map-ready]").waitFor();
      const view = page.getByRole("region", { name: "Map of the places" });
      await view.scrollIntoViewIfNeeded();
      const box = await view.boundingBox();
      if (!box) throw new Error("the map has no box");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const positions = () =>
        page
          .locator(".map-marker")
          .evaluateAll((markers) =>
            markers.map((marker) => (marker as HTMLElement).style.left).join(),
          );
      const before = await positions();
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
      expect(await positions()).toBe(before);
      // The map where the page's scroll left it: the wheel again, Ctrl held.
      const held = await view.boundingBox();
      if (!held) throw new Error("the map has no box");
      await page.mouse.move(held.x + held.width / 2, held.y + held.height / 2);
      await page.keyboard.down("Control");
      await page.mouse.wheel(0, -300);
      await page.keyboard.up("Control");
      await expect.poll(positions).not.toBe(before);
    });
  });

  it("axe, with the map drawn, light and dark, 390 and 1280 px", async () => {
    const page = await newPage({ userAgent: VISITOR_UA, viewport: { width: 390, height: 844 } });
    try {
      await openInTheme(page, "/map", undefined, 200);
      await page.locator("[data-map-ready]").waitFor();
      expect(await axeInViews(page)).toEqual(noViolations());
    } finally {
      await page.context().close();
    }
  });
});

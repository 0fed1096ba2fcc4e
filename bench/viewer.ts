// The photo viewer in Chromium: what zooming to the original's pixels fetches per zoom step,
// and how many frames after a click on a thumbnail the photograph is on screen.
import { chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";
import type { Row } from "./table.ts";

/** The demo's full-size photograph (5640 × 3172), the last of the portfolio's "Still life". */
export const ZOOM_PAGE = "/portfolio/photo/b5i7";
const SCREENS = [
  { name: "1280×800 @1x", width: 1280, height: 800, dpr: 1 },
  { name: "390×844 @3x", width: 390, height: 844, dpr: 3, mobile: true },
] as const;

interface Fetched {
  bytes: number;
  pixels: number;
}

const zoomWidth = (page: Page) =>
  page
    .locator("dialog img[data-photo-image]")
    .evaluate((img) => Math.round(img.getBoundingClientRect().width));

/** Zooms in with `+` until the largest zoom, counting what each step asked for and received. */
async function zoomSteps(page: Page): Promise<Fetched[]> {
  const steps: Fetched[] = [];
  let pending = 0;
  let quietSince = Date.now();
  page.on("request", (request) => {
    const url = new URL(request.url());
    const step = steps.at(-1);
    if (!url.searchParams.has("rect") || !step) return;
    pending++;
    const [, , w = 1, h = 1] = (url.searchParams.get("rect") ?? "").split(",").map(Number);
    const out = Number(url.searchParams.get("w"));
    step.pixels += out * Math.round((out * h) / w);
    const done = async () => {
      const body = await (await request.response())?.body().catch(() => undefined);
      step.bytes += body?.length ?? 0;
      pending--;
      quietSince = Date.now();
    };
    void done();
  });
  // A step is over once its region (asked for 150 ms after the last change) has arrived.
  const settled = async () => {
    await page.waitForTimeout(500);
    const deadline = Date.now() + 30_000;
    while ((pending > 0 || Date.now() - quietSince < 300) && Date.now() < deadline) {
      await page.waitForTimeout(50);
    }
  };
  for (let step = 0; step < 8; step++) {
    const before = await zoomWidth(page);
    steps.push({ bytes: 0, pixels: 0 });
    await page.keyboard.press("+");
    await settled();
    if ((await zoomWidth(page)) === before) {
      steps.pop();
      break;
    }
  }
  return steps;
}

/** Frames from the click to the photograph's box on screen (its LQIP) and to the image itself. */
async function openFrames(page: Page): Promise<{ lqip: number; image: number }> {
  await page.goto("/portfolio");
  const link = page.locator("#photo-b2i2 > a[data-photo]");
  await link.scrollIntoViewIfNeeded();
  await page.locator("dialog.photo-viewer").waitFor({ state: "attached" });
  // Warm: the photo page and its photograph have been seen once.
  await link.click();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("dialog[open] img[data-photo-image]");
    return !!img?.complete && img.naturalWidth > 0;
  });
  await page.keyboard.press("Escape");
  await page.waitForURL((url) => url.pathname === "/portfolio");
  await link.hover();
  await page.waitForTimeout(300);
  return page.evaluate(async () => {
    const shown = () => {
      const img = document.querySelector<HTMLImageElement>("dialog[open] img[data-photo-image]");
      return img && img.getBoundingClientRect().width > 0 ? img : undefined;
    };
    document.querySelector<HTMLAnchorElement>("#photo-b2i2 > a[data-photo]")?.click();
    const result = { lqip: -1, image: -1 };
    for (let frame = 1; frame <= 60 && result.image < 0; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const img = shown();
      if (img && result.lqip < 0) result.lqip = frame;
      if (img?.complete && img.naturalWidth > 0) result.image = frame;
    }
    return result;
  });
}

export async function viewerRows(
  siteUrl: string,
  screens: number = SCREENS.length,
): Promise<Row[]> {
  const section = "viewer";
  const rows: Row[] = [];
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    for (const screen of SCREENS.slice(0, screens)) {
      const context = await browser.newContext({
        baseURL: siteUrl,
        viewport: { width: screen.width, height: screen.height },
        deviceScaleFactor: screen.dpr,
        isMobile: "mobile" in screen,
        hasTouch: "mobile" in screen,
      });
      try {
        const page = await context.newPage();
        await page.goto(ZOOM_PAGE);
        await page.locator("dialog[open] img[data-photo-image]").waitFor();
        await page.waitForLoadState("networkidle");
        const steps = await zoomSteps(page);
        const screenPixels = screen.width * screen.height * screen.dpr ** 2;
        const worst = steps.reduce((most, step) => (step.pixels > most.pixels ? step : most), {
          bytes: 0,
          pixels: 0,
        });
        const perStep = steps.map((step) => `${(step.bytes / 1024).toFixed(0)}`).join(", ");
        rows.push(
          {
            section,
            metric: `zoom to 1:1 (5640 px), ${screen.name}: image pixels per step ÷ screen's`,
            value: worst.pixels / screenPixels,
            unit: "×",
            digits: 2,
            budget: { op: "<=", limit: 2.5 },
            note: `${steps.length} steps (+); KiB per step: ${perStep}`,
          },
          {
            section,
            metric: `zoom to 1:1 (5640 px), ${screen.name}: bytes per step ÷ screen's device pixels`,
            value: Math.max(0, ...steps.map((step) => step.bytes)) / screenPixels,
            unit: "B/px",
            digits: 2,
            budget: { op: "<=", limit: 2.5 },
          },
        );
      } finally {
        await context.close();
      }
    }
    const context = await browser.newContext({
      baseURL: siteUrl,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const frames = await openFrames(await context.newPage());
      rows.push(
        {
          section,
          metric: "open from a thumbnail (warm cache): frames to the photograph's LQIP",
          value: frames.lqip,
          unit: "frames",
          budget: { op: "<=", limit: 1 },
        },
        {
          section,
          metric: "open from a thumbnail (warm cache): frames to the image",
          value: frames.image,
          unit: "frames",
          budget: { op: "<=", limit: 2 },
        },
      );
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

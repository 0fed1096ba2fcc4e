// Bytes sent to a visitor: the HTML of each page, and the JS and CSS Chromium actually
// requests while loading it (the entry, then React and the islands, the viewer), raw, gzip and
// brotli.
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";
import type { ModuleAddresses } from "../shared/modules.ts";

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** node:zlib at its defaults: gzip level 6, brotli quality 11. */
export function sizesOf(body: Uint8Array | string): Sizes {
  const buffer = typeof body === "string" ? Buffer.from(body) : body;
  return {
    raw: buffer.byteLength,
    gzip: gzipSync(buffer).byteLength,
    brotli: brotliCompressSync(buffer).byteLength,
  };
}

function add(a: Sizes, b: Sizes): Sizes {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}

const ZERO: Sizes = { raw: 0, gzip: 0, brotli: 0 };

export async function htmlSizes(url: string): Promise<Sizes> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return sizesOf(new Uint8Array(await res.arrayBuffer()));
}

export interface PageAssets {
  /** The scripts every page starts with after its first paint: the entry and what it imports. */
  js: Sizes;
  /** React and the page's islands, which hydrate about a second after the page has loaded. */
  islands: Sizes;
  /** The photo viewer (its styles are inside it), where the page loads it. */
  viewer?: Sizes;
  css: Sizes;
  /** Paths of the scripts and stylesheets requested, in order. */
  files: string[];
}

/** The page's module addresses (shared/modules.ts), as it carries them in `#modules`. */
export async function moduleAddresses(url: string): Promise<ModuleAddresses | undefined> {
  const html = await (await fetch(url)).text();
  const json = /<script type="application\/json" id="modules">([^<]*)<\/script>/.exec(html)?.[1];
  return json ? (JSON.parse(json) as ModuleAddresses) : undefined;
}

/**
 * Paths of the same-origin scripts and stylesheets Chromium requests while loading `url`, until
 * the network is idle and every island has hydrated.
 */
async function requestedAssets(browser: Browser, url: string): Promise<string[]> {
  const origin = new URL(url).origin;
  const context = await browser.newContext();
  try {
    // Photographs are not part of these figures; skipping them keeps the run short.
    await context.route("**/*", (route) =>
      route.request().resourceType() === "image" ? route.abort() : route.continue(),
    );
    const page = await context.newPage();
    const files: string[] = [];
    page.on("request", (request) => {
      const type = request.resourceType();
      const target = new URL(request.url());
      if (target.origin === origin && (type === "script" || type === "stylesheet")) {
        files.push(target.pathname);
      }
    });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForFunction(() => !document.querySelector("[data-island]:not([data-live])"));
    await page.waitForLoadState("networkidle");
    return [...new Set(files)];
  } finally {
    await context.close();
  }
}

/**
 * Loads each page in a fresh browser context, then sums the sizes of the JS and CSS it
 * requested (fetched again from the site: the bodies Chromium got are the same files). What
 * was requested from the island runtime on is counted as the islands' (the viewer apart).
 */
export async function recordAssets(urls: string[]): Promise<PageAssets[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const requested: string[][] = [];
  try {
    for (const url of urls) requested.push(await requestedAssets(browser, url));
  } finally {
    await browser.close();
  }
  return Promise.all(
    urls.map(async (url, i) => {
      const files = requested[i] ?? [];
      const assets: PageAssets = { js: ZERO, islands: ZERO, css: ZERO, files };
      const addresses = await moduleAddresses(url);
      const viewer = addresses?.modules["photo-viewer"];
      const islandsFrom = files.indexOf(addresses?.islandRuntime ?? "");
      for (const [index, file] of files.entries()) {
        const res = await fetch(new URL(file, url));
        if (!res.ok) throw new Error(`${file} answered ${res.status}`);
        const sizes = sizesOf(new Uint8Array(await res.arrayBuffer()));
        if (file.endsWith(".css")) assets.css = add(assets.css, sizes);
        else if (file === viewer) assets.viewer = sizes;
        else if (islandsFrom >= 0 && index >= islandsFrom)
          assets.islands = add(assets.islands, sizes);
        else assets.js = add(assets.js, sizes);
      }
      return assets;
    }),
  );
}

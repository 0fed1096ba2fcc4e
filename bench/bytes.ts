// Bytes sent to a visitor: the HTML of each page, and the JS and CSS Chromium actually
// requests while loading it (entry, modulepreloads, island chunks), raw, gzip and brotli.
import { brotliCompressSync, gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.ts";

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
  /** The scripts a page loads for itself, the photo viewer's excepted. */
  js: Sizes;
  /** The photo viewer (its styles are inside it), where the page loads it. */
  viewer?: Sizes;
  css: Sizes;
  /** Paths of the scripts and stylesheets requested, in order. */
  files: string[];
}

/** Paths of the same-origin scripts and stylesheets Chromium requests while loading `url`. */
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
    return [...new Set(files)];
  } finally {
    await context.close();
  }
}

/** The photo viewer's hashed path, as the page names it in `<meta name="photo-viewer">`. */
export async function photoViewerPath(url: string): Promise<string | undefined> {
  const html = await (await fetch(url)).text();
  return /<meta name="photo-viewer" content="([^"]+)"/.exec(html)?.[1];
}

/**
 * Loads each page in a fresh browser context, then sums the sizes of the JS and CSS it
 * requested (fetched again from the site: the bodies Chromium got are the same files).
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
      const assets: PageAssets = { js: ZERO, css: ZERO, files: requested[i] ?? [] };
      const viewer = await photoViewerPath(url);
      for (const file of assets.files) {
        const res = await fetch(new URL(file, url));
        if (!res.ok) throw new Error(`${file} answered ${res.status}`);
        const sizes = sizesOf(new Uint8Array(await res.arrayBuffer()));
        if (file.endsWith(".css")) assets.css = add(assets.css, sizes);
        else if (file === viewer) assets.viewer = sizes;
        else assets.js = add(assets.js, sizes);
      }
      return assets;
    }),
  );
}

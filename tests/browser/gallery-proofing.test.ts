import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markBox } from "../../cli/gallery/mark.ts";
import { siteSettings } from "../../demo/content.ts";
import { mutate, sendSanityWebhook } from "../../demo/publish.ts";
import { createDemoGallery } from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { markDifference } from "../support/mark-server.ts";
import { chooseAs } from "./choosing.ts";
import { startBrowserSession, VISITOR_UA } from "./chromium.ts";

// Issue 36's proofing walk, in Chromium: a client opens the demo's proofing gallery (made by
// npm start's own code, its proofs drawn by the upload command) and sees the watermark, marks a
// favourite and sends the selection; the owner delivers the gallery (the Studio's Stage field:
// the document changes and the publish webhook says so); the client reloads and downloads a
// clean photograph.

const { newPage } = startBrowserSession();

let site: RunningSite | undefined;
beforeAll(async () => {
  site = await startSite({ isolated: true });
}, 60_000);
afterAll(async () => {
  await site?.close();
});

/** The demo's watermark (demo/content.ts: its logo and "PROOF" on a band across the middle). */
const { logo, ...demoMark } = siteSettings.galleries.watermark;
const MARK = { ...demoMark, image: logo ? "the demo's logo" : undefined };

/** The mean difference of two images inside the mark's band and outside it (0 to 255). */
const difference = (a: Buffer, b: Buffer) =>
  markDifference(a, b, (width, height) => markBox(width, height, MARK));

/** The first grid image's bytes, as the browser got them (the session's cookies with it). */
async function firstImage(page: Page): Promise<{ src: string; bytes: Buffer }> {
  const src = await page
    .locator(".photo-grid img")
    .first()
    .evaluate((img) => {
      const image = img as HTMLImageElement;
      return image.currentSrc || image.src;
    });
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  return { src, bytes: await res.body() };
}

describe("proofing, as a client and the owner meet it", () => {
  it("shows watermarked proofs, takes the selection, and after delivery serves a clean download", async () => {
    if (!site) throw new Error("The site is not running");
    const gallery = await createDemoGallery(site, site.url, "proofing");
    const path = `/g/${gallery.id}`;
    const page = await newPage({
      baseURL: site.url,
      userAgent: VISITOR_UA,
      extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.201" },
    });
    try {
      await page.goto(path);
      await page.getByLabel("Password").fill(gallery.password);
      await Promise.all([
        page.waitForURL((url) => url.pathname === path),
        page.getByRole("button", { name: "Open the gallery" }).click(),
      ]);
      await page.getByText("These are proofs").waitFor();
      const proof = await firstImage(page);
      expect(proof.src).toContain("?v=proofing");
      // No original, and no clean download, is offered while proofing.
      expect(await page.locator('a[href*="size=original"]').count()).toBe(0);

      // The selection.
      await chooseAs(page, () => site?.output() ?? "", "ana.proofs@example.com");
      await page.getByRole("button", { name: "Add to favourites: Photograph 1" }).click();
      await page.getByRole("button", { name: "Remove from favourites: Photograph 1" }).waitFor();
      // The send form comes with the page once a favourite is there.
      await page.reload();
      await page.getByLabel("A note for the photographer (optional)").fill("This one, please.");
      await page.getByRole("button", { name: "Send my selection" }).click();
      await page.getByRole("button", { name: "Send the selection again" }).waitFor();

      // The owner delivers: the Studio's Stage field, and the publish webhook.
      const token = site.vars.SANITY_TOKEN as string;
      await mutate(site.content?.url as string, token, [
        { patch: { id: `clientGallery.${gallery.id}`, set: { stage: "delivered" } } },
      ]);
      const hook = await sendSanityWebhook({
        siteUrl: site.url,
        secret: site.vars.SANITY_WEBHOOK_SECRET as string,
        body: { _id: `clientGallery.${gallery.id}`, _type: "clientGallery", operation: "update" },
      });
      expect(hook.status).toBe(200);

      // The client reloads: clean photographs, and the downloads the owner allows.
      await page.reload();
      expect(await page.getByText("These are proofs").count()).toBe(0);
      const clean = await firstImage(page);
      expect(clean.src).toContain("?v=delivered");
      const marked = await difference(proof.bytes, clean.bytes);
      expect(marked.inside, JSON.stringify(marked)).toBeGreaterThan(20);
      expect(marked.outside, JSON.stringify(marked)).toBeLessThan(8);

      await page.goto(`${path}/p/${(/\/photo\/([0-9a-f]{32})\//.exec(clean.src) ?? [])[1]}`);
      // The photograph's own page offers the original now; the client takes it.
      const link = page.getByRole("link", { name: "Download the original" });
      const href = await link.getAttribute("href");
      expect(href).toContain("size=original");
      const taken = await page.request.get(href as string);
      expect(taken.status()).toBe(200);
      expect(taken.headers()["content-disposition"]).toContain("attachment");
      const file = await taken.body();
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("jpeg");
      // The original: the clean photograph at its own size, no band across it.
      const original = await sharp(file).resize(400).toBuffer();
      const cleanSmall = await sharp(clean.bytes).resize(400).toBuffer();
      const same = await difference(original, cleanSmall);
      expect(same.inside, JSON.stringify(same)).toBeLessThan(8);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

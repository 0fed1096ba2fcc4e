// The store in Chromium against the built site under wrangler dev, with the stand-ins npm start
// runs for Stripe and the lab: a print bought from a photo page and paid on the hosted checkout
// page, a licence bought and its file downloaded (its XMP read back with exifr), both with and
// without JavaScript; axe on the cart and the order page in both themes.
import exifr from "exifr";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, openInTheme, THEMES } from "./axe.ts";
import { hydrated, startBrowserSession } from "./chromium.ts";

const { siteUrl, withPage } = startBrowserSession();

/**
 * Chooses a product in a photo page's Buy section and adds it to the cart, as a visitor does:
 * without JavaScript on the page itself; with it, in the details of the viewer that shows the
 * photograph over the page.
 */
async function addToCart(
  page: Page,
  path: string,
  product: string,
  quantity = "1",
  javaScript = true,
) {
  await page.goto(path);
  let buy = page.locator("main [data-buy]");
  if (javaScript) {
    await hydrated(page);
    const viewer = page.locator("dialog.photo-viewer[open]");
    await viewer.getByRole("button", { name: "Details" }).click();
    buy = viewer.locator("[data-buy]");
  }
  await buy.locator(`input[name="product"][value="${product}"]`).check();
  // Typed as a visitor types: + and − in the field are the field's, not the viewer's zoom.
  const field = buy.locator('input[name="quantity"]');
  await field.fill("");
  await field.pressSequentially(quantity);
  expect(await field.inputValue()).toBe(quantity);
  await Promise.all([
    page.waitForURL(/\/cart$/),
    buy.getByRole("button", { name: "Add to cart" }).click(),
  ]);
}

/** Checks out and pays on the stand-in's hosted page; back on the order page. */
async function checkOutAndPay(page: Page, withAddress: boolean) {
  await Promise.all([
    page.waitForURL(/\/c\/pay\//),
    page.getByRole("button", { name: "Check out" }).click(),
  ]);
  await page.getByLabel("E-mail").fill("ada@example.com");
  await page.getByLabel("Name").fill("Ada Lovelace");
  if (withAddress) {
    await page.getByLabel("Address").first().fill("1 Example Street");
    await page.getByLabel("Town or city").fill("Berlin");
    await page.getByLabel("Postal code").fill("10115");
  }
  // The shipping country (a list of the allowed ones), or for a licence the billing country.
  const country = page.getByLabel("Country");
  if ((await country.evaluate((element) => element.tagName)) === "SELECT") {
    await country.selectOption("DE");
  } else {
    await country.fill("DE");
  }
  await Promise.all([
    page.waitForURL(/\/order\/[\w-]{32}$/),
    page.getByRole("button", { name: "Pay", exact: true }).click(),
  ]);
}

/** Reloads the order page until Stripe's webhook has marked it paid. */
async function paid(page: Page) {
  for (let i = 0; i < 50; i++) {
    if ((await page.locator('[data-order-status="paid"]').count()) > 0) return;
    await page.waitForTimeout(200);
    await page.reload();
  }
  throw new Error("The order was never paid");
}

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
])("buying %s", (_, javaScriptEnabled) => {
  it("a print from a photo page, paid on Stripe's page", { timeout: 90_000 }, async () => {
    await withPage({ javaScriptEnabled }, async (page) => {
      await addToCart(page, "/portfolio/photo/b2i1", "print:fine-art-8x10", "2", javaScriptEnabled);
      await expect.poll(() => page.locator("main").textContent()).toContain("€90.00");
      await checkOutAndPay(page, true);
      await paid(page);
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text).toContain("Fine art print, 8×10 in");
      expect(text).toContain("Berlin");
      // The cart is empty once its order is paid.
      await page.goto("/cart");
      expect(await page.locator("main").textContent()).toContain("Your cart is empty");
    });
  });

  it("a licence, and its file with the licence in it", { timeout: 90_000 }, async () => {
    await withPage({ javaScriptEnabled, acceptDownloads: true }, async (page) => {
      await addToCart(page, "/portfolio/photo/b5i7", "licence:personal", "1", javaScriptEnabled);
      await checkOutAndPay(page, false);
      await paid(page);
      const link = page.locator("[data-licence-download]");
      const href = (await link.getAttribute("href")) ?? "";
      const res = await page.request.get(new URL(href, siteUrl).href);
      expect(res.status()).toBe(200);
      const meta = await exifr.parse(Buffer.from(await res.body()), {
        xmp: true,
        mergeOutput: false,
        tiff: false,
      });
      expect(meta?.plus?.LicenseID).toBe(/\/order\/([\w-]{32})/.exec(page.url())?.[1]);
      expect(JSON.stringify(meta?.plus?.Licensee)).toContain("Ada Lovelace");
      expect(meta?.xmpRights?.WebStatement).toMatch(/\/licensing$/);
    });
  });
});

describe("axe", () => {
  it.each(THEMES)(
    "finds nothing on the cart and the order page, %s",
    { timeout: 90_000 },
    async (theme) => {
      await withPage({}, async (page) => {
        await addToCart(page, "/portfolio/photo/b5i7", "print:signed-a5");
        await openInTheme(page, "/cart", theme, 200);
        expect(await axeViolations(page)).toEqual([]);
        await checkOutAndPay(page, true);
        await paid(page);
        await openInTheme(page, page.url(), theme, 200);
        expect(await axeViolations(page)).toEqual([]);
      });
    },
  );
});

// The store in Chromium against the built site as npm start serves it, with the stand-ins npm start
// runs for Stripe and the lab: a print bought from a photo page and paid on the hosted checkout
// page, a licence bought and its file downloaded (its XMP read back with exifr), and a client
// ordering prints of two favourites from npm start's demo gallery (the lab ships, and says so
// through its callback), each with and without JavaScript (with it, "Add to cart" answers in
// place); axe on the cart and the order page in both themes.
import { readFile } from "node:fs/promises";
import exifr from "exifr";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { mailedLink, sentMails } from "../../scripts/local-mail.ts";
import { axeInViews, noViolations, openInTheme, themesAt } from "./axe.ts";
import { chooseAs } from "./choosing.ts";
import { hydrated, startBrowserSession } from "./chromium.ts";
import { showDashboard } from "./studio-dashboard.ts";

// Each visitor an address of their own: carts, and the order page's reads of Stripe, count per
// visitor (CART_LIMIT), and this file's buyers together would pass one visitor's minute.
const { siteUrl, withPage } = startBrowserSession({ visitorsFrom: "192.0.6" });

/**
 * Chooses a product in a Buy section and adds it to the cart, as a visitor does: without
 * JavaScript the form posts and the cart's page shows; with it, the section says what was added
 * and links to the cart, which the visitor follows.
 */
async function chooseAndAdd(
  page: Page,
  buy: Locator,
  product: string,
  quantity: string,
  javaScript: boolean,
) {
  await buy.locator(`input[name="product"][value="${product}"]`).check();
  // Typed as a visitor types: + and − in the field are the field's, not the viewer's zoom. A
  // licence is one: with JavaScript its field takes nothing.
  const field = buy.locator('input[name="quantity"]');
  if (await field.isEnabled()) {
    await field.fill("");
    await field.pressSequentially(quantity);
  }
  expect(await field.inputValue()).toBe(quantity);
  const add = buy.getByRole("button", { name: "Add to cart" });
  if (!javaScript) {
    await Promise.all([page.waitForURL(/\/cart$/), add.click()]);
    return;
  }
  const before = page.url();
  // A press before the section's script has come is held and replayed once it is there.
  await add.click();
  await buy
    .getByRole("status")
    .getByText(/^Added to your cart: \d+ × /)
    .waitFor();
  // Said in place, without a reload.
  expect(page.url()).toBe(before);
}

/** Follows the link to the cart a Buy section gave after adding (or is on the cart already). */
async function toCart(page: Page, buy: Locator) {
  if (page.url().endsWith("/cart")) return;
  await Promise.all([
    page.waitForURL(/\/cart$/),
    buy.getByRole("link", { name: /^Your cart holds/ }).click(),
  ]);
}

/** The viewer's details of the photograph it shows, where its Buy section is. */
async function viewerDetails(page: Page): Promise<Locator> {
  const viewer = page.locator("dialog.photo-viewer[open]");
  await viewer.locator("[data-photo-image]").waitFor();
  const details = viewer.getByRole("button", { name: "Details" });
  if ((await details.getAttribute("aria-expanded")) !== "true") await details.click();
  return viewer.locator("[data-buy]");
}

/**
 * Adds a product of a photo page's Buy section to the cart and goes to the cart: without
 * JavaScript on the page itself; with it, in the details of the viewer that shows the
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
    buy = await viewerDetails(page);
  }
  await chooseAndAdd(page, buy, product, quantity, javaScript);
  await toCart(page, buy);
}

/** Checks out and pays on the stand-in's hosted page; back on the order page. */
async function checkOutAndPay(page: Page, withAddress: boolean, email = "ada@example.com") {
  await Promise.all([
    page.waitForURL(/\/c\/pay\//),
    page.getByRole("button", { name: "Check out" }).click(),
  ]);
  await page.getByLabel("E-mail").fill(email);
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
    page.waitForURL(/\/order\/[\w-]{32}\?session=cs_test_\w+$/),
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
      // The cart is empty once its order is paid, and the header stops linking it.
      expect(await page.locator("header [data-cart-link]").isVisible()).toBe(false);
      await page.goto("/");
      expect(await page.locator("header [data-cart-link]").isVisible()).toBe(false);
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
      // The licence by its order's reference and line, not by the id that opens the order page.
      expect(meta?.plus?.LicenseID).toMatch(/^[A-Z0-9]{8}-1$/);
      expect(JSON.stringify(meta?.plus?.Licensee)).toContain("Ada Lovelace");
      expect(meta?.xmpRights?.WebStatement).toMatch(/\/licensing$/);
    });
  });
});

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
])("an order's page %s", (_, javaScriptEnabled) => {
  it(javaScriptEnabled
    ? "says the payment and then the licence's file in place as they come, the focus and the page kept"
    : "reloads itself until the payment and the licence's file have come", {
    timeout: 90_000,
  }, async () => {
    await withPage({ javaScriptEnabled }, async (page) => {
      await addToCart(page, "/portfolio/photo/b5i7", "licence:personal", "1", javaScriptEnabled);
      await Promise.all([
        page.waitForURL(/\/c\/pay\//),
        page.getByRole("button", { name: "Check out" }).click(),
      ]);
      // The order's page before paying, where Stripe will send the buyer back (Stripe's API).
      const stripePage = new URL(page.url());
      const session = stripePage.pathname.split("/").at(-1) ?? "";
      const read = await fetch(`${stripePage.origin}/v1/checkout/sessions/${session}`, {
        headers: { Authorization: `Bearer ${inject("stripeKey")}` },
      });
      const { success_url } = (await read.json()) as { success_url: string };
      await page.goto(success_url.replace("{CHECKOUT_SESSION_ID}", session));
      // Waiting, said in a live region as it changes.
      const waiting = page.locator('[data-order-status="open"]');
      expect(await waiting.getAttribute("role")).toBe("status");
      const home = page.locator("header a").first();
      if (javaScriptEnabled) {
        // No reload on its way: this page's own state and its focus are still there at the end.
        await page.evaluate(() => Object.assign(window, { waited: true }));
        await home.focus();
      }

      const paid = await fetch(
        `${stripePage.origin}/_control/checkout/sessions/${session}/complete`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ address: { country: "DE" } }),
        },
      );
      expect(paid.status).toBe(200);
      const download = page.locator("[data-licence-download]");
      await expect.poll(() => download.count(), { timeout: 40_000 }).toBe(1);
      expect(await page.locator("[data-order-status]").getAttribute("data-order-status")).toBe(
        "paid",
      );
      // Named apart from any other licence's link: by its photograph and licence.
      expect(await download.getAttribute("href")).toBe(
        await page
          .getByRole("link", { name: /^Download the licensed file: .+ \(.+\)$/ })
          .getAttribute("href"),
      );
      if (javaScriptEnabled) {
        expect(await page.evaluate(() => "waited" in window)).toBe(true);
        expect(await home.evaluate((link) => link === document.activeElement)).toBe(true);
        // The paid order emptied the cart: the header's link to it has gone.
        expect(await page.locator("header [data-cart-link]").isVisible()).toBe(false);
        // Done waiting: it looks no more.
        expect(await page.locator("[data-order-refresh]").count()).toBe(0);
      }
    });
  });
});

const HOUR = 3_600_000;

/** Runs one of the site's Cron Triggers as Cloudflare would at `at` (the local server's handler). */
async function schedule(cron: string, at: number) {
  const query = `cron=${encodeURIComponent(cron)}&time=${at}`;
  const res = await fetch(`${siteUrl}/cdn-cgi/local/scheduled?${query}`);
  expect(res.status).toBe(200);
}

interface Summary {
  photos: { period: number; photo: string; cart: number; paid: number }[];
  mails: {
    period: number;
    kind: string;
    sent: number;
    clicks: number;
    orders: number;
    revenue: { currency: string; amount: number }[];
  }[];
}

/** The insights summary the owner's dashboard reads (a private document: the owner's token). */
async function insightsSummary(): Promise<Summary | undefined> {
  const query = encodeURIComponent('*[_id == "insights.summary"][0]');
  const res = await fetch(
    `${inject("contentUrl")}/v2025-02-19/data/query/production?query=${query}`,
    {
      headers: { Authorization: `Bearer ${inject("contentToken")}` },
    },
  );
  return ((await res.json()) as { result?: Summary }).result;
}

describe("a cart left behind", () => {
  it("comes back by e-mail with the buyer's own code, which Stripe takes off; the owner's figures have its click and its sale", {
    timeout: 120_000,
  }, async () => {
    const siteLog = () => readFile(inject("siteLog"), "utf8");
    await withPage({}, async (page) => {
      await addToCart(page, "/portfolio/photo/b2i3", "print:fine-art-8x10");
      const address = `left-${Date.now()}@example.com`;
      await page
        .getByLabel("Your e-mail, if you would like a reminder of this cart (optional)")
        .fill(address);
      await Promise.all([
        page.waitForURL(/\/c\/pay\//),
        page.getByRole("button", { name: "Check out" }).click(),
      ]);
      // Stripe's page has it already.
      expect(await page.getByLabel("E-mail").inputValue()).toBe(address);
      // They leave; the session's hour is up (the stand-in's control, at once).
      const stripePage = new URL(page.url());
      await page.goto("/");
      const expired = await fetch(
        `${stripePage.origin}/_control/checkout/sessions/${stripePage.pathname.split("/").at(-1)}/expire`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      );
      expect(expired.status).toBe(200);
      // The five-minute Cron Trigger, a day and more later, every four hours of a day: one of
      // them is a sensible hour on the buyer's clock, wherever the local server places them.
      for (let hours = 25; hours < 49; hours += 4) {
        await schedule("*/5 * * * *", Date.now() + hours * HOUR);
      }
      const link = await mailedLink(siteLog, address, "/m/");
      const mails = (await sentMails(await siteLog())).filter((mail) => mail.to === address);
      expect(mails.map((mail) => mail.subject)).toEqual([
        "Your cart at Jane Doe Photography is waiting for you",
      ]);
      const code = /\bBACK[A-Z0-9]{8}\b/.exec(mails[0]?.text ?? "")?.[0];
      expect(code).toBeDefined();

      // Followed in the browser: the cart is back, its code in the discount field.
      await page.goto(link);
      await page.waitForURL(/\/cart\?notice=code$/);
      expect(await page.locator("main").textContent()).toContain(
        "Your cart is back, and your code is taken off at checkout.",
      );
      expect(await page.getByLabel("Discount code (optional)").inputValue()).toBe(code);
      await checkOutAndPay(page, true, address);
      await paid(page);
      // Stripe took 10 % off the €45.00 print: the order says so.
      expect(await page.locator("main").textContent()).toMatch(/Discount\s*-€4\.50/);

      // The owner's figures, from the hourly Cron Trigger (an hour on each time, so it is due):
      // the e-mail's click and the sale credited to it, and the photograph's steps.
      let later = 2;
      await expect
        .poll(
          async () => {
            await schedule("7 * * * *", Date.now() + later++ * HOUR);
            const summary = await insightsSummary();
            const cart = summary?.mails.find((row) => row.period === 7 && row.kind === "cart");
            const photo = summary?.photos.find(
              (row) => row.period === 7 && row.photo === "portfolio/b2i3",
            );
            return {
              clicked: (cart?.clicks ?? 0) >= 1,
              credited: (cart?.orders ?? 0) >= 1,
              paid: (photo?.paid ?? 0) >= 1,
            };
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual({ clicked: true, credited: true, paid: true });
    });

    // The owner sees them in the Studio's Insights dashboard, over the last 7 days.
    const summary = await insightsSummary();
    const cart = summary?.mails.find((row) => row.period === 7 && row.kind === "cart");
    await withPage({ locale: "en-US" }, async (owner) => {
      await showDashboard(owner, summary);
      await owner.getByRole("tab", { name: "7 days" }).click();
      const mails = owner.locator("table").filter({ hasText: "Cart left behind" });
      const row = mails.locator("tr", { hasText: "Cart left behind" });
      expect((await row.locator("td").allTextContents()).slice(0, 4)).toEqual([
        "Cart left behind",
        String(cart?.sent),
        String(cart?.clicks),
        String(cart?.orders),
      ]);
      // The sales it brought, in the owner's currency (the summary's amounts in major units).
      const sales = (cart?.revenue ?? []).map(({ currency, amount }) =>
        new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount),
      );
      expect(sales).toEqual(["€48.50"]);
      expect(sales).not.toEqual([]);
      expect(await row.locator("td").last().textContent()).toBe(sales.join(", "));
      // The steps from a photo page to a sale: each has its bar, the paid one too.
      const steps = owner.locator("[data-ui='Card']", {
        has: owner.getByRole("heading", { name: "From a photo page to a sale" }),
      });
      await expect.poll(() => steps.locator(".recharts-bar-rectangle").count()).toBe(4);
      expect(await steps.locator(".recharts-yAxis-tick-labels").textContent()).toBe(
        "Photo page viewsAdded to a cartCheckoutsPaid",
      );
    });
  });
});

describe("the Buy section with JavaScript", () => {
  it("is in sight on the photograph: Buy opens the viewer's details at it", {
    timeout: 60_000,
  }, async () => {
    await withPage({ viewport: { width: 390, height: 844 } }, async (page) => {
      await page.goto("/portfolio/photo/b2i1");
      await hydrated(page);
      const viewer = page.locator("dialog.photo-viewer[open]");
      await viewer.locator("[data-photo-image]").waitFor();
      expect(await viewer.getAttribute("data-info")).toBeNull();
      await viewer.getByRole("link", { name: "Buy", exact: true }).click();
      await expect.poll(() => viewer.getAttribute("data-info")).toBe("");
      const first = viewer.locator('[data-buy] input[name="product"]').first();
      await expect
        .poll(() => first.evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await first.isVisible()).toBe(true);
    });
  });

  it("shows the cart in the header as soon as something is added, and on every later page", {
    timeout: 60_000,
  }, async () => {
    await withPage({}, async (page) => {
      await page.goto("/portfolio/photo/b2i1");
      await hydrated(page);
      const cartLink = page.locator("header [data-cart-link]");
      expect(await cartLink.isVisible()).toBe(false);
      await chooseAndAdd(page, await viewerDetails(page), "print:fine-art-8x10", "2", true);
      await cartLink.waitFor({ state: "visible" });
      expect(await cartLink.textContent()).toContain("2");
      // A public page, the same for every visitor at the edge: the head script shows the count.
      await page.goto("/portfolio");
      expect(await cartLink.isVisible()).toBe(true);
      expect(
        await cartLink
          .locator(".cart-count")
          .evaluate((count) => getComputedStyle(count, "::after").content),
      ).toBe('"2"');
      await Promise.all([page.waitForURL(/\/cart$/), cartLink.click()]);
      expect(await page.locator("main").textContent()).toContain("€90.00");
    });
  });

  it("sends the form the plain way, once, when the answer in place is lost on the way", {
    timeout: 60_000,
  }, async () => {
    await withPage({}, async (page) => {
      await page.goto("/portfolio/photo/b2i1");
      await hydrated(page);
      const buy = await viewerDetails(page);
      const action = await buy.locator("form[data-buy-form]").getAttribute("action");
      const posts: string[] = [];
      await page.route(`**${action}`, (route) => {
        const request = route.request();
        if (request.method() !== "POST") return route.continue();
        posts.push(request.resourceType());
        // The script's request never comes back; the plain form's goes through.
        return request.resourceType() === "fetch"
          ? route.abort("connectionreset")
          : route.continue();
      });
      // Answered as without JavaScript: the plain form posts and the cart's page shows.
      await chooseAndAdd(page, buy, "print:fine-art-8x10", "1", false);
      expect(posts).toEqual(["fetch", "document"]);
      // One print, not two.
      expect(await page.locator("main").textContent()).toContain("€45.00");
      expect(await page.locator("main").textContent()).not.toContain("€90.00");
    });
  });

  it("never sends the form again once the worker has answered, even when its answer breaks off", {
    timeout: 60_000,
  }, async () => {
    await withPage({}, async (page) => {
      await page.goto("/portfolio/photo/b2i1");
      await hydrated(page);
      const buy = await viewerDetails(page);
      const action = await buy.locator("form[data-buy-form]").getAttribute("action");
      const posts: string[] = [];
      let answered: () => void = () => {};
      const arrived = new Promise<void>((resolve) => {
        answered = resolve;
      });
      await page.route(`**${action}`, async (route) => {
        const request = route.request();
        if (request.method() !== "POST") return route.continue();
        posts.push(request.resourceType());
        // The worker adds the print and answers; its JSON is cut short on the way.
        const response = await route.fetch();
        await route.fulfill({ response, body: '{"count":' });
        answered();
      });
      const before = page.url();
      await buy.locator('input[name="product"][value="print:fine-art-8x10"]').check();
      await buy.getByRole("button", { name: "Add to cart" }).click();
      await arrived;
      await page.waitForTimeout(500);
      expect(posts).toEqual(["fetch"]);
      expect(page.url()).toBe(before);
      await page.goto("/cart");
      expect(await page.locator("main").textContent()).toContain("€45.00");
      expect(await page.locator("main").textContent()).not.toContain("€90.00");
    });
  });

  it("sets the quantity to 1, fixed, while a licence is chosen", { timeout: 60_000 }, async () => {
    await withPage({}, async (page) => {
      await page.goto("/portfolio/photo/b5i7");
      await hydrated(page);
      const buy = await viewerDetails(page);
      const quantity = buy.locator('input[name="quantity"]');
      await buy.locator('input[name="product"][value="print:fine-art-8x10"]').check();
      await quantity.fill("3");
      await buy.locator('input[name="product"][value="licence:editorial"]').check();
      await expect.poll(() => quantity.inputValue()).toBe("1");
      expect(await quantity.isDisabled()).toBe(true);
      // Back to a print, the quantity is the visitor's again.
      await buy.locator('input[name="product"][value="print:fine-art-8x10"]').check();
      expect(await quantity.isEnabled()).toBe(true);
      expect(await quantity.inputValue()).toBe("1");
    });
  });
});

describe("the cart on a phone", () => {
  it("shows each line's photograph and its name on a line or two, not a word a line", {
    timeout: 60_000,
  }, async () => {
    await withPage(
      {
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        extraHTTPHeaders: { "CF-Connecting-IP": "198.51.100.61" },
      },
      async (page) => {
        await page.goto("/portfolio/photo/b2i1");
        await chooseAndAdd(
          page,
          page.locator("main [data-buy]"),
          "print:fine-art-8x10",
          "1",
          false,
        );
        const line = page.locator(".store-item").first();
        const thumbnail = line.locator("img");
        await expect
          .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        const name = line.getByRole("link", { name: "Autumn below Aitzgorri" });
        const [box, lineHeight] = await Promise.all([
          name.boundingBox(),
          name.evaluate((link) => Number.parseFloat(getComputedStyle(link).lineHeight)),
        ]);
        expect(box?.height ?? 0).toBeLessThanOrEqual(2 * lineHeight + 1);
        await page.getByRole("button", { name: /^Remove Fine art print, 8×10 in/ }).waitFor();
      },
    );
  });
});

describe("axe", () => {
  it("finds nothing on a Buy section's answer, the cart and the order page, light and dark", {
    timeout: 90_000,
  }, async () => {
    const views = themesAt(1280);
    await withPage({}, async (page) => {
      await openInTheme(page, "/portfolio/photo/b5i7");
      const buy = await viewerDetails(page);
      await chooseAndAdd(page, buy, "print:signed-a5", "1", true);
      // What "Add to cart" said in place, with its link to the cart, over the photograph; with
      // one of the viewer's controls in the keyboard's focus, so that none fades while axe runs
      // (they fade after three idle seconds, and axe in two themes takes longer on a busy machine).
      const viewer = page.locator("dialog.photo-viewer[open]");
      await viewer.getByRole("button", { name: "Details" }).focus();
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("dialog .pv-ui"))).toBe(
        true,
      );
      expect(await axeInViews(page, { views })).toEqual(noViolations(views));
      await toCart(page, buy);
      await openInTheme(page, "/cart", undefined, 200);
      expect(await axeInViews(page, { views })).toEqual(noViolations(views));
      await checkOutAndPay(page, true);
      await paid(page);
      await openInTheme(page, page.url(), undefined, 200);
      expect(await axeInViews(page, { views })).toEqual(noViolations(views));
    });
  });
});

/** The lab stand-in's order for our order `order`, once it has fetched every print file. */
async function labOrderWithFiles(order: string): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inject("labUrl")}/_control/orders`);
        const { orders } = (await res.json()) as {
          orders: {
            order: { id: string; merchantReference: string };
            downloads: { ok: boolean }[];
          }[];
        };
        const found = orders.find((each) => each.order.merchantReference === order);
        const fetched = found?.downloads.length && found.downloads.every((file) => file.ok);
        id = fetched ? found.order.id : "";
        return id;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return id;
}

describe.each([
  ["with JavaScript", true],
  ["without JavaScript", false],
])("a client %s", (_label, javaScriptEnabled) => {
  const gallery = inject("gallery");
  const client = `ana.${javaScriptEnabled ? "script" : "forms"}@example.com`;
  const heart = (page: Page, name: string, on = false) =>
    page.getByRole("button", { name: `${on ? "Remove from" : "Add to"} favourites: ${name}` });
  const photoLink = (page: Page, name: string) => page.getByRole("link", { name, exact: true });

  it("orders prints of two favourites from their gallery, at its prices, and sees the lab's parcel", {
    timeout: 120_000,
  }, async () => {
    // The client knows the photographs by their place in the gallery, not by their files.
    const [first, second] = ["Photograph 1", "Photograph 2"] as const;
    const address = javaScriptEnabled ? "198.51.100.71" : "198.51.100.72";
    await withPage(
      { javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": address } },
      async (page) => {
        expect((await page.goto(gallery.path))?.status()).toBe(401);
        await page.getByLabel("Password").fill(gallery.password);
        await Promise.all([
          page.waitForURL((url) => url.pathname === gallery.path),
          page.getByRole("button", { name: "Open the gallery" }).click(),
        ]);
        await chooseAs(page, () => readFile(inject("siteLog"), "utf8"), client);
        for (const photo of [first, second]) {
          await heart(page, photo).click();
          await heart(page, photo, true).waitFor();
        }
        await Promise.all([
          page.waitForURL((url) => url.searchParams.get("show") === "favourites"),
          page.getByRole("link", { name: "Favourites", exact: true }).click(),
        ]);

        // The first favourite: an 8×10 at the gallery's own price (the store's is €45), and
        // the size none of them has the pixels for, named.
        let buy = page.locator("main [data-buy]");
        if (javaScriptEnabled) {
          await photoLink(page, first).click();
          buy = await viewerDetails(page);
        } else {
          await page.goto((await photoLink(page, first).getAttribute("href")) ?? "");
        }
        const offered = (await buy.textContent()) ?? "";
        expect(offered).toContain("€39.00");
        expect(offered).toContain("Too large for this photograph: Fine art print, 16×20 in.");
        await chooseAndAdd(page, buy, "print:fine-art-8x10", "1", javaScriptEnabled);
        // The second: the photographer's own signed A5, the next favourite.
        if (javaScriptEnabled) {
          const viewer = page.locator("dialog.photo-viewer[open]");
          await viewer.getByRole("button", { name: "Next" }).click();
          await viewer.locator("h1", { hasText: second }).waitFor();
          buy = await viewerDetails(page);
        } else {
          await page.goto(`${gallery.path}?show=favourites`);
          await page.goto((await photoLink(page, second).getAttribute("href")) ?? "");
          buy = page.locator("main [data-buy]");
        }
        await chooseAndAdd(page, buy, "print:signed-a5", "1", javaScriptEnabled);
        await toCart(page, buy);

        const cart = (await page.locator("main").textContent()) ?? "";
        expect(cart).toContain(`${first} · Ana & Luis, 14 June`);
        expect(cart).toContain(`${second} · Ana & Luis, 14 June`);
        expect(cart).not.toContain("DSC_");
        expect(cart).toContain("€74.00");
        await checkOutAndPay(page, true);
        await paid(page);

        // The lab fetched the 8×10's file from the site; it ships and calls back, and the
        // order page says so, with the parcel's tracking (the A5 is the photographer's).
        const order = /\/order\/([\w-]{32})/.exec(page.url())?.[1] ?? "";
        const labOrder = await labOrderWithFiles(order);
        const shipped = await fetch(`${inject("labUrl")}/_control/orders/${labOrder}/advance`, {
          method: "POST",
        });
        expect(shipped.status).toBe(200);
        await expect
          .poll(
            async () => {
              await page.reload();
              return page.locator("[data-order-shipping]").textContent();
            },
            { timeout: 20_000 },
          )
          .toContain("Some of your prints are on their way; the others are being made.");
        await page.getByRole("link", { name: "Track the parcel" }).waitFor();
      },
    );
  });
});

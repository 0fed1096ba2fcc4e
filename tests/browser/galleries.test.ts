import { rm } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDemoGallery,
  DEMO_GALLERY_PHOTOS,
  type DemoGallery,
  generatedGalleryFiles,
  saveGalleryDocument,
  uploadGalleryPhotos,
} from "../../scripts/demo-gallery.ts";
import { type RunningSite, startSite } from "../../scripts/site-server.ts";
import { newGalleryId } from "../../studio/galleries/ids.ts";
import { hashGalleryPassword } from "../../studio/galleries/password.ts";
import { axeInViews, noViolations, themesAt } from "./axe.ts";
import { chooseAs } from "./choosing.ts";
import { startBrowserSession, VISITOR_UA } from "./chromium.ts";

// A client gallery as its client meets it, in Chromium, with and without JavaScript: the
// password door, the grid whose every photograph comes through the worker, the hearts (a plain
// form, or at once with the gallery's script), the owner's limit, the viewer over the grid, and
// axe on each page in both themes. The site is one of its own, on the demo content service,
// with galleries made by npm start's own code (scripts/demo-gallery.ts: six photographs, a
// password, a limit of three favourites).

const { newPage } = startBrowserSession();

let site: RunningSite | undefined;
beforeAll(async () => {
  site = await startSite({ isolated: true });
}, 60_000);
afterAll(async () => {
  await site?.close();
});

let visitors = 0;
/** A visitor of their own (a fresh context and address, so no rate limit is shared). */
async function withPage(javaScript: boolean, use: (page: Page) => Promise<void>): Promise<void> {
  visitors += 1;
  const page = await newPage({
    baseURL: site?.url,
    userAgent: VISITOR_UA,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${visitors}` },
  });
  try {
    await use(page);
  } finally {
    await page.context().close();
  }
}

let shared: Promise<DemoGallery & { path: string }> | undefined;
/**
 * The gallery the tests share: favourites are kept per client, and each test chooses under a
 * name of its own, so one upload serves them all.
 */
function sharedGallery(): Promise<DemoGallery & { path: string }> {
  shared ??= (async () => {
    if (!site) throw new Error("The site is not running");
    // Delivered: this walk downloads originals (the proofing walk is its own test).
    const gallery = await createDemoGallery(site, site.url, "delivered");
    return { ...gallery, path: `/g/${gallery.id}` };
  })();
  return shared;
}

/** Opens the gallery's link and gives the password at its door. */
async function unlock(page: Page, gallery: { path: string; password: string }) {
  const door = await page.goto(gallery.path);
  expect(door?.status()).toBe(401);
  await page.getByLabel("Password").fill(gallery.password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === gallery.path),
    page.getByRole("button", { name: "Open the gallery" }).click(),
  ]);
  await page.getByRole("heading", { level: 1, name: "Ana & Luis, 14 June" }).waitFor();
}

/** Names who is choosing (their e-mail, confirmed by the link mailed to it), as the gallery asks. */
const startChoosing = (page: Page, email: string) =>
  chooseAs(page, () => site?.output() ?? "", email);

/** Opens the gallery with JavaScript as `email`, choosing, once its hearts answer in place. */
async function openChoosing(
  page: Page,
  gallery: { path: string; password: string },
  email: string,
): Promise<void> {
  await unlock(page, gallery);
  await startChoosing(page, email);
  await page.locator("[data-gallery][data-favourites-live]").waitFor({ state: "attached" });
}

const heart = (page: Page, name: string, on = false) =>
  page.getByRole("button", { name: `${on ? "Remove from" : "Add to"} favourites: ${name}` });
const count = (page: Page) => page.locator("[data-favourite-count]").first().textContent();

/** Every image of the page has arrived and was decoded (none broken). */
async function imagesLoaded(page: Page): Promise<{ src: string; ok: boolean }[]> {
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = "eager";
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
  return page.evaluate(() =>
    [...document.images].map((image) => ({
      src: new URL(image.currentSrc || image.src).pathname,
      ok: image.complete && image.naturalWidth > 0,
    })),
  );
}

describe("a client gallery without JavaScript", () => {
  it("asks for the password, says so when it is wrong, and opens with the right one", async () => {
    const gallery = await sharedGallery();
    await withPage(false, async (page) => {
      const door = await page.goto(gallery.path);
      expect(door?.status()).toBe(401);
      expect(door?.headers()["cache-control"]).toContain("private");
      // One photograph before the password: the cover, the owner's choice (the first here).
      const [cover, ...others] = await imagesLoaded(page);
      expect(others).toEqual([]);
      expect(cover?.ok).toBe(true);
      expect(cover?.src).toContain(`${gallery.path}/cover/`);
      await page.getByLabel("Password").fill(`${gallery.password}x`);
      const refused = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith("/unlock")),
        page.getByRole("button", { name: "Open the gallery" }).click(),
      ]).then(([res]) => res);
      expect(refused.status()).toBe(401);
      await expect(page.getByRole("alert").textContent()).resolves.toMatch(/password/i);
      expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");

      await unlock(page, gallery);
      const images = await imagesLoaded(page);
      // The cover above the grid, then the grid.
      expect(images).toHaveLength(DEMO_GALLERY_PHOTOS.length + 1);
      for (const image of images) {
        expect(image.ok, image.src).toBe(true);
        // Every byte of a client's photograph comes through the gallery's own check.
        expect(image.src.startsWith(`${gallery.path}/`), image.src).toBe(true);
      }
      for (const index of DEMO_GALLERY_PHOTOS.keys())
        await heart(page, `Photograph ${index + 1}`).waitFor();
    });
  });

  it("is the client's own space: the owner's name and e-mail, no way into the public site, and a phone's row filled", async () => {
    const gallery = await sharedGallery();
    visitors += 1;
    const page = await newPage({
      baseURL: site?.url,
      userAgent: VISITOR_UA,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${visitors}` },
    });
    try {
      for (const step of ["door", "gallery"]) {
        if (step === "gallery") await unlock(page, gallery);
        else await page.goto(gallery.path);
        expect(await page.getByRole("navigation", { name: "Main" }).count(), step).toBe(0);
        expect(
          await page.locator("a[data-search-open], a[href='/photos'], a[href='/archive']").count(),
          step,
        ).toBe(0);
        await page.locator("footer a[href^='mailto:']").waitFor();
        expect(await page.locator("header a[href='/']").textContent(), step).toBe("Jane Doe");
      }
      // The grid has margins, and a photograph alone on its row is as wide as the row.
      const rows = await page
        .locator(".photo-grid > li")
        .evaluateAll((items) =>
          items
            .map((item) => item.getBoundingClientRect())
            .map(({ left, right, top }) => ({ left, right, top })),
        );
      const grid = await page.locator(".photo-grid").boundingBox();
      expect(grid && grid.x >= 8 && grid.x + grid.width <= 390 - 8, JSON.stringify(grid)).toBe(
        true,
      );
      const alone = rows.filter(
        (row) => rows.filter((other) => Math.abs(other.top - row.top) < 1).length === 1,
      );
      expect(alone.length).toBeGreaterThan(0);
      for (const row of alone.slice(0, -1)) {
        expect(row.right - row.left, JSON.stringify({ row, grid })).toBeCloseTo(
          grid?.width ?? 0,
          0,
        );
      }
    } finally {
      await page.context().close();
    }
  });

  it("keeps a heart as a plain form: asks who is choosing first, then counts it and filters to it", async () => {
    const gallery = await sharedGallery();
    await withPage(false, async (page) => {
      await unlock(page, gallery);
      const [first, second] = DEMO_GALLERY_PHOTOS;
      if (!first || !second) throw new Error("The demo gallery has photographs");

      await heart(page, "Photograph 1").click();
      // Said over the photograph whose heart was pressed, as the script says it.
      const notice = page
        .locator(".gallery-item", { has: heart(page, "Photograph 1") })
        .getByRole("status");
      expect(await notice.textContent()).toContain("give your e-mail first");
      expect(await page.getByRole("status").count()).toBe(1);
      // Amber, as what asks something of the client is, not a success's green.
      expect(await notice.evaluate((p) => getComputedStyle(p).backgroundColor)).not.toBe(
        await page.evaluate(() => {
          const ok = Object.assign(document.createElement("p"), { className: "gallery-notice" });
          document.body.append(ok);
          return getComputedStyle(ok).backgroundColor;
        }),
      );
      expect(await count(page)).toBe("0");

      await startChoosing(page, "ana.form@example.com");
      await heart(page, "Photograph 1").click();
      await heart(page, "Photograph 1", true).waitFor();
      expect(await heart(page, "Photograph 1", true).getAttribute("aria-pressed")).toBe("true");
      expect(await count(page)).toBe("1");
      // The form came back to the photograph it was sent from.
      expect(new URL(page.url()).hash).toMatch(/^#p-/);

      await page.getByRole("link", { name: "Favourites", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("show") === "favourites");
      expect(await page.locator(".photo-grid img").count()).toBe(1);
      // Named by its place in the whole gallery, never by its file.
      await heart(page, "Photograph 1", true).waitFor();
      expect(await heart(page, "Photograph 2").count()).toBe(0);
      expect(await page.locator("main").textContent()).not.toContain(
        first.name.replace(".jpg", ""),
      );
      expect(await page.locator("main").innerHTML()).not.toContain(second.name);
      await page.getByRole("link", { name: "Download the favourites (originals, ZIP)" }).waitFor();
    });
  });
});

describe("a client gallery with JavaScript", () => {
  it("answers a heart at once, without leaving the page, and keeps it across a reload", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await openChoosing(page, gallery, "luis@example.com");
      const send = page.getByRole("button", { name: "Send my selection" });
      expect(await send.isVisible()).toBe(false);
      let navigations = 0;
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      const saved = page.waitForResponse((res) => res.url().endsWith("/favourites"));
      await heart(page, "Photograph 1").click();
      expect((await saved).status()).toBe(200);
      await heart(page, "Photograph 1", true).waitFor();
      expect(await count(page)).toBe("1");
      // Said whole as it changes, the words after the number in its plural.
      const summary = page.locator("p[aria-live]", { has: page.locator("[data-favourite-count]") });
      expect(await summary.getAttribute("aria-atomic")).toBe("true");
      expect(await summary.textContent()).toMatch(/ · 1 favourite of 3 to choose$/);
      expect(await heart(page, "Photograph 1", true).getAttribute("title")).toBe("A favourite");
      // Sending the selection is offered in the All view as soon as there is one.
      await send.waitFor();
      expect(navigations).toBe(0);

      await page.reload();
      await heart(page, "Photograph 1", true).waitFor();
      expect(await count(page)).toBe("1");
    });
  });

  it("keeps the focus on a heart pressed from the keyboard, and offers the favourites' download at once", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await openChoosing(page, gallery, "marta.keys@example.com");
      const download = page.getByRole("link", { name: "Download the favourites (originals, ZIP)" });
      expect(await download.isVisible()).toBe(false);
      await heart(page, "Photograph 2").focus();
      await page.keyboard.press("Enter");
      await heart(page, "Photograph 2", true).waitFor();
      expect(
        await heart(page, "Photograph 2", true).evaluate(
          (button) => button === document.activeElement,
        ),
      ).toBe(true);
      await download.waitFor();
      // Un-hearted from the keyboard again: nothing to download.
      await page.keyboard.press("Enter");
      await heart(page, "Photograph 2").waitFor();
      await download.waitFor({ state: "hidden" });
    });
  });

  it("says so, at once, when the owner's limit is reached, and keeps what was chosen", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await openChoosing(page, gallery, "ana.limit@example.com");
      const names = DEMO_GALLERY_PHOTOS.map((_, index) => `Photograph ${index + 1}`);
      for (const name of names.slice(0, 3)) {
        await heart(page, name).click();
        await heart(page, name, true).waitFor();
      }
      expect(await count(page)).toBe("3");
      const fourth = names[3] ?? "";
      const refused = page.waitForResponse((res) => res.url().endsWith("/favourites"));
      await heart(page, fourth).click();
      expect((await refused).status()).toBe(409);
      const notice = page.getByRole("status").filter({ hasText: "the most for this gallery" });
      await notice.waitFor();
      // Said over the photograph whose heart was pressed, not far away at the top.
      const [said, item] = await Promise.all([
        notice.boundingBox(),
        page.locator(".gallery-item", { has: heart(page, fourth) }).boundingBox(),
      ]);
      expect(
        said && item && said.y >= item.y && said.y + said.height <= item.y + item.height,
        JSON.stringify({ said, item }),
      ).toBe(true);
      expect(await heart(page, fourth).getAttribute("aria-pressed")).toBe("false");
      expect(await count(page)).toBe("3");
      // Another heart pressed (one taken back): the refusal is over, and says so no more.
      await heart(page, names[0] ?? "", true).click();
      await heart(page, names[0] ?? "").waitFor();
      expect(await count(page)).toBe("2");
      expect(await notice.count()).toBe(0);
    });
  });

  it("sends the visitor to the e-mail field when a heart comes before it", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await unlock(page, gallery);
      await page.locator("[data-gallery][data-favourites-live]").waitFor({ state: "attached" });
      await heart(page, "Photograph 1").click();
      await page.getByRole("status").filter({ hasText: "e-mail" }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "gallery-client-email");
      expect(await count(page)).toBe("0");
    });
  });

  it("keeps a heart given in the viewer, and the grid's heart of that photograph says so", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await openChoosing(page, gallery, "ana.viewer@example.com");
      await page.locator(".photo-grid a[data-photo]").first().click();
      const dialog = page.locator("dialog.photo-viewer");
      await dialog.locator("[data-photo-image]").waitFor();
      // The heart is on the photograph, in sight with the details closed.
      const details = dialog.getByRole("button", { name: "Details" });
      if ((await details.getAttribute("aria-expanded")) === "true") await details.click();
      const inViewer = dialog.getByRole("button", { name: "Add to favourites: Photograph 1" });
      const [photo, button] = await Promise.all([
        dialog.locator("[data-photo-image]").boundingBox(),
        inViewer.boundingBox(),
      ]);
      expect(
        photo &&
          button &&
          button.x >= photo.x &&
          button.x + button.width <= photo.x + photo.width + 1,
        JSON.stringify({ photo, button }),
      ).toBe(true);
      const saved = page.waitForResponse((res) => res.url().endsWith("/favourites"));
      await inViewer.click();
      // Answered to the script, in JSON (a broken answer would make it send the plain form).
      const answer = await saved;
      expect(`${answer.status()} ${answer.headers()["content-type"]}`).toMatch(
        /^200 application\/json/,
      );
      await dialog.getByRole("button", { name: "Remove from favourites: Photograph 1" }).waitFor();
      expect(await count(page)).toBe("1");
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === gallery.path);
      expect(await heart(page, "Photograph 1", true).getAttribute("aria-pressed")).toBe("true");
      // Opened again, from the viewer's copy of its page: still a favourite.
      await page.locator(".photo-grid a[data-photo]").first().click();
      await dialog
        .getByRole("button", { name: "Remove from favourites: Photograph 1" })
        .waitFor({ state: "attached" });
    });
  });

  it("opens a photograph in the viewer over the grid, at the photograph's own address, and closes with Escape", async () => {
    const gallery = await sharedGallery();
    await withPage(true, async (page) => {
      await unlock(page, gallery);
      const [first] = DEMO_GALLERY_PHOTOS;
      await page.locator(".photo-grid a[data-photo]").first().click();
      const dialog = page.locator("dialog.photo-viewer");
      await dialog.locator("[data-photo-image]").waitFor();
      await page.waitForURL((url) => url.pathname.startsWith(`${gallery.path}/p/`));
      // The details are folded away behind the viewer's "i", but they are the photograph's.
      expect(await dialog.locator("h1").textContent()).toBe("Photograph 1");
      expect(await dialog.locator("h1").textContent()).not.toContain(first?.name ?? "DSC");
      const shown = await dialog
        .locator("[data-photo-image]")
        .evaluate(async (image: HTMLImageElement) => {
          await image.decode().catch(() => undefined);
          return { src: new URL(image.currentSrc).pathname, width: image.naturalWidth };
        });
      expect(shown.src.startsWith(`${gallery.path}/`)).toBe(true);
      expect(shown.width).toBeGreaterThan(0);
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.pathname === gallery.path);
      expect(await dialog.evaluate((node: HTMLDialogElement) => node.open)).toBe(false);
    });
  });
});

describe("a client gallery of more than one slice (101 photographs)", () => {
  const password = "slices-2026";
  let big: { path: string; password: string } | undefined;
  beforeAll(async () => {
    if (!site) throw new Error("The site is not running");
    const id = newGalleryId();
    await saveGalleryDocument(site, id, {
      title: "Ana & Luis, 14 June",
      password: await hashGalleryPassword(password),
    });
    const generated = await generatedGalleryFiles(101);
    try {
      await uploadGalleryPhotos(site, id, generated.files, 6);
    } finally {
      await rm(generated.dir, { recursive: true, force: true });
    }
    big = { path: `/g/${id}`, password };
  }, 120_000);
  const thumbnails = (page: Page) => page.locator(".photo-grid > li");

  it("shows 100 and links the rest as a page of its own, without JavaScript", async () => {
    await withPage(false, async (page) => {
      if (!big) throw new Error("No gallery");
      await unlock(page, big);
      expect(await thumbnails(page).count()).toBe(100);
      await page.getByRole("link", { name: "More photographs" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      expect(await thumbnails(page).count()).toBe(1);
      await page.getByRole("img", { name: "Photograph 101", exact: true }).waitFor();
      await page.getByRole("link", { name: "Previous" }).waitFor();
    });
  });

  it("appends the next slice as the client nears the end, with JavaScript", async () => {
    await withPage(true, async (page) => {
      if (!big) throw new Error("No gallery");
      await unlock(page, big);
      expect(await thumbnails(page).count()).toBe(100);
      await page.locator("[data-pagination]").scrollIntoViewIfNeeded();
      await page.waitForFunction(
        () => document.querySelectorAll(".photo-grid > li").length === 101,
      );
      expect(new URL(page.url()).searchParams.has("page")).toBe(false);
      await page.getByRole("img", { name: "Photograph 101", exact: true }).waitFor();
      // The appended photograph has its heart, which answers like the others.
      await heart(page, "Photograph 101").waitFor();
    });
  });
});

describe("axe on a client gallery", () => {
  it("the door and the open gallery, light and dark", async () => {
    const gallery = await sharedGallery();
    const views = themesAt(1280);
    const page = await newPage({
      baseURL: site?.url,
      userAgent: VISITOR_UA,
      extraHTTPHeaders: { "CF-Connecting-IP": "203.0.113.1" },
    });
    try {
      await page.goto(gallery.path);
      expect(await axeInViews(page, { views })).toEqual(noViolations(views));
      await unlock(page, gallery);
      expect(await axeInViews(page, { views })).toEqual(noViolations(views));
    } finally {
      await page.context().close();
    }
  });
});

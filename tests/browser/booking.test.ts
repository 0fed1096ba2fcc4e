import { describe, expect, it } from "vitest";
import { startBrowserSession } from "./chromium.ts";

const { withPage } = startBrowserSession({ visitorsFrom: "192.0.4" });

describe("booking a session", () => {
  it("without JavaScript: a kind of session, a day, a time, held for the client", async () => {
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto("/book");
      await page.getByRole("link", { name: "Choose a time" }).first().click();
      await page.waitForURL((url) => url.pathname === "/book/portrait");
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        "Choose a time for Portrait session",
      );
      // Another day, by its link: its times replace the first day's.
      const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
      const second = days.nth(1);
      const day = await second.textContent();
      await second.click();
      await page.waitForURL((url) => url.search.startsWith("?day="));
      await expect(page.locator("form legend").textContent()).resolves.toBe(day);
      const time = page.getByRole("radio").nth(1);
      const label = await page.locator("label.booking-slot").nth(1).textContent();
      await time.check();
      // A person takes a moment to choose: the form's signed stamp holds nothing sooner.
      await page.waitForTimeout(3_200);
      await page.getByRole("button", { name: "Hold this time" }).click();
      await page.waitForURL((url) => /^\/book\/held\/[0-9a-f-]{36}$/.test(url.pathname));
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        "This time is held for you",
      );
      const held = (await page.locator("[data-held]").textContent()) ?? "";
      expect(held).toContain("Portrait session");
      expect(held).toContain(label ?? "no label");
    });
  });
});

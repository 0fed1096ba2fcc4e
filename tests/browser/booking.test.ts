import { describe, expect, it } from "vitest";
import { axeInViews, noViolations, openInTheme } from "./axe.ts";
import { startBrowserSession } from "./chromium.ts";

const { withPage } = startBrowserSession({ visitorsFrom: "192.0.4" });

describe("booking a session", () => {
  it("without JavaScript: a kind of session, a day, a time held, the answers, the contract signed, the deposit paid", async () => {
    let held = "";
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto("/book");
      // Each session's link is named by its session, apart from the others'.
      await page
        .getByRole("link", { name: "Choose a time: Portrait session", exact: true })
        .click();
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
      // The owner's time (a local run's runtime places the visitor in America/Chicago, so the
      // visitor's own time is beside it).
      const label = await page.locator("label.booking-slot time").nth(1).textContent();
      await time.check();
      // A person takes a moment to choose: the form's signed stamp holds nothing sooner.
      await page.waitForTimeout(3_200);
      await page.getByRole("button", { name: "Hold this time" }).click();
      await page.waitForURL((url) => /^\/book\/held\/[0-9a-f-]{36}$/.test(url.pathname));
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        "This time is held for you",
      );
      const said = (await page.locator("[data-held]").textContent()) ?? "";
      expect(said).toContain("Portrait session");
      expect(said).toContain(label ?? "no label");
      // The details: a refused form says what is missing where it is, and keeps what was typed.
      await page.getByLabel("Your name *").fill("Ana Ruiz");
      await page.getByLabel("Your e-mail *").fill("ana@example.com");
      await page.getByRole("radio", { name: "Outdoors" }).check();
      await page.getByRole("textbox", { name: "Who will be in the photographs? *" }).evaluate(
        // The browser's own check would stop the form: the server's is what is tried here.
        (box) => box.removeAttribute("required"),
      );
      await page.getByRole("button", { name: "Save my answers" }).click();
      await expect(page.getByRole("alert").textContent()).resolves.toBe(
        "Please correct the answers marked below.",
      );
      const who = page.getByRole("textbox", { name: "Who will be in the photographs? *" });
      expect(await who.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Your name *").inputValue()).toBe("Ana Ruiz");
      await who.fill("Me and Lola, my spaniel");
      await page.getByRole("button", { name: "Save my answers" }).click();
      await expect(page.locator("[data-saved]").textContent()).resolves.toBe(
        "Thank you, Ana Ruiz: your answers are kept with your time.",
      );
      expect(await who.inputValue()).toBe("Me and Lola, my spaniel");
      held = page.url();
    });
    // The held page with its contract to sign, for axe (which runs as a script).
    await withPage({}, async (page) => {
      await openInTheme(page, held, undefined, 200);
      expect(await axeInViews(page)).toEqual(noViolations());
    });
    await withPage({ javaScriptEnabled: false }, async (page) => {
      await page.goto(held);
      // The contract, filled in, signed with the name given and consent; then the deposit.
      const contract = page.getByRole("region", { name: "The contract" });
      expect(await contract.textContent()).toContain("and Ana Ruiz, ana@example.com (the client)");
      await expect(page.getByRole("button", { name: /deposit/ }).count()).resolves.toBe(0);
      await contract.getByLabel("Type your full name to sign *").fill("Ana Ruiz");
      await contract.getByLabel("I have read this contract and agree to it").check();
      await contract.getByRole("button", { name: "Sign the contract" }).click();
      await expect(page.locator("[data-signed]").textContent()).resolves.toContain(
        "You signed the contract on",
      );
      const pdf = await page.getByRole("link", { name: "Download the signed contract (PDF)" });
      const file = await page.request.get(
        new URL((await pdf.getAttribute("href")) ?? "", held).href,
      );
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
      // The deposit, on Stripe's page (the payments stand-in's), and back: booked.
      await Promise.all([
        page.waitForURL(/\/c\/pay\//),
        page.getByRole("button", { name: "Pay the €75.00 deposit" }).click(),
      ]);
      expect(await page.getByLabel("E-mail").inputValue()).toBe("ana@example.com");
      await page.getByLabel("Name").fill("Ana Ruiz");
      await page.getByLabel("Country").fill("ES");
      await Promise.all([
        page.waitForURL((url) => url.pathname === new URL(held).pathname),
        page.getByRole("button", { name: "Pay", exact: true }).click(),
      ]);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
        "Your session is booked",
      );
      expect(await page.locator("[data-booking-status]").textContent()).toContain(
        "Your deposit of €75.00 is paid",
      );
    });
    // The booked page, for axe (which runs as a script), both themes, both widths.
    await withPage({}, async (page) => {
      await openInTheme(page, held, undefined, 200);
      expect(await axeInViews(page)).toEqual(noViolations());
    });
  });
});

import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clientRunning, hydrated, startBrowserSession } from "./chromium.ts";

const { newPage } = startBrowserSession();

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const pathOf = (request: Request) => new URL(request.url()).pathname;

describe("prefetch on intent", () => {
  it("requests a page when its link is hovered or focused, not before, and not the current page", async () => {
    const page = await newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(pathOf(request)));
    await page.goto("/");
    await hydrated(page);
    expect(requested).not.toContain("/portfolio");
    expect(requested).not.toContain("/contact");

    await nav(page).getByRole("link", { name: "Portfolio" }).hover();
    await expect.poll(() => requested.includes("/portfolio")).toBe(true);
    await nav(page).getByRole("link", { name: "Contact" }).focus();
    await expect.poll(() => requested.includes("/contact")).toBe(true);
    // Not the page itself, not twice.
    await nav(page).getByRole("link", { name: "Home" }).hover();
    await nav(page).getByRole("link", { name: "Portfolio" }).hover();
    expect(requested.filter((path) => path === "/")).toHaveLength(1);
    expect(requested.filter((path) => path === "/portfolio")).toHaveLength(1);
    await page.context().close();
  });
});

describe("new deployments", () => {
  it("answers latest.json and the build's meta file", async () => {
    const page = await newPage();
    await page.goto("/");
    const running = await page.locator('meta[name="build-id"]').getAttribute("content");
    const latest = await page.request.get("/_app/builds/latest.json?t=1");
    expect(latest.status()).toBe(200);
    expect(latest.headers()["cache-control"]).toBe("no-store");
    const { id, timestamp } = (await latest.json()) as { id: string; timestamp: number };
    expect(id).toBe(running);
    expect(typeof timestamp).toBe("number");
    const meta = await page.request.get(`/_app/builds/meta/${id}.json`);
    expect(meta.status()).toBe(200);
    expect(((await meta.json()) as { id: string }).id).toBe(id);
    await page.context().close();
  });

  it("polls after idle, retries once, and makes the next navigation a full load after a new build", async () => {
    const page = await newPage();
    await page.clock.install();
    // When the page's load event came, on the page's own clock (Date.now, which the poll's
    // cache-busting parameter also reads).
    await page.addInitScript(() =>
      addEventListener("load", () =>
        document.documentElement.setAttribute("data-loaded-at", String(Date.now())),
      ),
    );
    const polls: string[] = [];
    // The answers wait until the test has seen prefetching while the build was current: on a
    // busy machine the poll may go out (about a second after idle) before the test has hovered.
    let answer: () => void = () => {};
    const answering = new Promise<void>((open) => (answer = open));
    await page.route("**/_app/builds/latest.json*", async (route) => {
      polls.push(route.request().url());
      await answering;
      // The first answer is a transient failure: the client retries once.
      return polls.length === 1
        ? route.fulfill({ status: 503, body: "busy" })
        : route.fulfill({ json: { id: "0123456789ab", timestamp: Date.now() } });
    });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(pathOf(request)));
    await page.goto("/");
    // Without waiting for the islands to hydrate on their own: the client script is running
    // once the theme toggle, reached for, hydrates.
    await clientRunning(page);

    // Prefetched while the build was current.
    await nav(page).getByRole("link", { name: "Portfolio" }).hover();
    await expect.poll(() => requested.includes("/portfolio")).toBe(true);

    // The poll, with a cache-busting timestamp, comes a second or more after the load.
    for (let i = 0; i < 10 && polls.length < 1; i++) await page.clock.runFor(250);
    await expect.poll(() => polls.length).toBe(1);
    const polledAt = Number(new URL(polls[0] ?? "").searchParams.get("t"));
    const loadedAt = Number(await page.locator("html").getAttribute("data-loaded-at"));
    expect(polledAt - loadedAt).toBeGreaterThanOrEqual(1_000);
    // Its 503 is retried once; the new build stops prefetching.
    answer();
    await expect.poll(() => polls.length).toBe(2);
    await expect.poll(() => page.locator("link[rel=prefetch]").count()).toBe(0);

    // No more prefetching...
    await nav(page).getByRole("link", { name: "Contact" }).hover();
    // ...and the click loads the page from the network, past any prefetched copy.
    const navigation = page.waitForRequest(
      (request) => request.isNavigationRequest() && pathOf(request) === "/portfolio",
    );
    await nav(page).getByRole("link", { name: "Portfolio" }).click();
    const fresh = await navigation;
    expect(new URL(fresh.url()).searchParams.has("_fresh")).toBe(true);
    await page.waitForURL((url) => url.pathname === "/portfolio" && url.search === "");
    expect(requested).not.toContain("/contact");
    await page.context().close();
  });
});

describe("a client bundle that fails to load", () => {
  const documentLoads = (page: Page) => {
    const counter = { count: 0 };
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) counter.count += 1;
    });
    return counter;
  };

  it("reloads once when the client bundle fails, and not again within 10 s", async () => {
    const page = await newPage();
    const documents = documentLoads(page);
    let failed = 0;
    await page.route("**/assets/entry-*.js", (route) => {
      failed += 1;
      return route.abort();
    });
    await page.goto("/");
    await expect.poll(() => documents.count).toBe(2);
    // The reloaded page's bundle failed too, and it did not reload again.
    await expect.poll(() => failed).toBe(2);
    // Asked while the reload may still be under way: an evaluation cut short counts as not yet.
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("chunk-reload")).catch(() => null))
      .toMatch(/^\d+$/);
    await page.waitForLoadState("load");
    await page.waitForTimeout(500);
    expect(documents.count).toBe(2);
    await page.context().close();
  });

  it("recovers on the reload when the failure was passing", async () => {
    const page = await newPage();
    const documents = documentLoads(page);
    await page.route("**/assets/entry-*.js", (route) => route.abort(), { times: 1 });
    // No photographs: they are not what is tested, and the reload's navigation waited on them
    // past 30 s in a new user's npm test on two busy cores.
    await page.route("**/*", (route) =>
      route.request().resourceType() === "image" ? route.abort() : route.fallback(),
    );
    await page.goto("/");
    await expect.poll(() => documents.count).toBe(2);
    // The client script runs on the second load: the theme toggle, reached for, hydrates at once
    // (not waiting for the reloaded page's every photograph, which a busy machine may be slow to
    // serve again) and switches the theme.
    await clientRunning(page);
    const dark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    const before = await dark();
    await page.locator('[data-island="ThemeToggle"] button').click();
    await expect.poll(dark).toBe(!before);
    await page.context().close();
  });
});

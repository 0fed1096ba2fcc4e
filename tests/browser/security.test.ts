import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { securityHeaderProblems } from "../support/security-headers.ts";
import { startBrowserSession, VISITOR_UA } from "./chromium.ts";

// The built site as a visitor's browser gets it (npm start's server on the build, the demo content):
// the pages work under their own Content-Security-Policy, every worker response carries the
// security headers, hashed assets are immutable, and no secret is in the client build.

const { siteUrl, newPage } = startBrowserSession();

const CLIENT_DIR = resolve(import.meta.dirname, "../../dist/client");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Records CSP violations (the DOM event and the console's report) and page errors. */
async function watchForViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      reported.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => reported.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
  ];
}

describe("the pages work under their Content-Security-Policy", () => {
  for (const path of ["/", "/portfolio", "/post/autumn-in-the-basque-mountains", "/a/b/c"]) {
    it(`${path}: no violation, islands hydrated`, async () => {
      const page = await newPage({ userAgent: VISITOR_UA });
      try {
        const violations = await watchForViolations(page);
        const res = await page.goto(path);
        expect(res?.headers()["content-security-policy"]).toContain("script-src");
        // The theme island hydrated: its button is enabled and names the theme it switches to.
        const toggle = page.getByRole("button", { name: /^Switch to (light|dark) theme$/ });
        await toggle.waitFor();
        expect(await toggle.isEnabled()).toBe(true);
        // Exercise what runs later: the theme switch, prefetch on intent, the build poll (~1 s idle).
        await toggle.click();
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Contact" })
          .hover();
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(1_500);
        expect(await violations()).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it("an inline script injected into the page is blocked", async () => {
    const page = await newPage({ userAgent: VISITOR_UA });
    try {
      const violations = await watchForViolations(page);
      await page.goto("/");
      const ran = await page.evaluate(async () => {
        const state = window as unknown as { injected?: boolean };
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.body.append(script);
        await new Promise((wait) => setTimeout(wait, 100));
        return state.injected === true;
      });
      expect(ran).toBe(false);
      expect((await violations()).join("\n")).toMatch(/script-src/);
    } finally {
      await page.context().close();
    }
  });
});

describe("headers of the served site", () => {
  it("every worker response carries the security headers", async () => {
    const problems: string[] = [];
    for (const [path, method] of [
      ["/", "GET"],
      ["/post/autumn-in-the-basque-mountains", "GET"],
      ["/a/b/c", "GET"],
      ["/Bad_Slug", "GET"],
      ["/", "POST"],
      ["/_app/builds/latest.json", "GET"],
      ["/rss.xml", "GET"],
      ["/sitemap.xml", "GET"],
      ["/robots.txt", "GET"],
    ] as const) {
      const res = await fetch(`${siteUrl}${path}`, {
        method,
        headers: { "User-Agent": VISITOR_UA },
      });
      await res.arrayBuffer();
      for (const problem of securityHeaderProblems(res.headers))
        problems.push(`${method} ${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("hashed assets are immutable for a year and not sniffed", async () => {
    const assets = filesUnder(join(CLIENT_DIR, "assets")).map(
      (file) => `/${relative(CLIENT_DIR, file)}`,
    );
    const scripts = assets.filter((path) => path.endsWith(".js"));
    const styles = assets.filter((path) => path.endsWith(".css"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const path of [...scripts.slice(0, 3), ...styles.slice(0, 1)]) {
      const res = await fetch(`${siteUrl}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
    }
  });
});

describe("no secret in the client build", () => {
  it("dist/client holds no Sanity token and no mention of SANITY_TOKEN", () => {
    const files = filesUnder(CLIENT_DIR);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString("latin1");
      const name = relative(CLIENT_DIR, file);
      // Sanity tokens start with "sk" followed by a long run of letters and digits.
      for (const match of text.matchAll(/sk[A-Za-z0-9]{20,}/g))
        found.push(`${name}: ${match[0].slice(0, 12)}…`);
      if (text.includes("SANITY_TOKEN")) found.push(`${name}: mentions SANITY_TOKEN`);
    }
    expect(found).toEqual([]);
  });
});

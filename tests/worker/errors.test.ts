import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app.ts";
import { isSlug } from "../../worker/routes/checks.ts";
import { BOT_UA, BROWSER_UA, fetchPage, textOf } from "./fetch-page.ts";

describe("unmatched paths (E1)", () => {
  it.each(["/a/b/c", "/post", "/post/a/b"])(
    "%s is a non-fatal 404 inside the layout",
    async (path) => {
      const res = await fetchPage(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(textOf(html, "main")).toContain(`Page not found: ${path}`);
      expect(html).toMatch(/<header[\s>]/);
      expect(html).toMatch(/<nav[\s>]/);
      expect(html).toMatch(/<footer[\s>]/);
    },
  );

  it("echoes the query string in the message", async () => {
    const res = await fetchPage("/a/b/c?x=1&y=two");
    expect(textOf(await res.text(), "main")).toContain("Page not found: /a/b/c?x=1&amp;y=two");
  });
});

describe("validity checks (V1)", () => {
  it.each([
    "/Contact",
    "/under_score",
    "/double--dash",
    "/-leading",
    "/trailing-",
    `/${"a".repeat(97)}`,
    "/post/Not-Valid",
    "/post/caf%C3%A9",
  ])("%s fails the slug check with a fatal 404", async (path) => {
    const res = await fetchPage(path);
    expect(res.status).toBe(404);
    expect(textOf(await res.text(), "main")).toContain(`Page Not Found: ${path}`);
  });

  it("lets slugs of up to 96 characters through the check", () => {
    expect(isSlug("a".repeat(96))).toBe(true);
    expect(isSlug("a".repeat(97))).toBe(false);
    expect(isSlug("a-b-c1")).toBe(true);
  });

  it("answers a well-formed slug without a document with the same fatal 404 (R1)", async () => {
    const path = `/${"a".repeat(96)}`;
    const res = await fetchPage(path);
    expect(res.status).toBe(404);
    expect(textOf(await res.text(), "main")).toContain(`Page Not Found: ${path}`);
  });
});

describe("error views (E2)", () => {
  it("shows code, status message and description, and differs for 404 and 500", async () => {
    const notFound = textOf(await (await fetchPage("/a/b/c")).text(), "main") ?? "";
    expect(notFound).toContain("404");
    expect(notFound).toContain("Page Not Found");

    const app = createApp([
      {
        name: "boom",
        path: "/boom",
        handler: () => Promise.reject(new Error("db password=hunter2")),
      },
    ]);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app.request("/boom", { headers: { "User-Agent": BROWSER_UA } }, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    const main = textOf(html, "main") ?? "";
    expect(main).toContain("500");
    expect(main).toContain("Internal Server Error");
    expect(main).not.toContain("This frame is empty");
    expect(notFound).toContain("This frame is empty");
    // E6: the exception's message and stack stay in the log.
    expect(html).not.toContain("hunter2");
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    const logged = error.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain("db password=hunter2");
    expect(logged).toContain('"path":"/boom"');
    expect(logged).toMatch(/"requestId":"[^"]+"/);
    error.mockRestore();
  });
});

describe("bots (E3)", () => {
  it("get the status and a minimal body on errors, and a log line", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const res = await fetchPage("/a/b/c?q=1", { userAgent: BOT_UA });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).toBe("404 Page Not Found");
    const logged = warn.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain("Page not found: /a/b/c?q=1");
    expect(logged).toContain('"path":"/a/b/c?q=1"');
    warn.mockRestore();
  });

  it("get normal pages", async () => {
    const res = await fetchPage("/", { userAgent: BOT_UA });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<main[\s>]/);
  });
});

describe("escaping (E4)", () => {
  it("escapes a script payload in a 404 path", async () => {
    const res = await fetchPage("/a/<script>alert(1)</script>/x");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<script>alert");
  });

  it("escapes a script payload in the query string", async () => {
    const res = await fetchPage('/a/b?q="><script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toMatch(/<img src=x/i);
  });

  it("cuts very long echoed paths", async () => {
    const res = await fetchPage(`/a/${"x".repeat(5000)}`);
    expect(res.status).toBe(404);
    const main = textOf(await res.text(), "main") ?? "";
    expect(main).toContain("…");
    expect(main.length).toBeLessThan(1000);
  });
});

describe("route table (E5)", () => {
  it("refuses a route that names an undefined middleware when the table is built", () => {
    expect(() =>
      createApp([
        { name: "x", path: "/x", middlewares: ["noindex", "nope"], handler: (c) => c.text("x") },
      ]),
    ).toThrow("Unknown route middleware: nope");
  });

  it("builds the real route table", () => {
    expect(() => createApp()).not.toThrow();
  });
});

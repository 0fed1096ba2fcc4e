import { describe, expect, it } from "vitest";
import { fetchPage, textOf } from "./fetch-page.ts";

describe("routes (SPEC §2)", () => {
  it("serves the home page with the site title and the layout", async () => {
    const res = await fetchPage("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(textOf(html, "title")).toBe("Jane Doe Photography");
    expect(html).toContain('<meta name="description" content="Capturing moments in time."/>');
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<main[\s>]/);
    expect(html).toMatch(/<footer[\s>]/);
  });

  it("serves /{slug} pages with the page title before the site title", async () => {
    const res = await fetchPage("/contact");
    expect(res.status).toBe(200);
    expect(textOf(await res.text(), "title")).toMatch(/ · Jane Doe Photography$/);
  });

  it("serves /post/{slug}", async () => {
    const res = await fetchPage("/post/autumn-in-the-basque-mountains");
    expect(res.status).toBe(200);
    expect(textOf(await res.text(), "main")).toBeTruthy();
  });

  it("serves /200 as the bare layout with an empty main", async () => {
    const res = await fetchPage("/200");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toMatch(/<main[^>]*><\/main>/);
    expect(html).toMatch(/<footer[\s>]/);
  });

  it("serves /404 as the not-found view with status 404", async () => {
    const res = await fetchPage("/404");
    expect(res.status).toBe(404);
    const main = textOf(await res.text(), "main");
    expect(main).toContain("Page Not Found");
    expect(main).toContain("Page Not Found: /404");
  });

  it("answers HEAD like GET without a body", async () => {
    const res = await fetchPage("/", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await fetchPage("/contact/");
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", "http://localhost").pathname).toBe(
      "/contact",
    );
  });

  it("rejects methods other than GET and HEAD with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await fetchPage("/contact", { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
    }
    const options = await fetchPage("/", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("layout (L2–L6)", () => {
  it("links the brand with an aria-hidden glasses icon and marks the current nav link", async () => {
    const html = await (await fetchPage("/contact")).text();
    const header = /<header[\s\S]*<\/header>/.exec(html)?.[0] ?? "";
    expect(header).toMatch(
      /<a href="\/"[^>]*><svg[^>]*aria-hidden="true"[\s\S]*?<span>Jane Doe<\/span><\/a>/,
    );
    expect(header).toMatch(/<nav[^>]*>/);
    expect(header).toMatch(/<a href="\/contact" aria-current="page"/);
    expect(header).not.toMatch(/<a href="\/portfolio" aria-current/);
  });

  it("shows the version, the year, imprint, social and mail links in the footer", async () => {
    const html = await (await fetchPage("/")).text();
    const footer = textOf(html, "footer") ?? "";
    expect(footer).toMatch(/v\d+\.\d+\.\d+/);
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} Jane Doe`);
    expect(html).toMatch(/<a href="\/imprint"/);
    expect(html).toMatch(/<a href="https:\/\/www\.instagram\.com\/"/);
    expect(html).toMatch(/<a href="mailto:jane@example\.com"/);
    expect(html).toContain('data-island="ThemeToggle"');
  });

  it("shows the slideshow toggle only on routes without a slug", async () => {
    for (const path of ["/", "/200", "/404", "/a/b/c"]) {
      expect(await (await fetchPage(path)).text(), path).toContain('data-island="SlideshowToggle"');
    }
    for (const path of ["/contact", "/post/autumn-in-the-basque-mountains", "/Not_A_Slug"]) {
      expect(await (await fetchPage(path)).text(), path).not.toContain(
        'data-island="SlideshowToggle"',
      );
    }
  });
});

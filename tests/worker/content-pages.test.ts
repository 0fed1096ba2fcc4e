import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN, POST_PATH, request, textOf } from "./harness.ts";

type Attributes = Record<string, string | null>;

/** HTMLRewriter hands out attribute values and text as written, with their entities. */
const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Every element matching `selector`, with the named attributes (workerd's own HTML parser). */
async function elements(html: string, selector: string, names: string[]): Promise<Attributes[]> {
  const found: Attributes[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        found.push(
          Object.fromEntries(
            names.map((name) => {
              const value = element.getAttribute(name);
              return [name, value === null ? null : decode(value)];
            }),
          ),
        );
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

/** The text inside every element matching `selector`. */
async function texts(html: string, selector: string): Promise<string[]> {
  const found: string[] = [];
  let current: string[] | undefined;
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        current = [];
        element.onEndTag(() => {
          found.push(
            decode((current ?? []).join(""))
              .replace(/\s+/g, " ")
              .trim(),
          );
          current = undefined;
        });
      },
      text(chunk) {
        current?.push(chunk.text);
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

async function page(path: string): Promise<string> {
  const res = await request(path);
  expect(res.status, path).toBe(200);
  return res.body;
}

const meta = async (html: string, attribute: "property" | "name", key: string) =>
  (await elements(html, `meta[${attribute}="${key}"]`, ["content"]))[0]?.content;

const jsonLd = async (html: string) =>
  (await texts(html, 'script[type="application/ld+json"]')).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );

const contentHost = new URL(env.SANITY_API_HOST ?? "").origin;

describe("home page", () => {
  it("shows the owner's intro and the latest posts, newest first", async () => {
    const html = await page("/");
    const main = decode(textOf(html, "main") ?? "");
    expect(main).toContain("Hello, I'm Jane.");
    expect(await texts(html, "main h2")).toContain("Latest posts");

    const links = await elements(html, "main article h3 a", ["href"]);
    expect(links.length).toBeGreaterThanOrEqual(3);
    const times = await elements(html, "main article time", ["datetime"]);
    expect(times).toHaveLength(links.length);
    const dates = times.map((time) => Date.parse(time.datetime ?? ""));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(main).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/); // "12 May 2026"

    // Every card links to a post that exists.
    for (const { href } of links) {
      expect(href).toMatch(/^\/post\/[a-z0-9-]+$/);
      expect((await request(href ?? "")).status, href ?? "").toBe(200);
    }
    // Cards have cover images.
    expect((await elements(html, "main article img", ["src"])).length).toBe(links.length);
  });

  it("describes the owner as a Person in JSON-LD, with a canonical URL", async () => {
    const html = await page("/?utm_source=test");
    expect((await elements(html, 'link[rel="canonical"]', ["href"]))[0]?.href).toBe(`${ORIGIN}/`);
    const [person] = await jsonLd(html);
    expect(person).toMatchObject({ "@type": "Person", name: "Jane Doe" });
    expect(await meta(html, "property", "og:type")).toBe("website");
  });
});

describe("/{slug} pages", () => {
  it("/portfolio shows at least three galleries of responsive CDN images", async () => {
    const html = await page("/portfolio");
    expect(textOf(html, "h1")).toBe("Portfolio");
    expect(textOf(html, "title")).toBe("Portfolio · Jane Doe Photography");
    const galleries = await texts(html, "main section.gallery h2");
    expect(galleries.length).toBeGreaterThanOrEqual(3);
    expect(galleries).toContain("Landscapes");

    const images = await elements(html, "main img", [
      "src",
      "srcset",
      "sizes",
      "width",
      "height",
      "alt",
      "loading",
      "style",
    ]);
    expect(images.length).toBeGreaterThanOrEqual(12);
    for (const [index, image] of images.entries()) {
      expect(image.srcset, image.src ?? "").toMatch(/ \d+w(, |$)/);
      expect(image.sizes).toBeTruthy();
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.alt).toBeTruthy();
      // The first photograph is on the first screen; the rest wait until they are near it.
      expect(image.loading).toBe(index === 0 ? "eager" : "lazy");
      const src = new URL(image.src ?? "");
      expect(src.origin).toBe(contentHost);
      expect(src.searchParams.get("auto")).toBe("format");
      for (const candidate of (image.srcset ?? "").split(", ")) {
        const url = new URL(candidate.split(" ")[0] ?? "");
        expect(url.origin).toBe(contentHost);
        expect(url.searchParams.get("auto")).toBe("format");
      }
      // On the first screen the LQIP is the placeholder until the photograph arrives; further
      // down the dominant colour is (the photograph arrives before anyone scrolls there).
      if (index === 0) expect(image.style).toContain("data:image/");
      else expect(image.style).not.toContain("data:image/");
      expect(image.style).toMatch(/background-color:#[0-9a-f]{6}/);
    }
    // Captions are figcaptions of their figures.
    expect((await texts(html, "main figure figcaption")).length).toBe(images.length);
  });

  it("/contact renders its title, description and text", async () => {
    const html = await page("/contact");
    expect(textOf(html, "h1")).toBe("Contact");
    expect(textOf(html, "title")).toBe("Contact · Jane Doe Photography");
    expect(await meta(html, "name", "description")).toBeTruthy();
    expect(await meta(html, "name", "description")).not.toBe("Capturing moments in time.");
  });

  it("/imprint renders its title and the photo credits", async () => {
    const html = await page("/imprint");
    expect(textOf(html, "h1")).toBe("Imprint");
    expect(await texts(html, "main h2")).toContain("Photo credits");
    expect(textOf(html, "main")).toContain("Aitzol Berasategi");
  });
});

describe("posts", () => {
  const path = POST_PATH;

  it("shows its cover once, where the body begins with the same photograph", async () => {
    const html = await page(path);
    const sources = (await elements(html, "main img", ["src"])).map(
      (image) => new URL(image.src ?? "").pathname,
    );
    const [cover] = sources;
    expect(cover).toBeTruthy();
    expect(sources.filter((source) => source === cover)).toHaveLength(1);
    // The body's own photographs still follow.
    expect(sources.length).toBeGreaterThan(2);
  });

  it("renders title, date, a priority cover image, headings and the body", async () => {
    const html = await page(path);
    expect(textOf(html, "h1")).toBe("Autumn in the Basque mountains");
    expect(textOf(html, "title")).toBe("Autumn in the Basque mountains · Jane Doe Photography");
    const [time] = await elements(html, "main time", ["datetime"]);
    expect(time?.datetime).toBe("2026-02-10T09:00:00Z");
    expect(textOf(html, "time")).toBe("10 February 2026");

    const [cover, ...rest] = await elements(html, "main img", ["fetchpriority", "loading"]);
    expect(cover).toEqual({ fetchpriority: "high", loading: "eager" });
    // Only the cover jumps the queue; the photographs further down wait their turn.
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((image) => image.fetchpriority === "low" && image.loading === "lazy")).toBe(
      true,
    );

    expect(await texts(html, "main h2")).toContain("Below the ridge");
    expect(await texts(html, "main h3")).toContain("What was in the bag");
    expect(textOf(html, "blockquote")).toBeTruthy();
    expect(html).toMatch(/<li[^>]*>One body and two lenses/);
    expect(await meta(html, "name", "description")).toMatch(/^Larches on fire/);
  });

  it("opens external links in a new tab without an opener; in-site links stay plain", async () => {
    const html = await page(path);
    const links = await elements(html, "main article a", ["href", "rel", "target"]);
    const external = links.find((link) => link.href === "https://en.wikipedia.org/wiki/Aizkorri");
    expect(external?.rel).toContain("noopener");
    expect(external?.rel).toContain("noreferrer");
    expect(external?.target).toBe("_blank");
    expect(textOf(html, "main")).toContain("Aitzgorri (opens in a new tab)");
    const internal = links.find((link) => link.href === "/portfolio");
    expect(internal).toEqual({ href: "/portfolio", rel: null, target: null });
  });

  it("has article metadata: canonical, a 1200×630 social image and BlogPosting JSON-LD", async () => {
    const html = await page(path);
    expect((await elements(html, 'link[rel="canonical"]', ["href"]))[0]?.href).toBe(
      `${ORIGIN}${path}`,
    );
    expect(await meta(html, "property", "og:type")).toBe("article");
    expect(await meta(html, "property", "og:url")).toBe(`${ORIGIN}${path}`);
    expect(await meta(html, "property", "og:title")).toMatch(/^Autumn in the Basque mountains/);
    const image = await meta(html, "property", "og:image");
    expect(image).toContain("w=1200&h=630");
    expect(new URL(image ?? "").origin).toBe(contentHost);
    expect(await meta(html, "name", "twitter:card")).toBe("summary_large_image");

    const [posting] = await jsonLd(html);
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "Autumn in the Basque mountains",
      datePublished: "2026-02-10T09:00:00Z",
      dateModified: "2026-02-10T09:00:00Z",
      image: [image],
      author: { "@type": "Person", name: "Jane Doe" },
    });
  });

  it("links the posts published before and after it, newer first, in the page's language", async () => {
    const middle = await request("/post/still-life-on-rainy-days");
    const nav = /<nav aria-label="More posts"[\s\S]*?<\/nav>/.exec(middle.body)?.[0] ?? "";
    expect(nav).toContain('href="/post/two-spaniels-and-a-nuthatch" rel="next"');
    expect(nav).toContain('href="/post/the-small-world-at-our-feet" rel="prev"');
    expect(textOf(nav, "a")).toBe("Newer: Two spaniels and a nuthatch");
    // The newest post has only an older one.
    const newest = await request("/post/two-spaniels-and-a-nuthatch");
    expect(newest.body).not.toContain('rel="next"');
    expect(newest.body).toContain('href="/post/still-life-on-rainy-days" rel="prev"');
    const german = await request("/de/post/still-life-on-rainy-days");
    expect(german.body).toContain('aria-label="Weitere Beiträge"');
    expect(german.body).toContain('href="/de/post/two-spaniels-and-a-nuthatch" rel="next"');
  });

  it("gives a page its first photograph as the social image", async () => {
    const image = await meta(await page("/portfolio"), "property", "og:image");
    expect(image).toContain("w=1200&h=630");
  });
});

describe("missing documents", () => {
  it.each(["/no-such-page", "/post/no-such-post"])("%s is the fatal 404", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(textOf(res.body, "main")).toContain(`Page Not Found: ${path}`);
    expect(res.body).toContain('data-error-status="404"');
  });
});

// A page for every photograph (with camera details, neighbours and the way back), links to it
// from every gallery, post photograph and cover, an archive of every post, and a feed of the
// latest thirty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  captureLogs,
  isoFromNow,
  mutableEnv,
  mutate,
  ORIGIN,
  POST_PATH,
  request,
  textOf,
} from "./harness.ts";

const attr = (tag: string | undefined, name: string) =>
  tag ? new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] : undefined;
/** The photograph's view, which is all of the main content that comes before the site's own. */
const photoView = (html: string) => /<div data-photo-view[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
/** "Label: value" for each camera detail; a linked value (camera, lens) as its link's text. */
const details = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>(?:<a [^>]*>)?([^<]*)(?:<\/a>)?<\/dd>/g)].map(
    ([, label, value]) => `${label}: ${value}`,
  );

describe("a page for every photograph", () => {
  it("links every gallery photograph to its own page, from a figure that is its anchor", async () => {
    const { body } = await request("/portfolio");
    const links = [
      ...body.matchAll(/<figure id="photo-([^"]+)"[^>]*><a href="([^"]+)" data-photo=""/g),
    ];
    expect(links.length).toBeGreaterThanOrEqual(20);
    for (const [, key, href] of links) expect(href).toBe(`/portfolio/photo/${key}`);
  });

  it("links a post's cover and its photographs to theirs", async () => {
    const { body } = await request(POST_PATH);
    expect(body).toContain(`<a href="${POST_PATH}/photo/cover" data-photo=""`);
    expect(body).toMatch(new RegExp(`<a href="${POST_PATH}/photo/[A-Za-z0-9_-]+" data-photo=""`));
  });

  it("shows the photograph large, with caption, description, credit, neighbours and the way back", async () => {
    const res = await request("/portfolio/photo/b2i6");
    expect(res.status).toBe(200);
    const view = photoView(res.body);
    const image = /<img data-photo-image[^>]*>/.exec(view)?.[0];
    const srcset = attr(image, "srcSet") ?? "";
    // Every width up to the original's, never more: the storm photograph is 1920 px wide.
    expect(srcset).toMatch(/ 1920w$/);
    expect(srcset).not.toMatch(/ 2560w/);
    expect(attr(image, "width")).toBe("1920");
    expect(attr(image, "alt")).toMatch(/storm/i);
    expect(view).toContain("Photograph: ");
    expect(textOf(view, "h1")).toBeTruthy();
    expect(view).toMatch(/<a href="\/portfolio\/photo\/b2i5" rel="prev"/);
    expect(view).toMatch(/<a href="\/portfolio\/photo\/b2i7" rel="next"/);
    expect(view).toContain('href="/portfolio#photo-b2i6"');
    expect(view).toMatch(/6 of 7 · Landscapes/);
    // Nothing moves behind a photograph: no slideshow on its page.
    expect(res.body).not.toContain('class="backdrop"');
  });

  it("has its own title, canonical address and social card (the photograph itself)", async () => {
    const { body } = await request("/portfolio/photo/b2i6");
    expect(textOf(body, "title")).toMatch(/ · Portfolio · Jane Doe Photography$/);
    expect(body).toContain('<link rel="canonical" href="http://localhost/portfolio/photo/b2i6"/>');
    const card = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1] ?? "";
    expect(card).toContain("506b40b143c309918fffd2de5ce3de6913dd556c");
  });

  it("shows camera details as photographers write them, only what the photograph has", async () => {
    expect(details((await request("/portfolio/photo/b2i6")).body)).toEqual([
      "Camera: Canon EOS 400D DIGITAL",
      "Focal length: 18 mm",
      "Aperture: ƒ/3.5",
      "Shutter speed: 0.4 s",
      "ISO: ISO 100",
      "Taken: 20 April 2008",
    ]);
    // The dune's lens reported no aperture or focal length (0): those are left out.
    expect(details((await request("/portfolio/photo/b2i5")).body)).toEqual([
      "Camera: Canon EOS DIGITAL REBEL",
      "Shutter speed: 1/4000 s",
      "ISO: ISO 100",
      "Taken: 6 August 2007",
    ]);
    const without = (await request("/portfolio/photo/b2i1")).body;
    expect(details(without)).toEqual([]);
    expect(without).not.toContain("Camera details");
  });

  it("browses a post's photographs in order, the cover first", async () => {
    const cover = await request(`${POST_PATH}/photo/cover`);
    expect(cover.status).toBe(200);
    expect(photoView(cover.body)).not.toContain('rel="prev"');
    const next = /<a href="([^"]+)" rel="next"/.exec(cover.body)?.[1] ?? "";
    const second = await request(next);
    expect(second.status).toBe(200);
    expect(second.body).toContain(`href="${POST_PATH}/photo/cover" rel="prev"`);
    expect(second.body).toContain(`href="${POST_PATH}#photo-`);
  });

  it.each([
    "/portfolio/photo/nope",
    "/portfolio/photo/b9i9",
    "/no-such-page/photo/b2i1",
    "/post/no-such-post/photo/cover",
    "/portfolio/photo/has.dot",
  ])("answers %s with the not-found page", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(textOf(res.body, "h1")).toBe("Page Not Found");
  });
});

describe("a photograph's own title", () => {
  const asset = "image-090451433c05e795c42390837b994397bc195b0e-2048x1364-jpg";
  const bare = "image-b3bd2c9fa886ed6195e2f879a344ea79789d70d8-1944x1458-jpg";
  const item = (key: string, ref: string, fields: Record<string, unknown>) => ({
    _key: key,
    _type: "image",
    asset: { _type: "reference", _ref: ref },
    alt: "Larches in the mist below a limestone ridge.",
    ...fields,
  });
  let bareTitle: unknown;

  beforeAll(async () => {
    const res = await fetch(
      `${mutableEnv().SANITY_API_HOST}/v2025-02-19/data/query/production?query=${encodeURIComponent(`*[_id == "${bare}"][0].title`)}`,
    );
    bareTitle = ((await res.json()) as { result: unknown }).result;
    await mutate(
      { patch: { id: bare, unset: ["title"] } },
      {
        createOrReplace: {
          _id: "titled-photographs",
          _type: "page",
          title: "Titled",
          slug: { _type: "slug", current: "titled-photographs" },
          body: [
            {
              _key: "g",
              _type: "gallery",
              title: "Mist",
              images: [
                item("own", asset, {
                  title: "Lárices en la niebla, Aitzgorri",
                  caption: "The larches of Aitzgorri on a morning of low cloud.",
                }),
                item("media", asset, { caption: "Only a caption here." }),
                item("none", bare, { caption: "A caption and nothing else." }),
              ],
            },
          ],
        },
      },
    );
  });

  afterAll(async () => {
    await mutate(
      { patch: { id: bare, set: { title: bareTitle } } },
      { delete: { id: "titled-photographs" } },
    );
  });

  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .flatMap(([, text]) => JSON.parse(text ?? "null"))
      .find((node: { "@type"?: string }) => node?.["@type"] === "ImageObject");
  const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];

  it("heads the page with the title (h1, <title>, og:title, JSON-LD name), the caption below", async () => {
    const { body } = await request("/titled-photographs/photo/own", { env: mutableEnv() });
    const view = photoView(body);
    expect(textOf(view, "h1")).toBe("Lárices en la niebla, Aitzgorri");
    expect(view).toMatch(
      /<\/h1><p class="photo-caption">The larches of Aitzgorri on a morning of low cloud.<\/p>/,
    );
    expect(textOf(body, "title")).toMatch(/^Lárices en la niebla, Aitzgorri · Titled · /);
    expect(ogTitle(body)).toMatch(/^Lárices en la niebla, Aitzgorri/);
    expect(jsonLd(body)).toMatchObject({
      name: "Lárices en la niebla, Aitzgorri",
      caption: "The larches of Aitzgorri on a morning of low cloud.",
    });
  });

  it("takes the Media tool's title (the importer's IPTC Title) when the placement has none", async () => {
    const { body } = await request("/titled-photographs/photo/media", { env: mutableEnv() });
    expect(textOf(photoView(body), "h1")).toBe("Autumn below Aitzgorri");
    expect(photoView(body)).toContain('<p class="photo-caption">Only a caption here.</p>');
    expect(jsonLd(body)).toMatchObject({ name: "Autumn below Aitzgorri" });
  });

  it("is headed by its caption, as before, when it has no title at all", async () => {
    const { body } = await request("/titled-photographs/photo/none", { env: mutableEnv() });
    expect(textOf(photoView(body), "h1")).toBe("A caption and nothing else.");
    expect(photoView(body)).not.toContain("photo-caption");
    expect(jsonLd(body)).toMatchObject({ name: "A caption and nothing else." });
    expect(jsonLd(body)).not.toHaveProperty("caption");
  });
});

describe("the archive", () => {
  it("lists every post, newest first, grouped by year, linked from the home page and the footer", async () => {
    const home = await request("/");
    expect(home.body).toContain('href="/archive"');
    expect(/<footer[\s\S]*<\/footer>/.exec(home.body)?.[0]).toContain('href="/archive"');
    const archive = await request("/archive");
    expect(archive.status).toBe(200);
    expect(textOf(archive.body, "h1")).toBe("Archive");
    const sitemap = (await request("/sitemap.xml")).body;
    // The posts at their addresses in the site's own language (the sitemap lists each language's).
    const posts = [...sitemap.matchAll(/<loc>[^<]+\/post\/([a-z0-9-]+)<\/loc>/g)]
      .filter((match) => match[0].startsWith(`<loc>${ORIGIN}/post/`))
      .map((match) => match[1]);
    expect(posts.length).toBeGreaterThan(0);
    const listed = [
      ...archive.body.matchAll(/<a href="\/post\/([a-z0-9-]+)" class="archive-title"/g),
    ].map((match) => match[1]);
    expect(listed.sort()).toEqual([...posts].sort());
    expect(archive.body).toMatch(/<h2 id="year-\d{4}"/);
  });

  describe("with more posts than fit on a page or in the feed", () => {
    const env = mutableEnv();
    const ids = Array.from(
      { length: 60 },
      (_, index) => `post-many-${String(index).padStart(2, "0")}`,
    );

    beforeAll(async () => {
      await mutate(
        ...ids.map((id, index) => ({
          createOrReplace: {
            _id: id,
            _type: "post",
            title: `Many ${index}`,
            slug: { _type: "slug", current: id },
            excerpt: `Excerpt ${index}`,
            publishedAt: isoFromNow(-3600 - index * 60),
            mainImage: {
              _type: "image",
              asset: {
                _type: "reference",
                _ref: "image-562458e426f794464f2391b192584cf329c8b411-2048x1280-jpg",
              },
            },
          },
        })),
      );
    });
    afterAll(async () => {
      await mutate(...ids.map((id) => ({ delete: { id } })));
    });

    it("pages the archive with numbered links to every page, one address per page", async () => {
      const first = await request("/archive", { env });
      const numbered = [...first.body.matchAll(/<a href="(\/archive(?:\/page\/\d+)?)"/g)].map(
        (match) => match[1],
      );
      expect(numbered).toContain("/archive/page/2");
      const second = await request("/archive/page/2", { env });
      expect(second.status).toBe(200);
      expect(second.body).toContain('aria-current="page"');
      const everywhere = `${first.body}${second.body}`;
      for (const id of ids) expect(everywhere).toContain(`href="/post/${id}"`);
      const one = await request("/archive/page/1", { env });
      expect(one.status).toBe(301);
      expect(one.headers.get("Location")).toBe(`${ORIGIN}/archive`);
      captureLogs();
      for (const missing of ["/archive/page/3", "/archive/page/0", "/archive/page/01"]) {
        expect((await request(missing, { env })).status, missing).toBe(404);
      }
    });

    it("keeps exactly the latest 30 posts in the RSS feed, each with excerpt and cover", async () => {
      const { body } = await request("/rss.xml", { env });
      const items = [...body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? "");
      expect(items).toHaveLength(30);
      expect(items[0]).toContain("<title>Many 0</title>");
      expect(items[29]).toContain("<title>Many 29</title>");
      expect(items[0]).toContain("<description>Excerpt 0</description>");
      const cover =
        /<media:content url="([^"]+)" medium="image" width="(\d+)" height="(\d+)"\/>/.exec(
          items[0] ?? "",
        );
      // The size the feed states is the size its address serves (a reader lays it out so).
      const [, url = "", width, height] = cover ?? [];
      expect(new URL(url.replaceAll("&amp;", "&")).searchParams.get("w")).toBe(width);
      expect(Number(width)).toBeGreaterThan(Number(height));
      expect(Number(width)).toBeLessThanOrEqual(1200);
    });
  });
});

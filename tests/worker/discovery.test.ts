import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  BOT_UA,
  inOneRateWindow,
  mutableDocument,
  mutableEnv,
  mutate,
  ORIGIN,
  request,
  spendLimit,
} from "./harness.ts";

// Every photograph findable, on the demo content: 21 photographs, all placed in the portfolio
// (the posts reuse them), 4 of them with the date they were taken (2020, 2008, 2008, 2007).

/** Paths of the photo links of the grid, in order. */
const gridLinks = (html: string) => {
  const grid = /<ul class="photo-grid"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
  return [...grid.matchAll(/<a href="([^"]+)" data-photo=""/g)].map((match) => match[1]);
};
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
const tags = (res: { headers: Headers }) => (res.headers.get("Cache-Tag") ?? "").split(",").sort();

describe("/photos", () => {
  it("lists every photograph once, newest first by date taken, else its page's date", async () => {
    const res = await request("/photos");
    expect(res.status).toBe(200);
    const links = gridLinks(res.body);
    expect(links).toHaveLength(21);
    expect(new Set(links).size).toBe(21);
    // The portfolio's (created 2026-01-15) in gallery order, then by the date taken.
    expect(links.slice(0, 4)).toEqual([
      "/portfolio/photo/b2i1",
      "/portfolio/photo/b2i2",
      "/portfolio/photo/b2i3",
      "/portfolio/photo/b2i4",
    ]);
    expect(links.slice(-4)).toEqual([
      "/portfolio/photo/b5i7", // elephants, 2020
      "/portfolio/photo/b2i6", // storm front, April 2008
      "/portfolio/photo/b3i5", // leaf, January 2008
      "/portfolio/photo/b2i5", // dune grass, 2007
    ]);
    expect(h1(res.body)).toBe("Photographs");
    expect(res.body).toContain("21 photographs, newest first");
    expect(res.body).toContain('data-photo-sequence="Photographs"');
    // One slice: no page links.
    expect(res.body).not.toContain("data-photo-more");
    // The first photograph is the largest paint, and the social card, cropped to 1200×630.
    expect(res.body).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(res.body).toMatch(/<meta property="og:image" content="[^"]*w=1200&amp;h=630/);
    // Every thumbnail reserves its box.
    for (const img of res.body.match(/<li style="--r:[^"]+"[^>]*><a [^>]+><img [^>]+>/g) ?? []) {
      expect(img).toMatch(/ width="\d+" height="\d+"/);
    }
    expect(tags(res)).toEqual(
      expect.arrayContaining(["photos", "posts", "pages", "media-tags", "settings"]),
    );
  });

  it("links every tag, with its count, without the slideshow's", async () => {
    const { body } = await request("/photos");
    expect(body).toContain('<a href="/tag/landscape">Landscape');
    expect(body).toContain('<a href="/tag/still-life">Still life');
    expect(body).not.toContain("/tag/slideshow-image");
  });

  it.each([
    ["/photos/page/1", 301],
    ["/photos/page/2", 404],
    ["/photos/page/0", 404],
    ["/photos/page/02", 404],
    ["/photos/page/x", 404],
    ["/photos/page/10000", 404],
  ])("%s answers %i", async (path, status) => {
    const res = await request(path);
    expect(res.status).toBe(status);
    if (status === 301) expect(res.headers.get("Location")).toBe(`${ORIGIN}/photos`);
    if (status === 404) expect(res.body).toContain(`Page Not Found: ${path}`);
  });
});

describe("/tags and /tag/{slug}", () => {
  it("lists the tags the most used first, with a count and a cover", async () => {
    const res = await request("/tags");
    expect(res.status).toBe(200);
    const names = [...res.body.matchAll(/<a href="\/tag\/([a-z-]+)"/g)].map((match) => match[1]);
    expect(names).toEqual([
      "landscape",
      "still-life",
      "macro",
      "animals",
      "studio",
      "mountains",
      "water",
      "flowers",
    ]);
    expect(res.body).toContain("7 photographs");
    expect(res.body).not.toContain("Slideshow Image");
  });

  it("shows the photographs of a tag like /photos", async () => {
    const res = await request("/tag/landscape");
    expect(res.status).toBe(200);
    expect(h1(res.body)).toBe("Landscape");
    expect(res.body).toContain("7 photographs tagged Landscape, newest first");
    const links = gridLinks(res.body);
    expect(links).toEqual([
      "/portfolio/photo/b2i1",
      "/portfolio/photo/b2i2",
      "/portfolio/photo/b2i3",
      "/portfolio/photo/b2i4",
      "/portfolio/photo/b2i7",
      "/portfolio/photo/b2i6",
      "/portfolio/photo/b2i5",
    ]);
    expect(res.body).toContain(
      'data-photo-sequence="Landscape" data-photo-offset="0" data-photo-total="7"',
    );
    expect((await request("/tag/still-life")).body).toContain("7 photographs tagged Still life");
  });

  it.each([
    "/tag/slideshow-image",
    "/tag/no-such-tag",
    "/tag/Landscape",
    "/tag/landscape/page/2",
    "/tag/bad--slug",
  ])("%s is the fatal not-found page", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(404);
    expect(res.body).toContain(`Page Not Found: ${path}`);
  });

  it("answers a bot's unknown tag with the bare status", async () => {
    const res = await request("/tag/no-such-tag", { userAgent: BOT_UA });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("<header");
  });
});

describe("/camera/{slug} and /lens/{slug}", () => {
  it("shows what was shot on a camera, named as photographers name it", async () => {
    const res = await request("/camera/sony-dsc-rx100m4");
    expect(res.status).toBe(200);
    expect(h1(res.body)).toBe("Shot on Sony DSC-RX100M4");
    expect(gridLinks(res.body)).toEqual(["/portfolio/photo/b5i7"]);
    const canon = await request("/camera/canon-eos-400d-digital");
    expect(h1(canon.body)).toBe("Shot on Canon EOS 400D DIGITAL");
    expect(canon.body).toContain("1 photograph taken with the Canon EOS 400D DIGITAL");
  });

  it.each(["/camera/sony", "/camera/no-such-camera", "/lens/ef-24-105mm", "/camera/SONY-DSC"])(
    "%s is the fatal not-found page",
    async (path) => {
      const res = await request(path);
      expect(res.status).toBe(404);
      expect(res.body).toContain(`Page Not Found: ${path}`);
    },
  );

  it("is linked from a photograph's camera details, with its tags", async () => {
    const { body } = await request("/portfolio/photo/b2i6");
    expect(body).toContain(
      '<dd><a href="/camera/canon-eos-400d-digital">Canon EOS 400D DIGITAL</a></dd>',
    );
    expect(body).toMatch(
      /<ul class="tag-links mt-4" aria-label="Tags"><li><a href="\/tag\/landscape">Landscape<\/a><\/li><\/ul>/,
    );
  });
});

describe("/search", () => {
  it("finds photographs and documents, best first, in one server-rendered page", async () => {
    const res = await request("/search?q=mountain");
    expect(res.status).toBe(200);
    expect(h1(res.body)).toBe("Search");
    expect(res.body).toContain('value="mountain"');
    expect(gridLinks(res.body)).toHaveLength(3);
    const documents = [...res.body.matchAll(/<li><a href="([^"]+)" class="archive-title/g)].map(
      (match) => match[1],
    );
    // The post with it in its title first.
    expect(documents[0]).toBe("/post/autumn-in-the-basque-mountains");
    expect(res.body).toContain("<title>Search: mountain · Jane Doe Photography</title>");
    expect(tags(res)).toEqual(expect.arrayContaining(["search", "photos"]));
  });

  it("is kept out of search engines' results, whatever was searched for", async () => {
    // Anyone could otherwise put words of their choosing in a title indexed under the site.
    for (const path of ["/search?q=cheap+prints+elsewhere", "/search", "/de/search?q=berg"])
      expect((await request(path)).headers.get("X-Robots-Tag"), path).toBe("noindex");
  });

  it("matches every word, each as the start of a word, in titles, captions, tags and cameras", async () => {
    expect(gridLinks((await request("/search?q=still%20lif")).body).length).toBeGreaterThan(0);
    const canon = await request("/search?q=canon");
    expect(gridLinks(canon.body)).toHaveLength(3);
    const both = await request("/search?q=larches+ridge");
    expect(gridLinks(both.body)).toEqual(["/portfolio/photo/b2i1"]);
  });

  it("finds a published photograph though more images the pages never show match better", async () => {
    // The Media library holds more than a search's photographs (slideshow images, imports not
    // placed yet, photographs of drafts), some ranked above the published one.
    const unplaced = Array.from({ length: 61 }, (_, n) => ({
      _id: `image-0000${String(n).padStart(2, "0")}-2048x1364-jpg`,
      _type: "sanity.imageAsset",
      url: `https://cdn.sanity.io/images/demo/production/0000${n}-2048x1364.jpg`,
      title: "Larches ridge",
      description: "Larches ridge",
      altText: "Larches ridge",
      metadata: { dimensions: { width: 2048, height: 1364 }, image: { Make: "Larches ridge" } },
    }));
    await mutate(...unplaced.map((asset) => ({ createOrReplace: asset })));
    try {
      const res = await request("/search?q=larch+ridg", { env: mutableEnv() });
      expect(gridLinks(res.body)).toEqual(["/portfolio/photo/b2i1"]);
    } finally {
      await mutate(...unplaced.map((asset) => ({ delete: { id: asset._id } })));
    }
  });

  it("finds a photograph by the alt text, title and caption it has where it is placed, in the page's language", async () => {
    const original = await mutableDocument("page-portfolio");
    type Body = { images?: Record<string, unknown>[] }[];
    const page = structuredClone(original) as {
      body: Body;
      bodyTranslations: { language: string; value: Body }[];
    };
    const b2i1 = (body: Body | undefined) => {
      const placed = body?.flatMap((block) => block.images ?? []).find((i) => i._key === "b2i1");
      if (!placed) throw new Error("no photograph b2i1 in the portfolio");
      return placed;
    };
    // Typed in the Studio where the photograph is placed (the German body holds its own copy);
    // the Media library's asset says nothing of it.
    b2i1(page.body).alt = "A kingfisher on a reed";
    const german = page.bodyTranslations.find((each) => each.language === "de")?.value;
    b2i1(german).captionTranslations = [
      { _key: "de", _type: "internationalizedArrayStringValue", language: "de", value: "Eisvogel" },
    ];
    await mutate({ createOrReplace: page });
    try {
      const english = await request("/search?q=kingfisher", { env: mutableEnv() });
      expect(gridLinks(english.body)).toEqual(["/portfolio/photo/b2i1"]);
      const inGerman = await request("/de/search?q=eisvogel", { env: mutableEnv() });
      expect(gridLinks(inGerman.body)).toEqual(["/de/portfolio/photo/b2i1"]);
    } finally {
      await mutate({ createOrReplace: original });
    }
  });

  it("says how many photographs it found when it shows only the first of them", async () => {
    const assets = Array.from({ length: 50 }, (_, n) => ({
      _id: `image-0001${String(n).padStart(2, "0")}-2048x1364-jpg`,
      _type: "sanity.imageAsset",
      url: `https://cdn.sanity.io/images/demo/production/0001${n}-2048x1364.jpg`,
      title: `Quokka ${n}`,
      metadata: { dimensions: { width: 2048, height: 1364, aspectRatio: 1.5 } },
    }));
    const page = {
      _id: "page-quokkas",
      _type: "page",
      title: "Quokkas",
      slug: { _type: "slug", current: "quokkas" },
      body: [
        {
          _type: "gallery",
          _key: "g1",
          images: assets.map((asset, n) => ({
            _type: "image",
            _key: `q${n}`,
            alt: "A quokka",
            asset: { _type: "reference", _ref: asset._id },
          })),
        },
      ],
    };
    await mutate(...assets.map((asset) => ({ createOrReplace: asset })), { createOrReplace: page });
    try {
      const res = await request("/search?q=quokka", { env: mutableEnv() });
      expect(gridLinks(res.body)).toHaveLength(48);
      const message = /<p [^>]*data-search-message="">([\s\S]*?)<\/p>/.exec(res.body)?.[1] ?? "";
      expect(message.replace(/<!-- -->/g, "")).toContain("50 photographs and");
      expect(message).toContain("The first 48 are shown: add a word to narrow the search.");
    } finally {
      await mutate(
        { delete: { id: page._id } },
        ...assets.map((asset) => ({ delete: { id: asset._id } })),
      );
    }
  });

  it("shows the form and the tags for an empty query", async () => {
    for (const path of ["/search", "/search?q=", "/search?q=%20%20", "/search?q=%3F%21"]) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toContain("Search the captions, tags, cameras and lenses");
      expect(res.body).toContain('<a href="/tag/landscape">');
    }
  });

  it("says so when nothing is found or the query is too long", async () => {
    const none = await request("/search?q=zzzqqq");
    expect(none.body).toContain("Nothing found for “zzzqqq”");
    const long = await request(`/search?q=${"a".repeat(101)}`);
    expect(long.status).toBe(200);
    expect(long.body).toContain("That search is longer than 100 characters");
    expect(long.body).not.toContain("a".repeat(101));
    expect((await request(`/search?q=${"a".repeat(100)}`)).body).toContain("Nothing found");
  });

  it("turns a visitor away for a minute past 60 searches, and only them", async () => {
    await inOneRateWindow(5_000);
    const visitor = { "CF-Connecting-IP": "198.51.100.41" };
    expect((await request("/search?q=larches", { headers: visitor })).status).toBe(200);
    // The search above was the first of the minute's 60.
    expect(await spendLimit(env.SEARCH_LIMIT, "198.51.100.41")).toBe(59);
    const refused = await request("/search?q=mountain", { headers: visitor });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(refused.headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
    expect(refused.body).toContain("Too many searches from here. Please try again in 60 seconds.");
    // What they typed stays in the box, and the tags are still there to browse; nothing found.
    expect(refused.body).toContain('value="mountain"');
    expect(refused.body).toContain('<a href="/tag/landscape">');
    expect(gridLinks(refused.body)).toEqual([]);
    // The search page itself is not a search, and another visitor searches as before.
    expect((await request("/search", { headers: visitor })).status).toBe(200);
    const other = await request("/search?q=mountain", {
      headers: { "CF-Connecting-IP": "198.51.100.42" },
    });
    expect(gridLinks(other.body)).toHaveLength(3);
  });

  it.each([
    "/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/search?q=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    "/search?q=%00%0D%0ASet-Cookie:%20x=1",
    "/search?q=*%5D%20%7C%7C%20true%20%7C%7C%20%5B",
    "/search?q=$terms",
    "/search?q=a&q=%3Cb%3E",
    "/search?q[]=x",
    `/search?q=${"%F0%9F%93%B7".repeat(40)}`,
    "/search?q=%E0%A4%A",
  ])("never reflects %s unescaped, and answers 200", async (path) => {
    const res = await request(path);
    expect(res.status).toBe(200);
    // Only as text: never an element of the page.
    expect(res.body).not.toMatch(/<script>alert|<img src=x|<b>/i);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("keeps each search apart: the query is part of what is kept", async () => {
    const a = await request("/search?q=fig");
    const b = await request("/search?q=nuthatch");
    expect(a.body).toContain('value="fig"');
    expect(b.body).toContain('value="nuthatch"');
    expect((await request("/search?q=fig")).body).toContain('value="fig"');
  });
});

describe("photo pages for search engines", () => {
  it("carry an ImageObject with creator, credit, copyright and where to license it", async () => {
    // Without the store (no Stripe keys): the licence is licensed through the contact form.
    const { env } = await import("cloudflare:workers");
    const { body } = await request("/portfolio/photo/b2i6", {
      env: { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" },
    });
    const data = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
    );
    const image = data.find((item) => item["@type"] === "ImageObject");
    expect(image).toMatchObject({
      "@context": "https://schema.org",
      url: `${ORIGIN}/portfolio/photo/b2i6`,
      creator: { "@type": "Person", name: "Sergey Nazarov" },
      creditText: "Sergey Nazarov · GPL 2.0 or later",
      copyrightNotice: "© Sergey Nazarov",
      // Without a licence page of the owner's own: the contact form about this photograph.
      acquireLicensePage: `${ORIGIN}/contact?photo=portfolio/b2i6`,
      dateCreated: "2008-04-20T19:12:06.000Z",
    });
    expect(image?.contentUrl).toMatch(/^https?:\/\/[^/]+\/images\/demo\/production\/.+\.jpg\?/);
    expect(image).not.toHaveProperty("license");
    // Its social card is the photograph cropped around its hotspot to 1200×630.
    expect(body).toMatch(/<meta property="og:image" content="[^"]*w=1200&amp;h=630&amp;fit=crop/);
  });

  it("name the licence and the licensing page the settings give", async () => {
    const { env } = await import("cloudflare:workers");
    const testEnv = {
      ...env,
      STRIPE_SECRET_KEY: "",
      SITE_LICENSE_URL: "https://creativecommons.org/licenses/by/4.0/",
      SITE_LICENSE_PAGE: "/about",
      // Its own dataset name: nothing cached for the default environment is reused.
      SANITY_DATASET: "production",
    } as Env;
    const { body } = await request("/portfolio/photo/b2i6", { env: testEnv });
    expect(body).toContain('"license":"https://creativecommons.org/licenses/by/4.0/"');
    expect(body).toContain(`"acquireLicensePage":"${ORIGIN}/about"`);
  });

  it("name the photograph's own Buy section and its licence's terms when it is for sale", async () => {
    const { body } = await request("/portfolio/photo/b2i6");
    expect(body).toContain(`"acquireLicensePage":"${ORIGIN}/portfolio/photo/b2i6#buy"`);
    expect(body).toContain(`"license":"${ORIGIN}/licensing"`);
    expect(body).toContain('"copyrightNotice":"© Sergey Nazarov"');
    expect(body).toContain('"creditText":"Sergey Nazarov · GPL 2.0 or later"');
  });
});

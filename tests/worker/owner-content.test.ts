// The owner's real Sanity content, as the Studio stores it: the settings singleton, crop and
// hotspot, scheduled posts, drafts beside published documents, the media plugin's localised
// texts, and the odd things real datasets hold (deleted assets, block types the site does not
// know). Everything is changed through Sanity's mutation API on a copy of the demo content.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  captureLogs,
  isoFromNow,
  mutableEnv,
  mutate,
  paragraph,
  request,
  textOf,
} from "./harness.ts";

/** The settings document of the demo, as the Studio would have stored it. */
let demoSettings: Record<string, unknown>;

beforeAll(async () => {
  const res = await fetch(
    `${mutableEnv().SANITY_API_HOST}/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_id == "siteSettings"][0]')}`,
  );
  demoSettings = ((await res.json()) as { result: Record<string, unknown> }).result;
});

afterAll(async () => {
  await mutate({ createOrReplace: demoSettings });
});

const headerOf = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
const footerOf = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
const navLabels = (html: string) =>
  [
    ...(/<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(
      /<a [^>]*>([^<]*)<\/a>/g,
    ),
  ].map((match) => match[1]);

describe("the site settings singleton", () => {
  it("shows its fields on every page: title, brand, footer links, navigation order, intro", async () => {
    await mutate({
      createOrReplace: {
        ...demoSettings,
        title: "Northern Light Studio",
        brand: "Northern Light",
        description: "Photographs from the far north.",
        ownerName: "Aino Virtanen",
        email: "aino@example.org",
        socialLinks: [
          {
            _key: "a",
            _type: "socialLink",
            label: "Pixelfed",
            url: "https://pixelfed.social/aino",
          },
          { _key: "b", _type: "socialLink", label: "Flickr", url: "https://www.flickr.com/aino" },
        ],
        navigation: [
          { _key: "p", _type: "navItem", label: "Work", path: "/portfolio" },
          { _key: "h", _type: "navItem", label: "Start", path: "/" },
          { _key: "i", _type: "navItem", label: "Legal", path: "/imprint" },
        ],
        intro: [paragraph("n1", "Welcome to the land of the midnight sun.")],
      },
    });
    const env = mutableEnv();
    for (const path of ["/", "/contact", "/post/autumn-in-the-basque-mountains", "/no-such-page"]) {
      const { body } = await request(path, { env });
      expect(textOf(body, "title"), path).toMatch(/Northern Light Studio$/);
      expect(headerOf(body), path).toContain("Northern Light");
      expect(navLabels(body), path).toEqual(["Work", "Start", "Legal"]);
      const footer = footerOf(body);
      expect(footer, path).toContain("Aino Virtanen");
      expect(footer, path).toContain('href="mailto:aino@example.org"');
      expect(footer, path).toContain('href="https://pixelfed.social/aino"');
      expect(footer, path).toContain('href="https://www.flickr.com/aino"');
      expect(footer, path).not.toContain("instagram.com");
    }
    const home = await request("/", { env });
    expect(home.body).toContain("Welcome to the land of the midnight sun.");
    expect(home.body).toContain('content="Photographs from the far north."');
    // Home has no photograph of its own: the default social image is the card.
    expect(home.body).toMatch(/<meta property="og:image" content="[^"]+"/);
  });

  it("falls back to the worker's vars for every field the document leaves empty", async () => {
    await mutate({
      createOrReplace: { _id: "siteSettings", _type: "siteSettings", title: "Only A Title" },
    });
    const { body } = await request("/", {
      env: mutableEnv({ SITE_BRAND: "Var Brand", SITE_OWNER: "Var Owner" }),
    });
    expect(textOf(body, "title")).toBe("Only A Title");
    expect(headerOf(body)).toContain("Var Brand");
    expect(footerOf(body)).toContain("Var Owner");
    expect(navLabels(body)).toEqual(["Home", "Contact", "Portfolio", "Photos"]);
  });

  it.each([
    ["its languages one text, not a list", { languages: "de" }],
    [
      "a menu label a number",
      { navigation: [{ _key: "n", _type: "navItem", label: 2024, path: "/" }] },
    ],
    [
      "a social link's address a number",
      { socialLinks: [{ _key: "s", _type: "socialLink", url: 5 }] },
    ],
    [
      "a title's translation a number",
      { titleTranslations: [{ _key: "de", language: "de", value: 7 }] },
    ],
  ])(
    "keeps the site up when a script wrote the settings wrong (%s): the defaults stand in",
    async (_, wrong) => {
      await mutate({ createOrReplace: { ...demoSettings, ...wrong } });
      const logs = captureLogs();
      for (const path of ["/", "/de", "/no-such-page"]) {
        const res = await request(path, { env: mutableEnv({ SITE_TITLE: "Var Title" }) });
        expect([200, 404], path).toContain(res.status);
        expect(textOf(res.body, "title"), path).toContain("Var Title");
      }
      expect(logs.messages("warn")).toContain(
        "The siteSettings document is malformed; the worker's settings stand in",
      );
    },
  );

  it("ignores a siteSettings document under any other id", async () => {
    await mutate(
      { createOrReplace: demoSettings },
      {
        createOrReplace: {
          _id: "a1b2c3d4-random-id",
          _type: "siteSettings",
          title: "Not The Singleton",
          brand: "Wrong Brand",
        },
      },
    );
    const { body } = await request("/", { env: mutableEnv() });
    expect(body).not.toContain("Not The Singleton");
    expect(body).not.toContain("Wrong Brand");
    expect(textOf(body, "title")).toBe(demoSettings.title);
    await mutate({ delete: { id: "a1b2c3d4-random-id" } });
  });

  it("drops navigation paths outside the site and social links that are not web addresses", async () => {
    await mutate({
      createOrReplace: {
        ...demoSettings,
        navigation: [
          { _key: "x", _type: "navItem", label: "Evil", path: "javascript:alert(1)" },
          { _key: "y", _type: "navItem", label: "Away", path: "//evil.example/" },
          { _key: "z", _type: "navItem", label: "Archive", path: "/portfolio" },
        ],
        socialLinks: [{ _key: "s", _type: "socialLink", label: "Bad", url: "javascript:x" }],
      },
    });
    const { body } = await request("/", { env: mutableEnv() });
    expect(navLabels(body)).toEqual(["Archive"]);
    expect(body).not.toContain("javascript:");
    expect(body).not.toContain("evil.example");
    await mutate({ createOrReplace: demoSettings });
  });
});

describe("crop and hotspot", () => {
  const COVER_POST = "/post/two-spaniels-and-a-nuthatch";

  it("crops the post's social card around the editor's hotspot, inside the editor's crop", async () => {
    const { body } = await request(COVER_POST, { env: mutableEnv() });
    const card = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1] ?? "";
    expect(card).toContain("e4a6829e555cdfd708e286ce56033ec45925cad4-1364x2048.jpg");
    // The hotspot (both dogs' faces) inside the crop; a centre crop of the whole photograph
    // would be rect=0,666,1364,716.
    expect(card).toContain("rect=0,555,1241,652");
  });

  it("crops the post's card on the home page the same way", async () => {
    const { body } = await request("/", { env: mutableEnv() });
    const card = /<article[^>]*>[\s\S]*?<\/article>/g;
    const spaniels = [...body.matchAll(card)].find((match) =>
      match[0].includes("two-spaniels-and-a-nuthatch"),
    )?.[0];
    // 3:2 around the hotspot; the centre crop would be rect=0,570,1364,909.
    expect(spaniels).toContain("rect=0,468,1241,827&amp;w=");
  });

  it("keeps the editor's crop when the cover is shown in its own shape", async () => {
    const { body } = await request(COVER_POST, { env: mutableEnv() });
    const article = /<article[\s\S]*<\/article>/.exec(body)?.[0] ?? "";
    const cover = /<img[^>]*>/.exec(article)?.[0] ?? "";
    expect(cover).toContain("rect=0,82,1241,1536");
    // The size is the cropped photograph's, so the box matches what arrives.
    expect(cover).toContain('width="1241"');
    expect(cover).toContain('height="1536"');
  });
});

describe("scheduled posts", () => {
  it("hides a post dated an hour ahead from the home page, sitemap and RSS, and 404s its URL", async () => {
    await mutate({
      createOrReplace: {
        _id: "post-next-hour",
        _type: "post",
        title: "A post for later",
        slug: { _type: "slug", current: "a-post-for-later" },
        publishedAt: isoFromNow(3600),
        body: [paragraph("p", "Not yet.")],
      },
    });
    const env = mutableEnv();
    const home = await request("/", { env });
    expect(home.body).not.toContain("A post for later");
    expect((await request("/sitemap.xml", { env })).body).not.toContain("a-post-for-later");
    expect((await request("/rss.xml", { env })).body).not.toContain("A post for later");
    const post = await request("/post/a-post-for-later", { env });
    expect(post.status).toBe(404);
    expect(textOf(post.body, "h1")).toBe("Page Not Found");
    await mutate({ delete: { id: "post-next-hour" } });
  });

  it("shows a post dated a second ahead once its time has come, without a restart", async () => {
    await mutate({
      createOrReplace: {
        _id: "post-next-second",
        _type: "post",
        title: "Just in time",
        slug: { _type: "slug", current: "just-in-time" },
        publishedAt: isoFromNow(1.5),
        body: [paragraph("p", "Now.")],
      },
    });
    const env = mutableEnv();
    expect((await request("/", { env })).body).not.toContain("Just in time");
    expect((await request("/post/just-in-time", { env })).status).toBe(404);
    await new Promise((wait) => setTimeout(wait, 1800));
    // The same environment, its results still within their fresh time: the cached home page
    // and the cached not-found answer both end when the post goes live.
    expect((await request("/", { env })).body).toContain("Just in time");
    const post = await request("/post/just-in-time", { env });
    expect(post.status).toBe(200);
    expect(textOf(post.body, "h1")).toBe("Just in time");
    await mutate({ delete: { id: "post-next-second" } });
  });
});

describe("a post's date", () => {
  afterAll(async () => {
    await mutate({ delete: { id: "post-new-year-eve" } });
  });

  it("is the day on the owner's calendar, in the post and in the archive's years", async () => {
    // 19:30 on New Year's Eve in Los Angeles is already 1 January in UTC.
    await mutate(
      { createOrReplace: { ...demoSettings, timeZone: "America/Los_Angeles" } },
      {
        createOrReplace: {
          _id: "post-new-year-eve",
          _type: "post",
          title: "Fireworks over the bay",
          slug: { _type: "slug", current: "fireworks-over-the-bay" },
          publishedAt: "2025-01-01T03:30:00Z",
          body: [paragraph("p", "Midnight was hours away.")],
        },
      },
    );
    const env = mutableEnv();
    const post = await request("/post/fireworks-over-the-bay", { env });
    expect(post.body).toMatch(
      /<time datetime="2025-01-01T03:30:00Z"[^>]*>31 December 2024<\/time>/i,
    );
    const archive = (await request("/archive", { env })).body;
    const year2024 = archive.slice(archive.indexOf('id="year-2024"'));
    expect(year2024).toContain("Fireworks over the bay");
    expect(archive).not.toContain('id="year-2025"');
    // A zone Intl does not know is UTC's calendar, as no zone at all.
    await mutate({ createOrReplace: { ...demoSettings, timeZone: "Mars/Olympus_Mons" } });
    const utc = await request("/post/fireworks-over-the-bay", { env: mutableEnv() });
    expect(utc.status).toBe(200);
    expect(utc.body).toContain(">1 January 2025</time>");
  });
});

describe("drafts beside published documents", () => {
  beforeAll(async () => {
    const post = {
      _type: "post",
      slug: { _type: "slug", current: "draft-and-published" },
      publishedAt: isoFromNow(-86400),
      excerpt: "The published excerpt.",
      body: [paragraph("p", "The published text.")],
    };
    await mutate(
      { createOrReplace: { ...post, _id: "post-draft-and-published", title: "Published title" } },
      {
        createOrReplace: {
          ...post,
          _id: "drafts.post-draft-and-published",
          title: "Secret draft title",
          excerpt: "A draft excerpt.",
          body: [paragraph("p", "Draft text nobody may see yet.")],
        },
      },
      {
        createOrReplace: {
          ...post,
          _id: "drafts.post-only-a-draft",
          title: "Unpublished draft",
          slug: { _type: "slug", current: "only-a-draft" },
        },
      },
    );
  });

  afterAll(async () => {
    await mutate(
      { delete: { id: "post-draft-and-published" } },
      { delete: { id: "drafts.post-draft-and-published" } },
      { delete: { id: "drafts.post-only-a-draft" } },
    );
  });

  it.each([
    ["no perspective setting", {}],
    ["SANITY_PERSPECTIVE=published", { SANITY_PERSPECTIVE: "published" }],
  ])("with a token and %s, visitors only ever see the published version", async (_, vars) => {
    const env = mutableEnv(vars as Partial<Env>);
    // Twice each: the second view comes from the caches, which must hold nothing drafty either.
    for (let view = 0; view < 2; view++) {
      for (const path of ["/", "/post/draft-and-published", "/rss.xml", "/sitemap.xml"]) {
        const { body } = await request(path, { env });
        expect(body, path).not.toMatch(/Secret draft title|Draft text|A draft excerpt/);
        expect(body, path).not.toMatch(/Unpublished draft|only-a-draft/);
      }
      const post = await request("/post/draft-and-published", { env });
      expect(textOf(post.body, "h1")).toBe("Published title");
      expect(post.body).toContain("The published text.");
      expect((await request("/post/only-a-draft", { env })).status).toBe(404);
    }
  });

  it.each(["drafts", "raw", "previewDrafts"])(
    "refuses SANITY_PERSPECTIVE=%s with a token rather than show drafts",
    async (perspective) => {
      const logs = captureLogs();
      const res = await request("/post/draft-and-published", {
        env: mutableEnv({ SANITY_PERSPECTIVE: perspective } as Partial<Env>),
      });
      expect(res.status).toBe(500);
      expect(res.body).not.toMatch(/Secret draft title|Published title/);
      expect(logs.text("error")).toContain("SANITY_PERSPECTIVE");
    },
  );
});

describe("real data", () => {
  const post = (id: string, fields: Record<string, unknown>) => ({
    createOrReplace: {
      _id: id,
      _type: "post",
      title: id,
      slug: { _type: "slug", current: id },
      publishedAt: isoFromNow(-60),
      ...fields,
    },
  });
  const asset = "image-562458e426f794464f2391b192584cf329c8b411-2048x1280-jpg";

  it("picks localised alt text in the site's language, then any language, then the title", async () => {
    await mutate(
      {
        patch: {
          id: asset,
          set: {
            altText: { de: "Eine Ringelblume", en: "A marigold in the sun", fr: null },
            title: { de: "Ringelblume", en: null },
            creditLine: { en: "Charles Barbin · GPL 2.0" },
          },
        },
      },
      post("localised-alt", {
        mainImage: { _type: "image", asset: { _type: "reference", _ref: asset } },
      }),
    );
    const english = await request("/post/localised-alt", { env: mutableEnv() });
    expect(english.status).toBe(200);
    expect(english.body).toContain('alt="A marigold in the sun"');
    const german = await request("/post/localised-alt", {
      env: mutableEnv({ SITE_LANGUAGE: "de" }),
    });
    expect(german.body).toContain('alt="Eine Ringelblume"');
    await mutate({ patch: { id: asset, set: { altText: { fr: "Un souci" } } } });
    const other = await request("/post/localised-alt", { env: mutableEnv() });
    expect(other.body).toContain('alt="Un souci"');
    expect(other.body).not.toContain("[object Object]");
    await mutate({ delete: { id: "localised-alt" } });
  });

  it("names a photograph's link by its title, else its caption, when it has no alt text", async () => {
    // As `npm run import` stores a Lightroom file with a title and a caption but no alt text.
    const id = "image-459f75729a7f1c6771b8b79b65db92bade8e7632-512x512-png";
    const bare = { _type: "reference", _ref: id };
    const image = (key: string, fields: Record<string, string>) => ({
      _key: key,
      _type: "image",
      asset: bare,
      ...fields,
    });
    // Nor a title in the Media tool.
    await mutate(
      { patch: { id, unset: ["title"] } },
      post("no-alt-text", {
        body: [
          image("t", { title: "Harbour lights, Getaria", caption: "The harbour at dusk." }),
          image("c", { caption: "The harbour at dawn." }),
        ],
      }),
    );
    const res = await request("/post/no-alt-text", { env: mutableEnv() });
    const link = (key: string) =>
      new RegExp(`<a href="/post/no-alt-text/photo/${key}"[^>]*>`).exec(res.body)?.[0] ?? "";
    expect(link("t")).toContain('aria-label="Harbour lights, Getaria"');
    expect(link("c")).toContain('aria-label="The harbour at dawn."');
    await mutate(
      { delete: { id: "no-alt-text" } },
      { patch: { id, set: { title: "Jane Doe's mark" } } },
    );
  });

  it("renders a post whose cover points to a deleted asset, without the cover", async () => {
    await mutate(
      post("deleted-asset", {
        mainImage: {
          _type: "image",
          alt: "Gone",
          asset: {
            _type: "reference",
            _ref: "image-0000000000000000000000000000000000000000-10x10-jpg",
          },
        },
        body: [
          paragraph("p", "The text survives."),
          {
            _key: "g",
            _type: "gallery",
            title: "Half a gallery",
            images: [
              {
                _key: "i",
                _type: "image",
                asset: {
                  _type: "reference",
                  _ref: "image-0000000000000000000000000000000000000001-10x10-jpg",
                },
              },
            ],
          },
        ],
      }),
    );
    const res = await request("/post/deleted-asset", { env: mutableEnv() });
    expect(res.status).toBe(200);
    expect(res.body).toContain("The text survives.");
    expect(res.body).not.toContain('alt="Gone"');
    await mutate({ delete: { id: "deleted-asset" } });
  });

  it("skips block types and marks the site does not know, logging each once", async () => {
    await mutate(
      post("unknown-blocks", {
        body: [
          paragraph("a", "Before the video."),
          { _key: "v", _type: "youtube", url: "https://www.youtube.com/watch?v=x" },
          {
            _key: "m",
            _type: "block",
            style: "normal",
            markDefs: [{ _key: "k", _type: "footnote", text: "A note" }],
            children: [
              { _key: "ms", _type: "span", text: "Marked words.", marks: ["k", "sparkle"] },
            ],
          },
          {
            _key: "h",
            _type: "block",
            style: "h9",
            markDefs: [],
            children: [{ _key: "hs", _type: "span", text: "Odd heading", marks: [] }],
          },
        ],
      }),
    );
    const logs = captureLogs();
    const env = mutableEnv();
    const first = await request("/post/unknown-blocks", { env });
    expect(first.status).toBe(200);
    expect(first.body).toContain("Before the video.");
    expect(first.body).toContain("Marked words.");
    expect(first.body).toContain("Odd heading");
    expect(first.body).not.toContain("youtube.com");
    await request("/post/unknown-blocks", { env: mutableEnv() });
    const skipped = logs
      .lines("warn")
      .filter((line) => line.message === "Unknown rich text element skipped")
      .map((line) => line.type);
    expect(skipped.sort()).toEqual(["footnote", "h9", "sparkle", "youtube"]);
    await mutate({ delete: { id: "unknown-blocks" } });
  });

  it("never shows a photograph's GPS location", async () => {
    await mutate(
      {
        patch: {
          id: asset,
          set: { "metadata.location": { _type: "geopoint", lat: 43.123456, lng: -2.654321 } },
        },
      },
      post("located", {
        mainImage: { _type: "image", asset: { _type: "reference", _ref: asset } },
      }),
    );
    const res = await request("/post/located", { env: mutableEnv() });
    expect(res.status).toBe(200);
    expect(res.body).not.toMatch(/43\.12|2\.65|geopoint|"lat"/);
    await mutate({ delete: { id: "located" } });
  });
});

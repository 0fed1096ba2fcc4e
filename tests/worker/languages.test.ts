// The site in each shipped language: every template, rendered in every language, says nothing in
// English (no text of the English catalogue is left in it, other than words the language
// writes the same and the owner's own content), and names its language and direction.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../shared/i18n/format.ts";
import { LANGUAGE_CODES, LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { CATALOGUES } from "../../worker/i18n/catalogues.ts";
import { holdSlot } from "./bookings.ts";
import { galleryWithPhotos, passwordHash, type Uploaded, unlock } from "./galleries.ts";
import {
  faultEnv,
  isoFromNow,
  mutableDocument,
  mutableEnv,
  mutate,
  ORIGIN,
  POST_PATH,
  request,
  setFault,
} from "./harness.ts";
import { Buyer, FOR_SALE, stripe } from "./store.ts";
import { TEST_TOKEN } from "./test-token.ts";

/** The fixed words of a message: its text between placeholders, in every plural form. */
const fragments = (message: Message): string[] =>
  (typeof message === "string" ? [message] : Object.values(message))
    .flatMap((text) => text.split(/\{\w+\}/))
    .map((text) => text.trim())
    .filter((text) => /\p{L}{3}/u.test(text));

const wordsOf = (language: Language) =>
  new Set(Object.values(CATALOGUES[language]).flatMap(fragments));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A page as a visitor's browser reads it: its markup with every character reference decoded. */
const decoded = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** English catalogue texts found in `html`, as whole words. */
function englishIn(html: string, suspects: readonly string[]): string[] {
  const text = decoded(html);
  return suspects.filter((words) =>
    new RegExp(`(?<![\\p{L}])${escapeRegExp(words)}(?![\\p{L}])`, "u").test(text),
  );
}

const PASSWORD = "larch-4821";

/** Every template a visitor or a client can be shown, by name: its path and how it is asked. */
interface Template {
  path: string;
  status: number;
  /** A form post (the contact form's refusal). */
  form?: Record<string, string>;
  cookie?: () => string;
  /** Rendered from the fault stand-in, failing (the 500 page). */
  failing?: boolean;
}

describe("the site in every shipped language", () => {
  let gallery: { id: string; photos: Uploaded[] };
  let galleryCookie = "";
  let order = "";
  const buyer = new Buyer();
  /** What the owner wrote (the demo dataset's words): not the site's to translate. */
  let content = "";

  beforeAll(async () => {
    gallery = await galleryWithPhotos({ password: await passwordHash(PASSWORD) });
    galleryCookie = await unlock(gallery.id, PASSWORD);
    await buyer.add(FOR_SALE, "print:fine-art-8x10");
    order = (await buyer.checkout()).order;
    const answer = await fetch(
      `${env.SANITY_API_HOST}/v2025-02-19/data/query/production?query=${encodeURIComponent("*")}`,
      { headers: { Authorization: `Bearer ${TEST_TOKEN}` } },
    );
    content = await answer.text();
  });

  const templates = (): Record<string, Template> => ({
    home: { path: "/", status: 200 },
    page: { path: "/portfolio", status: 200 },
    post: { path: POST_PATH, status: 200 },
    "photo page (for sale)": { path: "/portfolio/photo/b2i1", status: 200 },
    "photo page of a post": { path: `${POST_PATH}/photo/cover`, status: 200 },
    archive: { path: "/archive", status: 200 },
    photographs: { path: "/photos", status: 200 },
    tags: { path: "/tags", status: 200 },
    tag: { path: "/tag/landscape", status: 200 },
    camera: { path: "/camera/sony-dsc-rx100m4", status: 200 },
    search: { path: "/search", status: 200 },
    "search results": { path: "/search?q=mountain", status: 200 },
    "search without results": { path: "/search?q=zzzqqq", status: 200 },
    map: { path: "/map?tag=landscape", status: 200 },
    contact: { path: "/contact?photo=portfolio/b2i1", status: 200 },
    "contact refused": {
      path: "/contact",
      status: 422,
      form: { name: "", email: "nobody", subject: "", message: "" },
    },
    thanks: { path: "/contact/thanks", status: 200 },
    "not found": { path: "/no-such-page", status: 404 },
    "server error": { path: POST_PATH, status: 500, failing: true },
    "gallery door": { path: `/g/${gallery.id}`, status: 401 },
    gallery: { path: `/g/${gallery.id}`, status: 200, cookie: () => galleryCookie },
    "gallery photograph": {
      path: `/g/${gallery.id}/p/${gallery.photos[0]?.id}`,
      status: 200,
      cookie: () => galleryCookie,
    },
    cart: { path: "/cart", status: 200, cookie: () => buyer.cookieHeader },
    order: { path: `/order/${order}`, status: 200 },
  });

  async function render(language: Language, template: Template) {
    const headers: Record<string, string> = {};
    if (template.cookie) headers.Cookie = template.cookie();
    if (template.failing) {
      await setFault("500");
      return request(template.path, { env: faultEnv({ SITE_LANGUAGE: language }), headers });
    }
    const languageEnv = { ...env, SITE_LANGUAGE: language } as Env;
    if (!template.form) return request(template.path, { env: languageEnv, headers });
    const body = new FormData();
    for (const [name, value] of Object.entries(template.form)) body.set(name, value);
    return request(template.path, {
      env: languageEnv,
      method: "POST",
      body,
      headers: { ...headers, Origin: ORIGIN },
    });
  }

  it.each(LANGUAGE_CODES.filter((language) => language !== "en"))(
    "%s: every template names its language, and none has English words left",
    async (language) => {
      const own = wordsOf(language);
      // English words the language writes the same ("Portfolio", "ISO") and the owner's own.
      const suspects = [...wordsOf("en")].filter(
        (words) => !own.has(words) && !content.includes(words),
      );
      for (const [name, template] of Object.entries(templates())) {
        const res = await render(language, template);
        expect(res.status, `${language} ${name}`).toBe(template.status);
        expect(res.body, `${language} ${name}`).toContain(
          `<html lang="${language}" dir="${LANGUAGES[language].dir}">`,
        );
        expect(englishIn(res.body, suspects), `${language} ${name}`).toEqual([]);
      }
    },
  );

  it("names English and left to right in English", async () => {
    const res = await request("/");
    expect(res.body).toContain('<html lang="en" dir="ltr">');
  });
});

describe("the site's language, from the Studio's site settings", () => {
  it("is the owner's choice there, over SITE_LANGUAGE, and SITE_LANGUAGE's without one", async () => {
    await mutate({ patch: { id: "siteSettings", set: { language: "fr" } } });
    try {
      const chosen = await request("/", { env: mutableEnv({ SITE_LANGUAGE: "de" }) });
      expect(chosen.body).toContain('<html lang="fr" dir="ltr">');
      expect(chosen.body).toContain("Derniers articles");
    } finally {
      await mutate({ patch: { id: "siteSettings", unset: ["language"] } });
    }
    const unset = await request("/", { env: mutableEnv({ SITE_LANGUAGE: "de" }) });
    expect(unset.body).toContain('<html lang="de" dir="ltr">');
  });

  it("lays an untranslated page's heading out in its own direction on a right-to-left page", async () => {
    await mutate({ patch: { id: "siteSettings", set: { languages: ["de", "ar"] } } });
    try {
      const { body } = await request("/ar/portfolio", { env: mutableEnv() });
      expect(body).toContain('<html lang="ar" dir="rtl">');
      // The English title and its description start where the English text below them does.
      expect(body).toMatch(/<header class="mb-8" dir="ltr"><h1 lang="en" dir="ltr"/);
      // So are the menu's English labels.
      const menu = [...body.matchAll(/<li><a href="\/ar[^"]*"[^>]*>/g)]
        .map(([link]) => link)
        .filter((link) => !link.includes("hrefLang"));
      expect(menu.length).toBeGreaterThan(2);
      for (const link of menu) expect(link).toContain('lang="en" dir="ltr"');
    } finally {
      await mutate({ patch: { id: "siteSettings", set: { languages: ["de"] } } });
    }
  });
});

// The demo is in English (the site's own) and German: every page at /de/… too.

/** The page's hreflang alternates, by language. */
function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, language, href]) => [language, href],
    ),
  );
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("a further language's addresses", () => {
  const pages = [
    "/",
    "/portfolio",
    "/imprint",
    POST_PATH,
    "/post/two-spaniels-and-a-nuthatch",
    "/portfolio/photo/b2i1",
    `${POST_PATH}/photo/cover`,
    "/photos",
    "/tags",
    "/tag/landscape",
    "/archive",
    "/map",
    "/contact",
    "/search?q=mountain",
  ];

  it("name no other language for a photograph of a text written only in German", async () => {
    const portfolio = (await mutableDocument("page-portfolio")) as {
      body: { images?: { asset: unknown }[] }[];
    };
    const asset = portfolio.body.flatMap((block) => block.images ?? [])[0]?.asset;
    const placed = { _type: "image", _key: "k1", asset };
    await mutate({
      createOrReplace: {
        _id: "post-nur-deutsch",
        _type: "post",
        title: "Nur auf Deutsch",
        slug: { _type: "slug", current: "nur-deutsch" },
        publishedAt: isoFromNow(-60),
        bodyTranslations: [{ _key: "de", language: "de", value: [placed] }],
      },
    });
    try {
      const content = mutableEnv();
      const german = await request("/de/post/nur-deutsch/photo/k1", { env: content });
      expect(german.status).toBe(200);
      // Its own language only: no English page, and no x-default, to point to.
      expect(Object.keys(alternatesOf(german.body))).toEqual(["de"]);
      expect((await request("/post/nur-deutsch/photo/k1", { env: content })).status).toBe(404);
    } finally {
      await mutate({ delete: { id: "post-nur-deutsch" } });
    }
  });

  it("list each other as alternates, with x-default the site's own, on every page", async () => {
    for (const path of pages) {
      const german = path === "/" ? "/de" : `/de${path}`;
      const [en, de] = await Promise.all([request(path), request(german)]);
      expect(en.status, path).toBe(200);
      expect(de.status, german).toBe(200);
      expect(de.body, german).toContain('<html lang="de" dir="ltr">');
      const url = (p: string) => `${ORIGIN}${p.split("?")[0]}`;
      const expected = { en: url(path), de: url(german), "x-default": url(path) };
      // Each names both, and itself as its canonical address: the pairs point at each other.
      expect(alternatesOf(en.body), path).toEqual(expected);
      expect(alternatesOf(de.body), german).toEqual(expected);
      expect(canonicalOf(en.body), path).toBe(expected.en);
      expect(canonicalOf(de.body), german).toBe(expected.de);
      // Built from the same documents, so a publish purges both.
      const tags = (res: typeof en) => (res.headers.get("Cache-Tag") ?? "").split(",").sort();
      expect(tags(de), german).toEqual(tags(en));
    }
    // A search stays the same search in the other language.
    const search = await request("/de/search?q=mountain");
    expect(search.body).toContain('href="/search?q=mountain" hrefLang="en"');
    // So does a tag's map, and the contact form about a photograph.
    const map = await request("/map?tag=landscape");
    expect(map.body).toContain('href="/de/map?tag=landscape" hrefLang="de"');
    const contact = await request("/de/contact?photo=portfolio/b2i6");
    expect(contact.body).toContain('href="/contact?photo=portfolio%2Fb2i6" hrefLang="en"');
  });

  it("keep every link of a German page in German, and switch language on the same page", async () => {
    const { body } = await request("/de/portfolio");
    const links = [...body.matchAll(/<a ([^>]*)>/g)].map(([, attributes]) => attributes ?? "");
    const inSite = links
      .filter((attributes) => !attributes.includes("hrefLang="))
      .map((attributes) => /href="(\/[^"/][^"]*|\/)"/.exec(attributes)?.[1])
      .filter((href) => href !== undefined);
    expect(inSite.length).toBeGreaterThan(10);
    for (const href of inSite) expect(href).toMatch(/^\/(?:de(?:\/|$)|_app\/|g\/)/);
    const switcher = /<nav aria-label="Sprachen"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? "";
    expect(switcher).toContain('href="/portfolio" hrefLang="en" lang="en"');
    expect(switcher).toContain('href="/de/portfolio" hrefLang="de" lang="de"');
    expect(switcher).toContain('data-suggest="This page in English"');
  });

  it("show a missing translation in the site's own language, saying so", async () => {
    const untranslated = await request("/de/post/two-spaniels-and-a-nuthatch");
    expect(untranslated.body).toMatch(/<h1 lang="en"[^>]*>Two spaniels and a nuthatch<\/h1>/);
    expect(untranslated.body).toMatch(/<div lang="en" class="rich-text/);
    const translated = await request(`/de${POST_PATH}`);
    expect(translated.body).toMatch(/<h1 class="[^"]*">Herbst in den baskischen Bergen<\/h1>/);
    expect(translated.body).not.toMatch(/<div lang="en" class="rich-text/);
    // A photograph whose texts were not translated says so; one whose were does not.
    const portfolio = (await request("/de/portfolio")).body;
    expect(portfolio).toContain(">Landschaften</h2>");
    expect(portfolio).toMatch(/alt="Vorne eine leuchtend grüne Wiese[^"]*"(?! lang)/);
    expect(portfolio).toMatch(/alt="Two red-gold cocker spaniels[^"]*" lang="en"/);
    // A post's cover in the lists too: the archive's, and the home page's cards.
    for (const list of ["/de/archive", "/de"]) {
      const body = (await request(list)).body;
      expect(body, list).toMatch(/alt="Two red-gold cocker spaniels[^"]*" lang="en"/);
    }
  });

  it("mark a session type's texts and a question's choices shown in the site's own language", async () => {
    const translated = (await request("/de/book")).body;
    expect(translated).toMatch(/<h2 class="[^"]*">Porträt-Shooting<\/h2>/);
    const family = await mutableDocument("session-family-afternoon");
    const { titleTranslations: _, descriptionTranslations: __, ...untranslated } = family;
    await mutate({ createOrReplace: untranslated });
    try {
      const list = (await request("/de/book", { env: mutableEnv() })).body;
      expect(list).toMatch(/<h2 class="[^"]*" lang="en">Family afternoon<\/h2>/);
      expect(list).toMatch(/<p class="[^"]*" lang="en">[^<]+<\/p>/);
    } finally {
      await mutate({ createOrReplace: family });
    }
    // The choices the owner wrote once, in the site's language, beside a translated question.
    const { path } = await holdSlot("portrait", undefined, "/de");
    const held = (await request(path)).body;
    expect(held).toMatch(/<legend class="[^"]*">Wo möchten Sie das Shooting\? \*<\/legend>/);
    expect(held).toContain('<span lang="en">In the studio</span>');
    expect(held).toContain("<span>Ja</span>");
  });

  it("name tags and places in their language: the owner's names, else the place's country in it", async () => {
    const [tags, tag, map] = await Promise.all(
      ["/de/tags", "/de/tag/landscape", "/de/map"].map(async (path) =>
        decoded((await request(path)).body),
      ),
    );
    expect(tags).toContain(">Landschaft</span>");
    expect(tags).not.toContain(">Landscape</span>");
    expect(tag).toMatch(/<h1[^>]*>Landschaft<\/h1>/);
    // The owner's name for a region, and a town whose country the site writes in German.
    expect(map).toContain("<bdi>Aragonien, Spanien</bdi>");
    expect(map).toMatch(/<bdi>[^<,]+, Spanien<\/bdi>/);
    expect(map).not.toMatch(/<bdi>[^<]*Spain<\/bdi>/);
    // The address stays the stored name's, the same in every language.
    expect(tags).toContain('href="/de/tag/landscape"');
    const english = decoded((await request("/map")).body);
    expect(english).toContain("<bdi>Aragon, Spain</bdi>");
  });

  it("are one redirect for the site's own language and nothing for a language it is not in", async () => {
    const own = await request("/en/portfolio?tag=x");
    expect(own.status).toBe(301);
    expect(own.headers.get("Location")).toBe(`${ORIGIN}/portfolio?tag=x`);
    const slash = await request("/de/");
    expect(slash.status).toBe(301);
    expect(slash.headers.get("Location")).toBe(`${ORIGIN}/de`);
    expect((await request("/fr/portfolio")).status).toBe(404);
    for (const neutral of ["/de/robots.txt", "/de/sitemap.xml", "/de/_app/builds/latest.json"]) {
      expect((await request(neutral)).status, neutral).toBe(404);
    }
    // A page's own redirect stays in its language.
    const slice = await request("/de/archive/page/1");
    expect(slice.status).toBe(301);
    expect(slice.headers.get("Location")).toBe(`${ORIGIN}/de/archive`);
  });

  it("never follow the visitor's Accept-Language: an address is one page for everyone", async () => {
    const asked = await request("/portfolio", { headers: { "Accept-Language": "de-DE,de;q=0.9" } });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('<html lang="en" dir="ltr">');
    expect(asked.headers.get("Vary") ?? "").not.toMatch(/accept-language/i);
  });

  it("keep a German buyer in German, from the cart to Stripe and back to the order", async () => {
    const buyer = new Buyer();
    const added = await buyer.post("/de/cart/add", {
      photo: FOR_SALE,
      product: "print:fine-art-8x10",
      quantity: "1",
    });
    expect(added.headers.get("Location")).toMatch(new RegExp(`^${ORIGIN}/de/cart\\b`));
    // The Buy section's script is answered in German, its cart link to the German cart.
    const inPage = await buyer.post(
      "/de/cart/add",
      { photo: FOR_SALE, product: "print:fine-art-8x10", quantity: "2" },
      { Accept: "application/json" },
    );
    expect(JSON.parse(inPage.body)).toMatchObject({
      added: true,
      message: expect.stringMatching(/^In Ihren Warenkorb gelegt: 2 × /),
      cart: "Ihr Warenkorb enthält 3 Artikel.",
      cartPath: "/de/cart",
    });
    const answer = await buyer.post("/de/cart/checkout", {});
    const session = /\/c\/pay\/(cs_test_[A-Za-z0-9]+)/.exec(
      answer.headers.get("Location") ?? "",
    )?.[1];
    const read = await stripe().checkout.sessions.retrieve(session ?? "");
    expect(read.success_url).toMatch(
      new RegExp(`^${ORIGIN}/de/order/[\\w-]+\\?session=\\{CHECKOUT_SESSION_ID\\}$`),
    );
    expect(read.cancel_url).toBe(`${ORIGIN}/de/cart`);
  });

  it("have a feed of their own", async () => {
    const { body } = await request("/de/rss.xml");
    expect(body).toContain("<language>de</language>");
    expect(body).toContain("<title>Herbst in den baskischen Bergen</title>");
    expect(body).toContain(`<link>${ORIGIN}/de/post/autumn-in-the-basque-mountains</link>`);
    expect(body).toContain(`<atom:link href="${ORIGIN}/de/rss.xml"`);
  });
});

describe("the sitemap in several languages", () => {
  it("lists every address once per language, each with its alternates, pairwise", async () => {
    const { status, body } = await request("/sitemap.xml");
    expect(status).toBe(200);
    expect(body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:image="http:\/\/www\.google\.com\/schemas\/sitemap-image\/1\.1" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n/,
    );
    const urls = [...body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, inner]) => inner ?? "");
    expect(urls.length).toBeGreaterThan(20);
    const byLoc = new Map<string, Record<string, string>>();
    for (const url of urls) {
      // The protocol's order: loc, then lastmod; then the extensions' elements.
      expect(url).toMatch(
        /^<loc>[^<]+<\/loc>(?:<lastmod>[^<]+<\/lastmod>)?(?:<xhtml:link [^>]+\/>)+(?:<image:image><image:loc>[^<]+<\/image:loc><\/image:image>)?$/,
      );
      const loc = /<loc>([^<]+)<\/loc>/.exec(url)?.[1] ?? "";
      const links = [...url.matchAll(/<xhtml:link ([^>]+)\/>/g)].map(([, attributes]) => {
        const match =
          /^rel="alternate" hreflang="([a-z]{2}|x-default)" href="(https?:\/\/[^"]+)"$/.exec(
            attributes ?? "",
          );
        expect(match, attributes).not.toBeNull();
        return [match?.[1] ?? "", match?.[2] ?? ""] as const;
      });
      const alternates = Object.fromEntries(links);
      expect(Object.keys(alternates).sort(), loc).toEqual(["de", "en", "x-default"]);
      expect(links.length, loc).toBe(3);
      expect(Object.values(alternates), loc).toContain(loc);
      expect(byLoc.has(loc), loc).toBe(false);
      byLoc.set(loc, alternates);
    }
    // Every alternate is an address of the sitemap that names the same alternates back.
    for (const [loc, alternates] of byLoc) {
      for (const [language, href] of Object.entries(alternates)) {
        if (language === "x-default") continue;
        expect(byLoc.get(href), `${loc} → ${href}`).toEqual(alternates);
      }
      expect(alternates["x-default"], loc).toBe(alternates.en);
    }
  });
});

describe("a language whose text leaves a photograph out", () => {
  it("still shows that photograph's tag, camera and lens, place and sitemap addresses in it", async () => {
    const located = "image-090451433c05e795c42390837b994397bc195b0e-2048x1364-jpg";
    const asset = {
      ...((await mutableDocument(located)) as { metadata: Record<string, unknown> }),
      _id: "image-0badc0ffee0badc0ffee0badc0ffee0badc0ffee-2048x1364-jpg",
      opt: { media: { tags: [{ _type: "reference", _ref: "media-tag-quokka" }] } },
    };
    asset.metadata = {
      ...asset.metadata,
      image: { Make: "Quokkacam", Model: "Q1" },
      exif: { LensModel: "Quokkar 35mm" },
    };
    await mutate(
      {
        createOrReplace: {
          _id: "media-tag-quokka",
          _type: "media.tag",
          name: { current: "Quokka" },
        },
      },
      { createOrReplace: asset },
      {
        createOrReplace: {
          _id: "post-only-english",
          _type: "post",
          title: "Only in English",
          slug: { _type: "slug", current: "only-english" },
          publishedAt: isoFromNow(-60),
          body: [{ _type: "image", _key: "k1", asset: { _type: "reference", _ref: asset._id } }],
          // Translated without its photograph: its page in German still shows it.
          bodyTranslations: [
            {
              _key: "de",
              language: "de",
              value: [
                {
                  _type: "block",
                  _key: "p1",
                  children: [{ _type: "span", _key: "s1", text: "Nur Text." }],
                },
              ],
            },
          ],
        },
      },
    );
    try {
      const content = mutableEnv();
      const sitemap = (await request("/sitemap.xml", { env: content })).body;
      const groups = [
        ...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/de\/(?:tag|camera|lens)\/[^<]+)<\/loc>/g),
      ].map(([, path]) => path ?? "");
      expect(groups).toContain("/de/tag/quokka");
      expect(groups.filter((path) => /quokka/.test(path))).toHaveLength(3);
      for (const path of groups) {
        const page = await request(path, { env: content });
        expect(page.status, path).toBe(200);
      }
      expect((await request("/de/tag/quokka", { env: content })).body).toContain(
        'href="/de/post/only-english/photo/k1"',
      );
      // Where it was made, said in German as in English.
      const place = (html: string) => /<p class="photo-info-place">[\s\S]*?<\/p>/.exec(html)?.[0];
      const english = await request("/post/only-english/photo/k1", { env: content });
      const german = await request("/de/post/only-english/photo/k1", { env: content });
      expect(german.status).toBe(200);
      expect(place(english.body)).toContain('href="/map');
      expect(place(german.body)).toContain('href="/de/map');
    } finally {
      await mutate(
        { delete: { id: "post-only-english" } },
        { delete: { id: asset._id } },
        { delete: { id: "media-tag-quokka" } },
      );
    }
  });
});

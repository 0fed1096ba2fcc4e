// The site in each shipped language: every template, rendered in every language, says nothing in
// English (no text of the English catalogue is left in it, other than words the language
// writes the same and the owner's own content), and names its language and direction.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../shared/i18n/format.ts";
import { LANGUAGE_CODES, LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { CATALOGUES } from "../../worker/i18n/catalogues.ts";
import { galleryWithPhotos, passwordHash, type Uploaded, unlock } from "./galleries.ts";
import { faultEnv, mutableEnv, mutate, ORIGIN, POST_PATH, request, setFault } from "./harness.ts";
import { Buyer, FOR_SALE } from "./store.ts";
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
});

import { describe, expect, it } from "vitest";
import { ar } from "./catalogues/ar.ts";
import { de } from "./catalogues/de.ts";
import { en } from "./catalogues/en.ts";
import { es } from "./catalogues/es.ts";
import { fr } from "./catalogues/fr.ts";
import { it as italian } from "./catalogues/it.ts";
import { pt } from "./catalogues/pt.ts";
import { formatMessage, type Message } from "./format.ts";
import { LANGUAGE_CODES, LANGUAGES, type Language } from "./languages.ts";
import type { Catalogue } from "./messages.ts";

// The type system already refuses a catalogue that lacks a key or names one English has not;
// these tests hold what it cannot see: every language shipped, the same placeholders as
// English, and the plural forms each language's grammar chooses between.

const CATALOGUES: Record<Language, Catalogue> = { en, de, fr, es, it: italian, pt, ar };

const placeholders = (message: Message) =>
  new Set(
    (typeof message === "string" ? [message] : Object.values(message)).flatMap((text) =>
      [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
    ),
  );

/** The plural categories a language chooses for the counts a page shows (0 to 1,000). */
const categoriesInUse = (locale: string) => {
  const rules = new Intl.PluralRules(locale);
  return new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)));
};

/**
 * The messages a language writes exactly as English does: the same word ("Portfolio",
 * "Downloads"), or only placeholders and units. Any other message the same as English's is an
 * English text left untranslated.
 */
const SAME_AS_ENGLISH: Record<Exclude<Language, "en">, readonly string[]> = {
  de: ["site.portfolio", "viewer.details", "gallery.downloads"],
  fr: [
    "site.contact",
    "site.portfolio",
    "site.photos",
    "pagination.page",
    "search.page",
    "contact.title",
    "gallery.pixels",
    "buy.licences",
    "order.total",
  ],
  es: ["error.status", "cart.subtotal", "order.subtotal", "order.total", "booking.no"],
  it: ["site.home", "site.portfolio", "gallery.door.password", "booking.no"],
  pt: [
    "gallery.downloads",
    "gallery.pixels",
    "cart.item",
    "cart.subtotal",
    "order.subtotal",
    "order.total",
  ],
  ar: [],
};

/** Messages every language writes as English does: units, ISO, and placeholders alone. */
const UNIVERSAL = [
  "camera.iso",
  "camera.isoValue",
  "camera.seconds",
  "camera.millimetres",
  "collection.titlePage",
  "map.place",
  "gallery.webSize",
  "order.mail.line",
];

describe("the message catalogues", () => {
  it("ship every language the site offers, each with English's keys", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGE_CODES].sort());
    const keys = Object.keys(en).sort();
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      expect(Object.keys(catalogue).sort(), language).toEqual(keys);
    }
  });

  it.each(LANGUAGE_CODES.filter((language) => language !== "en"))(
    "%s leaves nothing in English",
    (language) => {
      const same = Object.entries(en)
        .filter(([key, message]) => {
          const own = CATALOGUES[language][key as keyof typeof en];
          return JSON.stringify(own) === JSON.stringify(message);
        })
        .map(([key]) => key)
        .filter((key) => !UNIVERSAL.includes(key));
      expect(same).toEqual(SAME_AS_ENGLISH[language as Exclude<Language, "en">]);
    },
  );

  it.each(LANGUAGE_CODES)("%s names English's placeholders and no other", (language) => {
    for (const [key, english] of Object.entries(en)) {
      const message = CATALOGUES[language][key as keyof typeof en];
      const own = placeholders(message);
      const expected = placeholders(english);
      // A plural form may write its count in words ("one photograph", "صورتان").
      if (typeof english !== "string") expected.add("count");
      expect(
        [...own].filter((name) => !expected.has(name)),
        `${language} ${key}`,
      ).toEqual([]);
      for (const name of expected) {
        if (name === "count") continue;
        const forms = typeof message === "string" ? [message] : Object.values(message);
        for (const form of forms)
          expect(form, `${language} ${key} {${name}}`).toContain(`{${name}}`);
      }
    }
  });

  it.each(LANGUAGE_CODES)("%s has every plural form its grammar uses", (language) => {
    const needed = categoriesInUse(LANGUAGES[language].locale);
    for (const [key, message] of Object.entries(CATALOGUES[language])) {
      if (typeof message === "string") continue;
      const missing = [...needed].filter((category) => !(category in message));
      expect(missing, `${language} ${key}`).toEqual([]);
    }
  });

  it("writes numbers and plurals as each language does", () => {
    const photographs = (language: Language, count: number) =>
      formatMessage(LANGUAGES[language].locale, CATALOGUES[language]["collection.photographs"], {
        count,
      });
    expect(photographs("en", 1)).toBe("1 photograph");
    expect(photographs("en", 1234)).toBe("1,234 photographs");
    expect(photographs("de", 1234)).toBe("1.234 Fotos");
    expect(photographs("fr", 1)).toBe("1 photo");
    expect(photographs("ar", 2)).toBe("صورتان");
    expect(photographs("ar", 5)).toBe("5 صور");
    expect(photographs("ar", 11)).toBe("11 صورة");
  });

  it("writes a time from now as each language does", () => {
    const tryAgain = (language: Language) =>
      formatMessage(LANGUAGES[language].locale, CATALOGUES[language]["gallery.door.tooMany"], {
        when: { in: 60, unit: "second" },
      });
    expect(tryAgain("en")).toBe("Too many tries. Please try again in 60 seconds.");
    expect(tryAgain("de")).toBe("Zu viele Versuche. Bitte versuchen Sie es in 60 Sekunden erneut.");
    expect(tryAgain("fr")).toBe("Trop de tentatives. Merci de réessayer dans 60 secondes.");
  });
});

import { isLanguage, LANGUAGE_CODES, type Language } from "../../shared/i18n/languages.ts";
import { publicSizeOf, type ZoomReach } from "../../shared/public-size.ts";
import { ConfigError, type SiteDefaults } from "../config/config.ts";
import {
  defaultNavigation,
  IN_SITE_PATH,
  type Link,
  licensePage,
  socialLabel,
  webHref,
} from "../config/site-defaults.ts";
import { translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { webAddress } from "../lib/web-address.ts";
import { isTimeZone } from "../lib/zoned-time.ts";
import { localizeAssets } from "./localize.ts";
import type { ContentImage, SiteSettingsDocument, TextBlock } from "./model.ts";

/** A text of the settings shown in the site's own language, for want of a translation. */
export type Fallbacks = Partial<Record<"title" | "description" | "intro", Language>>;

/**
 * The owner's site settings, shown on every page: edited in the Studio's `siteSettings`
 * document, with the worker's vars as defaults for every field the document leaves empty, its
 * texts in the page's language (`language`).
 */
export interface SiteSettings extends SiteDefaults {
  /** The site's own language: its content's original, at addresses without a prefix. */
  baseLanguage: Language;
  /** Every language the site is in, its own first; the others at `/{language}/…`. */
  languages: Language[];
  /** The header's links: the owner's, else the default ones, in the page's language. */
  navigation: (Link & { lang?: Language })[];
  /** The home page's introduction; the description stands in without one. */
  intro: TextBlock[] | null;
  /** The social card of pages without a photograph of their own. */
  socialImage: ContentImage | null;
  /** The texts shown in the site's own language, as no translation was written. */
  lang: Fallbacks;
  /** The most pixels on its long edge the public may have of a photograph (shared/public-size.ts). */
  publicSize: number;
  /** How far the zoom of a photograph that chooses nothing of its own goes. */
  zoom: ZoomReach;
  /** The owner's names of tags and places in the page's language, by the name as stored. */
  names: Readonly<Record<string, string>>;
  /** Where the owner is ("Europe/Madrid"): a post's date is the day there. UTC when unset. */
  timeZone: string;
}

// An empty field means "not set".
const orDefault = (value: string | null | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const license = <K extends "licenseUrl" | "licensePage">(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** A field's translations as the settings query reads them. */
type Translations<T> = { language?: string | null; value?: T | null }[] | null | undefined;

const isWritten = (value: unknown) =>
  typeof value === "string" ? value.trim() !== "" : Array.isArray(value) && value.length > 0;

/**
 * A text in `language`, else the field's own (the site's language): the text and, when it is
 * the site's own on a page in another language, that language.
 */
function pick<T>(
  own: T | null | undefined,
  translations: Translations<T>,
  language: Language,
  base: Language,
): { value: T | null | undefined; lang?: Language } {
  const translated = translations?.find((item) => item.language === language)?.value;
  if (language !== base && isWritten(translated)) return { value: translated };
  return language === base || !isWritten(own) ? { value: own } : { value: own, lang: base };
}

/**
 * The languages of the site: its own (the Studio's choice, else the worker's setting) and the
 * further ones the owner turned on, in the order the site lists them.
 */
export function siteLanguages(
  fallback: SiteDefaults,
  doc: SiteSettingsDocument | null,
): { base: Language; languages: Language[] } {
  const base = isLanguage(doc?.language) ? doc.language : fallback.language;
  const further = new Set((doc?.languages ?? []).filter(isLanguage));
  return {
    base,
    languages: [base, ...LANGUAGE_CODES.filter((code) => code !== base && further.has(code))],
  };
}

/**
 * The Studio's settings over the defaults, field by field, in `requested` (one of the site's
 * languages; its own by default). Entries that could not be shown safely (a social link that
 * is not a web address, a navigation path outside the site) are left out; an emptied list falls
 * back to the default.
 */
export function resolveSiteSettings(
  fallback: SiteDefaults,
  doc: SiteSettingsDocument | null,
  requested?: Language,
): SiteSettings {
  const { base, languages } = siteLanguages(fallback, doc);
  const language = requested && languages.includes(requested) ? requested : base;
  const defaults = () => defaultNavigation(translator(language));
  const own = {
    baseLanguage: base,
    languages,
    language,
    lang: {},
    publicSize: publicSizeOf(doc?.publicSize),
    zoom: doc?.zoom === "original" ? ("original" as const) : ("public" as const),
    timeZone: doc?.timeZone && isTimeZone(doc.timeZone) ? doc.timeZone : "UTC",
    names: Object.fromEntries(
      language === base
        ? []
        : (doc?.names ?? []).flatMap(({ name, nameTranslations }) => {
            const translated = nameTranslations?.find((item) => item.language === language)?.value;
            return name?.trim() && translated?.trim() ? [[name.trim(), translated.trim()]] : [];
          }),
    ),
  };
  if (!doc) return { ...fallback, ...own, navigation: defaults(), intro: null, socialImage: null };
  const text = <T>(value: T | null | undefined, translations: Translations<T>) =>
    pick(value, translations, language, base);
  const socialLinks = (doc.socialLinks ?? []).flatMap((link) => {
    const href = link.url?.trim();
    if (!href || !webAddress(href)) return [];
    return [{ label: link.label?.trim() || socialLabel(href), href }];
  });
  const navigation = (doc.navigation ?? []).flatMap((item) => {
    const href = item.path?.trim();
    const { value, lang } = text(item.label, item.labelTranslations);
    const label = value?.trim();
    return href && label && IN_SITE_PATH.test(href)
      ? [{ label, href, ...(lang ? { lang } : {}) }]
      : [];
  });
  const email = doc.email?.trim();
  const title = text(doc.title, doc.titleTranslations);
  const description = text(doc.description, doc.descriptionTranslations);
  const intro = text(doc.intro, doc.introTranslations);
  const fallbacks: Fallbacks = {};
  if (title.lang) fallbacks.title = title.lang;
  if (description.lang) fallbacks.description = description.lang;
  if (intro.lang) fallbacks.intro = intro.lang;
  return {
    title: orDefault(title.value, fallback.title),
    brand: orDefault(doc.brand, fallback.brand),
    description: orDefault(description.value, fallback.description),
    owner: orDefault(doc.ownerName, fallback.owner),
    email: email && EMAIL.test(email) ? email : fallback.email,
    socialLinks: socialLinks.length > 0 ? socialLinks : fallback.socialLinks,
    navigation: navigation.length > 0 ? navigation : defaults(),
    intro: intro.value?.length ? (intro.value as TextBlock[]) : null,
    // Read raw (the language is named in this very document): its asset's texts are picked now.
    socialImage: doc.socialImage?.asset
      ? (localizeAssets(doc.socialImage, language) as ContentImage)
      : null,
    ...license("licenseUrl", webHref(doc.licenseUrl) ?? fallback.licenseUrl),
    ...license("licensePage", licensePage(doc.licensePage) ?? fallback.licensePage),
    ...own,
    lang: fallbacks,
  };
}

/**
 * The `siteSettings` document (`read`, through the content cache like any content, so a change
 * there needs no deploy), or null when it cannot be read. The settings frame every page, so
 * then the defaults stand in, one warning is logged (`logFields` say where), and the page
 * still renders. A configuration error is not caught here: it is the page's own 500.
 */
export async function readSiteSettings(
  read: () => Promise<SiteSettingsDocument | null>,
  logFields: Record<string, string | undefined>,
): Promise<SiteSettingsDocument | null> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof ConfigError)) {
      log.warn("Site settings unavailable; using the worker's settings", {
        ...logFields,
        error: errorText(error),
      });
    }
    return null;
  }
}

/** The site settings in the site's own language (e-mails, the queues): read, then resolved. */
export async function loadSiteSettings(
  read: () => Promise<SiteSettingsDocument | null>,
  defaults: SiteDefaults,
  logFields: Record<string, string | undefined>,
): Promise<SiteSettings> {
  return resolveSiteSettings(defaults, await readSiteSettings(read, logFields));
}

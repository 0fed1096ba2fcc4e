import { isLanguage, type Language, languageOfTag } from "../../shared/i18n/languages.ts";
import type { Translator } from "../i18n/translator.ts";
import { webAddress } from "../lib/web-address.ts";
import { setVar, type Vars, varOrDefault } from "./vars.ts";

/** A link in the footer (a social profile) or the navigation (an in-site path). */
export interface Link {
  label: string;
  href: string;
}

/**
 * What the site says about its owner when the Studio's settings leave it empty: the worker's
 * vars, else their defaults (config/vars.ts).
 */
export interface SiteDefaults {
  title: string;
  brand: string;
  description: string;
  owner: string;
  email: string;
  socialLinks: Link[];
  /** The language of the site's texts (`<html lang>`, its words, localised alt texts). */
  language: Language;
  /** The photographs' licence, a web address (search engines read it from photo pages). */
  licenseUrl?: string;
  /** Where a photograph is licensed: an in-site path or a web address (unset: the contact page). */
  licensePage?: string;
}

/** The navigation until the owner sets one in the Studio, in the page's language. */
export const defaultNavigation = ({ t }: Translator): Link[] => [
  { label: t("site.home"), href: "/" },
  { label: t("site.contact"), href: "/contact" },
  { label: t("site.portfolio"), href: "/portfolio" },
  { label: t("site.photos"), href: "/photos" },
];

/** "instagram.com" → "Instagram": a social link without a label names the network. */
export function socialLabel(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, "");
    const name = host.split(".").at(-2) ?? host;
    return name.charAt(0).toUpperCase() + name.slice(1);
  } catch {
    return "Social";
  }
}

/** A web address (http or https) as text, else undefined. */
export const webHref = (value: string | null | undefined): string | undefined =>
  webAddress(value)?.href;

/**
 * An in-site path such as "/", "/contact", "/post/a-walk" or "/rss.xml": never another site or a
 * script. The Studio's rule for the paths it takes (its isInternalPath; studio-schema.test.ts
 * keeps the two in step): each segment begins with a letter or a digit.
 */
export const IN_SITE_PATH = /^\/(?:[a-z0-9][a-z0-9._~-]*(?:\/[a-z0-9][a-z0-9._~-]*)*)?$/;

/** Where photographs are licensed: an in-site path or a web address, else undefined. */
export const licensePage = (value: string | null | undefined): string | undefined => {
  const text = value?.trim();
  return text && IN_SITE_PATH.test(text) ? text : webHref(text);
};

const optional = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/**
 * The language of the site's texts, from `SITE_LANGUAGE`: one the site has words in (a BCP 47
 * tag such as "de" or "de-CH" names German), else the default's.
 */
export function siteLanguage(env: Pick<Vars, "SITE_LANGUAGE">): Language {
  const value = setVar(env, "SITE_LANGUAGE");
  const language = value ? languageOfTag(value) : undefined;
  const fallback = varOrDefault({}, "SITE_LANGUAGE");
  return language ?? (isLanguage(fallback) ? fallback : "en");
}

/** The site's defaults from the worker's vars. */
export function siteDefaults(env: Vars): SiteDefaults {
  const socialUrl = varOrDefault(env, "SITE_SOCIAL_URL");
  return {
    title: varOrDefault(env, "SITE_TITLE"),
    brand: varOrDefault(env, "SITE_BRAND"),
    description: varOrDefault(env, "SITE_DESCRIPTION"),
    owner: varOrDefault(env, "SITE_OWNER"),
    email: varOrDefault(env, "SITE_EMAIL"),
    socialLinks: [{ label: socialLabel(socialUrl), href: socialUrl }],
    language: siteLanguage(env),
    ...optional("licenseUrl", webHref(setVar(env, "SITE_LICENSE_URL"))),
    ...optional("licensePage", licensePage(setVar(env, "SITE_LICENSE_PAGE"))),
  };
}

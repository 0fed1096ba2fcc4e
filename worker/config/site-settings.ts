import type { ContentImage, SiteSettingsDocument, TextBlock } from "../content/model.ts";

/** A link in the footer (a social profile) or the navigation (an in-site path). */
export interface Link {
  label: string;
  href: string;
}

/**
 * The owner's site settings, shown on every page: edited in the Studio's `siteSettings`
 * document, with the worker's vars as defaults for every field the document leaves empty.
 */
export interface SiteSettings {
  title: string;
  brand: string;
  description: string;
  owner: string;
  email: string;
  socialLinks: Link[];
  navigation: Link[];
  /** The home page's introduction; the description stands in without one. */
  intro: TextBlock[] | null;
  /** The social card of pages without a photograph of their own. */
  socialImage: ContentImage | null;
  /** The language of the site's texts (`<html lang>`, localised alt texts). */
  language: string;
}

const DEFAULT_NAVIGATION: Link[] = [
  { label: "Home", href: "/" },
  { label: "Contact", href: "/contact" },
  { label: "Portfolio", href: "/portfolio" },
];

const defaults = {
  title: "Jane Doe Photography",
  brand: "Jane Doe",
  description: "Capturing moments in time.",
  owner: "Jane Doe",
  email: "jane@example.com",
  socialUrl: "https://www.instagram.com/",
  language: "en",
};

// An empty var means "not set", so wrangler.toml can list every setting.
const orDefault = (value: string | null | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

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

/** The language of the site's texts, from `SITE_LANGUAGE` (a BCP 47 tag such as "en" or "de-CH"). */
export function siteLanguage(env: { SITE_LANGUAGE?: string }): string {
  const value = env.SITE_LANGUAGE?.trim();
  return value && /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/.test(value) ? value : defaults.language;
}

/** The settings from the worker's vars, with the built-in defaults for any left empty. */
export function siteSettingsFromVars(env: Partial<Env>): SiteSettings {
  const socialUrl = orDefault(env.SITE_SOCIAL_URL, defaults.socialUrl);
  return {
    title: orDefault(env.SITE_TITLE, defaults.title),
    brand: orDefault(env.SITE_BRAND, defaults.brand),
    description: orDefault(env.SITE_DESCRIPTION, defaults.description),
    owner: orDefault(env.SITE_OWNER, defaults.owner),
    email: orDefault(env.SITE_EMAIL, defaults.email),
    socialLinks: [{ label: socialLabel(socialUrl), href: socialUrl }],
    navigation: DEFAULT_NAVIGATION,
    intro: null,
    socialImage: null,
    language: siteLanguage(env),
  };
}

const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

/** An in-site path such as "/", "/contact" or "/post/a-walk": never another site or a script. */
const IN_SITE_PATH = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * The Studio's settings over the defaults, field by field. Entries that could not be shown
 * safely (a social link that is not a web address, a navigation path outside the site) are
 * left out; an emptied list falls back to the default.
 */
export function resolveSiteSettings(
  fallback: SiteSettings,
  doc: SiteSettingsDocument | null,
): SiteSettings {
  if (!doc) return fallback;
  const socialLinks = (doc.socialLinks ?? []).flatMap((link) => {
    const href = link.url?.trim();
    if (!href || !isWebUrl(href)) return [];
    return [{ label: link.label?.trim() || socialLabel(href), href }];
  });
  const navigation = (doc.navigation ?? []).flatMap((item) => {
    const href = item.path?.trim();
    const label = item.label?.trim();
    return href && label && IN_SITE_PATH.test(href) ? [{ label, href }] : [];
  });
  const email = doc.email?.trim();
  return {
    title: orDefault(doc.title, fallback.title),
    brand: orDefault(doc.brand, fallback.brand),
    description: orDefault(doc.description, fallback.description),
    owner: orDefault(doc.ownerName, fallback.owner),
    email: email && EMAIL.test(email) ? email : fallback.email,
    socialLinks: socialLinks.length > 0 ? socialLinks : fallback.socialLinks,
    navigation: navigation.length > 0 ? navigation : fallback.navigation,
    intro: doc.intro?.length ? doc.intro : fallback.intro,
    socialImage: doc.socialImage?.asset ? doc.socialImage : fallback.socialImage,
    language: fallback.language,
  };
}

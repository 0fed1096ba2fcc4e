import { ConfigError, type SiteDefaults } from "../config/config.ts";
import {
  defaultNavigation,
  IN_SITE_PATH,
  type Link,
  licensePage,
  socialLabel,
  webHref,
} from "../config/site-defaults.ts";
import { isLanguage } from "../../shared/i18n/languages.ts";
import { translator } from "../i18n/translator.ts";
import { errorText, log } from "../lib/log.ts";
import { webAddress } from "../lib/web-address.ts";
import { localizeAssets } from "./localize.ts";
import type { ContentImage, SiteSettingsDocument, TextBlock } from "./model.ts";

/**
 * The owner's site settings, shown on every page: edited in the Studio's `siteSettings`
 * document, with the worker's vars as defaults for every field the document leaves empty.
 */
export interface SiteSettings extends SiteDefaults {
  /** The header's links: the owner's, else the default ones in the site's language. */
  navigation: Link[];
  /** The home page's introduction; the description stands in without one. */
  intro: TextBlock[] | null;
  /** The social card of pages without a photograph of their own. */
  socialImage: ContentImage | null;
}

// An empty field means "not set".
const orDefault = (value: string | null | undefined, fallback: string): string =>
  value?.trim() ? value.trim() : fallback;

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

const license = <K extends "licenseUrl" | "licensePage">(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/**
 * The Studio's settings over the defaults, field by field. Entries that could not be shown
 * safely (a social link that is not a web address, a navigation path outside the site) are
 * left out; an emptied list falls back to the default.
 */
function resolveSiteSettings(
  fallback: SiteDefaults,
  doc: SiteSettingsDocument | null,
): SiteSettings {
  // The owner's choice in the Studio, else the worker's setting.
  const language = isLanguage(doc?.language) ? doc.language : fallback.language;
  const defaults = () => defaultNavigation(translator(language));
  if (!doc) return { ...fallback, navigation: defaults(), intro: null, socialImage: null };
  const socialLinks = (doc.socialLinks ?? []).flatMap((link) => {
    const href = link.url?.trim();
    if (!href || !webAddress(href)) return [];
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
    navigation: navigation.length > 0 ? navigation : defaults(),
    intro: doc.intro?.length ? doc.intro : null,
    // Read raw (the language is in this very document): its asset's texts are picked now.
    socialImage: doc.socialImage?.asset
      ? (localizeAssets(doc.socialImage, language) as ContentImage)
      : null,
    language,
    ...license("licenseUrl", webHref(doc.licenseUrl) ?? fallback.licenseUrl),
    ...license("licensePage", licensePage(doc.licensePage) ?? fallback.licensePage),
  };
}

/**
 * The site settings for one rendering: the Studio's `siteSettings` document (`read`, through
 * the content cache like any content, so a change there needs no deploy) over the defaults.
 * The settings frame every page, so when they cannot be read the defaults stand in, one
 * warning is logged (`logFields` say where), and the page still renders. A configuration error
 * is not caught here: it is the page's own 500.
 */
export async function loadSiteSettings(
  read: () => Promise<SiteSettingsDocument | null>,
  defaults: SiteDefaults,
  logFields: Record<string, string | undefined>,
): Promise<SiteSettings> {
  try {
    return resolveSiteSettings(defaults, await read());
  } catch (error) {
    if (!(error instanceof ConfigError)) {
      log.warn("Site settings unavailable; using the worker's settings", {
        ...logFields,
        error: errorText(error),
      });
    }
    return resolveSiteSettings(defaults, null);
  }
}

/**
 * The languages the site's own words are written in (shared/i18n/catalogues/): the site's
 * language (the Studio's site settings, else `SITE_LANGUAGE`) is one of them, and so is every
 * further language the owner writes content in. Each has its name as its speakers write it
 * (the language switcher shows it), its writing direction, and the locale its dates and numbers
 * are written in.
 */
export const LANGUAGES = {
  en: { name: "English", dir: "ltr", locale: "en-GB" },
  de: { name: "Deutsch", dir: "ltr", locale: "de" },
  fr: { name: "Français", dir: "ltr", locale: "fr" },
  es: { name: "Español", dir: "ltr", locale: "es" },
  it: { name: "Italiano", dir: "ltr", locale: "it" },
  pt: { name: "Português", dir: "ltr", locale: "pt" },
  ar: { name: "العربية", dir: "rtl", locale: "ar" },
} as const satisfies Record<string, { name: string; dir: "ltr" | "rtl"; locale: string }>;

export type Language = keyof typeof LANGUAGES;

/** The shipped languages, in the order the switcher lists them. */
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && Object.hasOwn(LANGUAGES, value);

/**
 * The shipped language of a BCP 47 tag ("de-CH" → "de", "pt-BR" → "pt"), or undefined when the
 * site has no words in it.
 */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

import { formatCountry } from "../../shared/i18n/format.ts";

/** Every country's English name (as `npm run import` writes it) → its ISO code. */
let countryCodes: Map<string, string> | undefined;

function codeOfCountry(english: string): string | undefined {
  if (!countryCodes) {
    countryCodes = new Map();
    const names = new Intl.DisplayNames("en", { type: "region", fallback: "none" });
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        const name = names.of(code);
        if (name) countryCodes.set(name, code);
      }
    }
  }
  return countryCodes.get(english);
}

/**
 * A tag's or a place's name in a page's language. Both are stored once: a tag as the owner
 * typed it in the Media tool, a place as `npm run import` named it, in English ("Zegama, Spain").
 * The owner's translation (`translations`, site settings → Tags and places in other languages)
 * comes first; else a name that ends in a country has its country in `locale` ("Zegama,
 * Spanien"); else the name as stored.
 */
export function localName(
  stored: string,
  translations: Readonly<Record<string, string>>,
  locale: string,
): string {
  // Its own names only: a tag called "constructor" is no translation Object has.
  const own = Object.hasOwn(translations, stored) ? translations[stored] : undefined;
  if (own) return own;
  const comma = stored.lastIndexOf(", ");
  const country = stored.slice(comma < 0 ? 0 : comma + 2);
  const code = codeOfCountry(country);
  return code
    ? stored.slice(0, stored.length - country.length) + formatCountry(locale, code)
    : stored;
}

/** `localName` for the pages of a site in one language. */
export const localNames =
  (site: { names: Readonly<Record<string, string>> }, locale: string) =>
  (stored: string): string =>
    localName(stored, site.names, locale);

/**
 * The owner's own words for an e-mail, from a Studio text field and its translations (kept
 * beside it as `{field}Translations`, one item per further language): per language, "" for the
 * field itself, which is in the site's own language. Where the owner wrote nothing for a
 * language, the e-mail says the catalogue's default in it.
 */
export type OwnerWords = Readonly<Record<string, string>>;

/** An e-mail's opening words: a paragraph or two, not a newsletter. */
const MAX_CHARS = 1000;

/** The owner's words of one field: trimmed, undefined when blank or too long. */
export const ownerText = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() && value.trim().length <= MAX_CHARS
    ? value.trim()
    : undefined;

/** The words of a field (`value`) and its `translations` as Sanity keeps them. */
export function ownerWords(value: unknown, translations: unknown): OwnerWords {
  const found: Record<string, string> = {};
  const own = ownerText(value);
  if (own) found[""] = own;
  const items: { language?: unknown; value?: unknown }[] = Array.isArray(translations)
    ? translations
    : [];
  for (const item of items) {
    const language = item?.language;
    const translated = ownerText(item?.value);
    if (typeof language === "string" && language && translated) found[language] = translated;
  }
  return found;
}

/** The words for an e-mail in `language`; undefined when the owner wrote none in it. */
export const ownerWordsIn = (
  found: OwnerWords | undefined,
  language: string,
  siteLanguage: string,
): string | undefined => found?.[language] ?? (language === siteLanguage ? found?.[""] : undefined);

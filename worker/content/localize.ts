/**
 * The media plugin keeps an asset's texts (alt text, title, credit) as one string, or, with its
 * `locales` option on, as an object with one entry per language (`{ "en": "…", "de": null }`).
 * Views want one string: the site's language, else any language that has one.
 */
export function localizedText(value: unknown, language: string): string | null {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const byLanguage = value as Record<string, unknown>;
  const own = byLanguage[language];
  if (typeof own === "string" && own.trim()) return own;
  for (const text of Object.values(byLanguage)) {
    if (typeof text === "string" && text.trim()) return text;
  }
  return null;
}

/** The asset fields the queries project that may be localised. */
const LOCALIZED_FIELDS = ["altText", "title", "creditLine"] as const;

const isAsset = (value: Record<string, unknown>) =>
  typeof value._id === "string" && value._id.startsWith("image-") && "url" in value;

/**
 * Every image asset in a query result with its texts in one language, wherever it sits
 * (a cover, a gallery, the slideshow list). Returns the same structure, with copies only
 * where something changed.
 */
export function localizeAssets(value: unknown, language: string): unknown {
  if (Array.isArray(value)) return value.map((item) => localizeAssets(item, language));
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) out[key] = localizeAssets(field, language);
  if (isAsset(record)) {
    for (const field of LOCALIZED_FIELDS) {
      if (field in record) out[field] = localizedText(record[field], language);
    }
  }
  return out;
}

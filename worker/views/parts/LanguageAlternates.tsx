import type { Language } from "../../../shared/i18n/languages.ts";

/** This page in one of the site's languages. */
export interface Alternate {
  language: Language;
  /** Its address, absolute (the canonical one: no query). */
  url: string;
}

/**
 * The `<head>`'s alternates (hreflang): this page in each language it exists in, itself
 * included, and `x-default` for visitors in none of them (the site's own language), so search
 * engines show each visitor the page in their language.
 */
export function LanguageAlternates({
  alternates,
  fallback,
}: {
  alternates: readonly Alternate[];
  /** The address for every other language: the page in the site's own, when it has one. */
  fallback?: string;
}) {
  return (
    <>
      {alternates.map(({ language, url }) => (
        <link key={language} rel="alternate" hrefLang={language} href={url} />
      ))}
      {fallback && <link rel="alternate" hrefLang="x-default" href={fallback} />}
    </>
  );
}

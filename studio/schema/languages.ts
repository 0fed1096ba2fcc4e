/**
 * The languages the site has its own words in (the site's shared/i18n/languages.ts, written
 * again because the Studio is installed on its own; tests/node/studio-schema.test.ts keeps the
 * two in step), each titled as its speakers write it.
 */
export const SITE_LANGUAGES: { value: string; title: string }[] = [
  { value: "en", title: "English" },
  { value: "de", title: "Deutsch" },
  { value: "fr", title: "Français" },
  { value: "es", title: "Español" },
  { value: "it", title: "Italiano" },
  { value: "pt", title: "Português" },
  { value: "ar", title: "العربية" },
];

/** Where the site's languages are chosen: the settings document the site reads. */
const LANGUAGES_QUERY = `*[_id == "siteSettings"][0]{ language, languages }`;

/**
 * The languages content is translated into (for sanity-plugin-internationalized-array): the
 * further languages turned on in the site settings, never the site's own (its text is in the
 * field itself). Read from the dataset each time a document opens, so turning a language on
 * needs no deploy of the Studio.
 */
export async function translationLanguages(client: {
  fetch(query: string): Promise<unknown>;
}): Promise<{ id: string; title: string }[]> {
  const settings = (await client.fetch(LANGUAGES_QUERY)) as {
    language?: string | null;
    languages?: (string | null)[] | null;
  } | null;
  const own = settings?.language ?? undefined;
  const further = new Set((settings?.languages ?? []).filter((id) => id && id !== own));
  return SITE_LANGUAGES.filter(({ value }) => further.has(value)).map(({ value, title }) => ({
    id: value,
    title,
  }));
}

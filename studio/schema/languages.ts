/**
 * The languages the site has its own words in (the site's shared/i18n/languages.ts, written
 * again because the Studio is installed on its own; tests/node/studio-schema.test.ts keeps the
 * two in step), each titled as its speakers write it.
 */
export const SITE_LANGUAGES = [
  { value: "en", title: "English" },
  { value: "de", title: "Deutsch" },
  { value: "fr", title: "Français" },
  { value: "es", title: "Español" },
  { value: "it", title: "Italiano" },
  { value: "pt", title: "Português" },
  { value: "ar", title: "العربية" },
];

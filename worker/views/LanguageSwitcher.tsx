import { LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { translator } from "../i18n/translator.ts";
import { useI18n } from "./i18n.tsx";

/** The same page in one of the site's languages, as the switcher links it. */
export interface LanguageLink {
  language: Language;
  /** Its address, with the query the page is about (a search stays the same search). */
  href: string;
}

/**
 * The site's languages, each a link to this very page in it, named as its speakers name it
 * (and marked with its language, so it is read aloud in it). Each also carries, in its own
 * language, the sentence that suggests it to a visitor whose browser prefers it
 * (client/i18n/language-suggestion.ts): the suggestion is made in the browser, so every
 * address is one page for every visitor and caches key on the address alone.
 */
export function LanguageSwitcher({ links }: { links: readonly LanguageLink[] }) {
  const { t, language: current } = useI18n();
  return (
    <nav aria-label={t("site.languages")} data-languages="" data-close={t("viewer.close")}>
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {links.map(({ language, href }) => (
          <li key={language}>
            <a
              href={href}
              hrefLang={language}
              lang={language}
              dir={LANGUAGES[language].dir}
              aria-current={language === current ? "true" : undefined}
              data-suggest={translator(language).t("site.languageSuggestion")}
              className="focus-ring rounded-full px-2 py-1 text-neutral-700 hover:bg-neutral-900/5 hover:text-neutral-950 aria-[current=true]:font-semibold aria-[current=true]:text-primary-800 dark:text-neutral-200 dark:hover:bg-white/10 dark:hover:text-white dark:aria-[current=true]:text-primary-300"
            >
              {LANGUAGES[language].name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { isLanguage, LANGUAGES } from "../../../shared/i18n/languages.ts";
import type { Translator } from "../../i18n/translator.ts";

/**
 * The attributes of a text shown in the site's own language on a page in another (its
 * translation is missing, content/queries.ts): its language, and its direction where that
 * differs from the page's, so it is read aloud and laid out as what it is. Nothing for a text
 * in the page's language.
 *
 * @example
 * ```ts
 * import { translator } from "../../i18n/translator.ts";
 * import { fallback } from "./fallback.ts";
 *
 * fallback("en", translator("ar")); // { lang: "en", dir: "ltr" }
 * fallback(null, translator("de")); // {}
 * ```
 */
export function fallback(
  // What the queries answer (`$base`, or null): TypeGen cannot know a parameter's type.
  language: unknown,
  page: Pick<Translator, "language" | "dir">,
): { lang?: string; dir?: "ltr" | "rtl" } {
  if (typeof language !== "string" || !language || language === page.language) return {};
  const dir = isLanguage(language) ? LANGUAGES[language].dir : undefined;
  return dir && dir !== page.dir ? { lang: language, dir } : { lang: language };
}
